// A small seeded PRNG (sfc32, seeded through splitmix32) and the draws the demo generator needs.
// Same seed, same numbers: 32-bit integer arithmetic plus V8's fdlibm-based Math.log/exp/cos.

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** One independent stream per (seed, name): the generator gives each output file its own. */
  constructor(seed: number, stream = '') {
    let s = (seed ^ hashString(stream)) >>> 0;
    const next = () => (s = splitmix32(s));
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [min, max]. */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** Standard normal (Box-Muller, one value per call). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Poisson draw (Knuth; fine for the small means used here). */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    for (let p = this.next(); p > limit; p *= this.next()) k++;
    return k;
  }
}

/** Weighted choice among indices 0..n-1 by cumulative sums and binary search. */
export class WeightedTable {
  private readonly cumulative: Float64Array;

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => (this.cumulative[i] = sum += w));
  }

  get size(): number {
    return this.cumulative.length;
  }

  pick(random: Random): number {
    const target = random.next() * this.cumulative[this.cumulative.length - 1];
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Weighted choice among labelled items: [[item, weight], ...]. */
export function weightedPicker<T>(entries: readonly (readonly [T, number])[]): (random: Random) => T {
  const table = new WeightedTable(entries.map(([, w]) => w));
  return (random) => entries[table.pick(random)][0];
}

function splitmix32(state: number): number {
  let z = (state + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** FNV-1a, for stream names and for stable per-variant choices (alleles of a protein change). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
