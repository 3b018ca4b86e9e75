// Numbers with multiplicities. A cohort of 272,000 samples has a few hundred distinct values per
// attribute: the binner works on each distinct value once, with the number of cases holding it,
// instead of a list of one value per case. Every algorithm still reads the data as that list.
import { cmp, eq, key, type Dec } from './decimal.js';

/** A value and how many cases hold it. */
export interface Counted<T> {
  value: T;
  n: number;
}

/** The tally of each list (the binner tallies one list several times). */
const tallied = new WeakMap<readonly Counted<Dec>[], readonly Counted<Dec>[]>();

/**
 * Numerically equal values (1 and 1.0) merged, the first one seen kept, in first-seen order. The
 * answer is shared: callers do not change it.
 */
export function tally(values: readonly Counted<Dec>[]): readonly Counted<Dec>[] {
  let out = tallied.get(values);
  if (out === undefined) tallied.set(values, (out = tallyList(values)));
  return out;
}

function tallyList(values: readonly Counted<Dec>[]): Counted<Dec>[] {
  const byKey = new Map<string, Counted<Dec>>();
  for (const { value, n } of values) {
    const k = key(value);
    const entry = byKey.get(k);
    if (entry) entry.n += n;
    else byKey.set(k, { value, n });
  }
  return [...byKey.values()];
}

/**
 * The list of every case's number in ascending order, as a stable sort gives it (equal values
 * written differently keep the order in which they were first seen), held as runs: run i is
 * values[i] repeated counts[i] times.
 */
export class SortedRuns {
  /** ends[i]: the cases in runs 0 … i. */
  private readonly ends: number[];

  private constructor(readonly runs: readonly Counted<Dec>[]) {
    let total = 0;
    this.ends = runs.map((r) => (total += r.n));
  }

  /** Sorts counted values (each object once, in first-seen order). */
  static of(values: readonly Counted<Dec>[]): SortedRuns {
    return new SortedRuns(values.filter((v) => v.n > 0).sort((a, b) => cmp(a.value, b.value)));
  }

  /** Sorts a list of one value per case (tests, and lists built per case). */
  static ofList(values: readonly Dec[]): SortedRuns {
    return SortedRuns.of(values.map((value) => ({ value, n: 1 })));
  }

  /** The number of cases. */
  get length(): number {
    return this.ends.length === 0 ? 0 : this.ends[this.ends.length - 1];
  }

  /** The k-th value of the list (0-based); undefined beyond it. */
  at(k: number): Dec | undefined {
    if (k < 0 || k >= this.length) return undefined;
    let lo = 0;
    let hi = this.ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ends[mid] > k) hi = mid;
      else lo = mid + 1;
    }
    return this.runs[lo].value;
  }

  /** The list's last value. */
  last(): Dec | undefined {
    return this.at(this.length - 1);
  }

  /** What reduce(max) over the list gives: the first of the values equal to the greatest. */
  greatest(): Dec | undefined {
    let i = this.runs.length - 1;
    while (i > 0 && eq(this.runs[i - 1].value, this.runs[i].value)) i--;
    return this.runs[i]?.value;
  }

  /** The list's values that `keep` accepts, each run tested once. */
  filter(keep: (d: Dec) => boolean): SortedRuns {
    return new SortedRuns(this.runs.filter((r) => keep(r.value)));
  }

  /** How many of the list's values `test` accepts, each run tested once. */
  count(test: (d: Dec) => boolean): number {
    return this.runs.reduce((n, r) => (test(r.value) ? n + r.n : n), 0);
  }

  /** The distinct values ascending, the first of equal ones (1 and 1.0 are one value). */
  distinct(): Dec[] {
    const out: Dec[] = [];
    for (const { value } of this.runs) if (out.length === 0 || !eq(out[out.length - 1], value)) out.push(value);
    return out;
  }
}
