// Bins and their membership ranges (study-view.md 5.1), as cBioPortal's DataBinHelper:
// regular bins are (start, end], a bin with start = end is [v, v], the lower outlier bin
// ("<=") is (-inf, end], the upper one (">") is (start, +inf); category and NA bins have no range.
import { cmp, eq, key, type Dec } from './decimal.js';
import type { SpecialValue } from './classify.js';

export interface Bin {
  specialValue?: string;
  start?: Dec;
  end?: Dec;
  count: number;
}

export interface Range {
  lower?: Dec;
  lowerClosed: boolean;
  upper?: Dec;
  upperClosed: boolean;
}

/** The membership range of a bin; undefined for category and NA bins. */
export function rangeOf(bin: Bin): Range | undefined {
  if (bin.start === undefined && bin.end === undefined) return undefined;
  const point = bin.start !== undefined && bin.end !== undefined && eq(bin.start, bin.end);
  return {
    lower: bin.start,
    lowerClosed: point || bin.specialValue === '>=',
    upper: bin.end,
    upperClosed: point || bin.specialValue !== '<',
  };
}

export function contains(range: Range, x: Dec): boolean {
  if (range.lower !== undefined) {
    const c = cmp(x, range.lower);
    if (c < 0 || (c === 0 && !range.lowerClosed)) return false;
  }
  if (range.upper !== undefined) {
    const c = cmp(x, range.upper);
    if (c > 0 || (c === 0 && !range.upperClosed)) return false;
  }
  return true;
}

/**
 * Whether the open range of a special value (`<x` → (-inf, x), `>x` → (x, +inf), `<=`/`>=` alike)
 * lies inside the range: only an outlier-shaped range on the same side can hold it.
 */
export function encloses(range: Range, special: SpecialValue): boolean {
  if (special.op.startsWith('<'))
    return range.lower === undefined && (range.upper === undefined || cmp(special.value, range.upper) <= 0);
  return range.upper === undefined && (range.lower === undefined || cmp(range.lower, special.value) <= 0);
}

/** Regular bins between consecutive boundaries, counts zero. */
export function binsBetween(boundaries: readonly Dec[]): Bin[] {
  const bins: Bin[] = [];
  for (let i = 0; i + 1 < boundaries.length; i++) bins.push({ start: boundaries[i], end: boundaries[i + 1], count: 0 });
  return bins;
}

/** How often each Dec object occurs. */
function countObjects(values: readonly Dec[]): Map<Dec, number> {
  const counts = new Map<Dec, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * Numerically equal values, each once with its multiplicity: a cohort of 272,000 samples has a
 * few hundred distinct values per attribute, so bins are tested per distinct value.
 */
export function tally(values: readonly Dec[]): { value: Dec; n: number }[] {
  // By object first: classify() gives one Dec object per distinct string.
  const byObject = countObjects(values);
  const byKey = new Map<string, { value: Dec; n: number }>();
  for (const [value, n] of byObject) {
    const k = key(value);
    const entry = byKey.get(k);
    if (entry) entry.n += n;
    else byKey.set(k, { value, n });
  }
  return [...byKey.values()];
}

/**
 * The values in ascending order, as a stable sort gives them up to the order among equal values
 * written differently ("1" and "1.0" keep their own objects): each distinct object is sorted once
 * and then repeated, since classify() shares one object per distinct string.
 */
export function sortedValues(values: readonly Dec[]): Dec[] {
  const out: Dec[] = [];
  for (const [value, n] of [...countObjects(values)].sort((a, b) => cmp(a[0], b[0]))) for (let i = 0; i < n; i++) out.push(value);
  return out;
}

/**
 * Runs of one object in sorted values (sortedValues repeats each distinct object): `each` is
 * called once per run with the object and the run's bounds.
 */
function forEachRun(sorted: readonly Dec[], each: (value: Dec, from: number, to: number) => void): void {
  for (let i = 0; i < sorted.length;) {
    const value = sorted[i];
    let j = i + 1;
    while (j < sorted.length && sorted[j] === value) j++;
    each(value, i, j);
    i = j;
  }
}

/** sorted.filter(keep), testing each run of one object once. */
export function filterSorted(sorted: readonly Dec[], keep: (d: Dec) => boolean): Dec[] {
  const out: Dec[] = [];
  forEachRun(sorted, (value, from, to) => {
    if (keep(value)) for (let k = from; k < to; k++) out.push(value);
  });
  return out;
}

/** sorted.filter(test).length, testing each run of one object once. */
export function countSorted(sorted: readonly Dec[], test: (d: Dec) => boolean): number {
  let n = 0;
  forEachRun(sorted, (value, from, to) => {
    if (test(value)) n += to - from;
  });
  return n;
}

/** Adds each value to the first bin (ordered by start, open starts first) that contains it. */
export function countInto(bins: Bin[], values: readonly Dec[]): Bin[] {
  const ordered = bins
    .map((bin) => ({ bin, range: rangeOf(bin) }))
    .sort((a, b) => (a.bin.start === undefined ? (b.bin.start === undefined ? 0 : -1) : b.bin.start === undefined ? 1 : cmp(a.bin.start, b.bin.start)));
  for (const { value, n } of tally(values)) {
    const hit = ordered.find((o) => o.range !== undefined && contains(o.range, value));
    if (hit) hit.bin.count += n;
  }
  return bins;
}

/** Bins between the boundaries, counted over the values. */
export const countedBins = (boundaries: readonly Dec[], values: readonly Dec[]): Bin[] => countInto(binsBetween(boundaries), values);

/** Drops leading and trailing bins with count <= 0 (inner empty bins stay). */
export function trim(bins: readonly Bin[]): Bin[] {
  let first = 0;
  let last = bins.length - 1;
  while (first <= last && bins[first].count <= 0) first++;
  while (last >= first && bins[last].count <= 0) last--;
  return bins.slice(first, last + 1);
}
