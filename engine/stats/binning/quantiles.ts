// Median, quartiles and the IQR-based "box range" of sorted decimals (study-view.md 5.4, 5.5.4),
// as cBioPortal's DataBinHelper. simple-statistics is not used: its quantiles interpolate in
// doubles, while the reference takes medians of exact halves (Q1 excludes the median of odd n).
import { add, eq, gt, half, lt, mul, parseDec, setScale, sub, type Dec } from './decimal.js';
import type { SortedRuns } from './sorted-runs.js';

export interface Box {
  lower: Dec;
  upper: Dec;
}

/** Median of sorted[start..stop] (inclusive): middle element, or mean of the two middle ones. */
function medianOf(sorted: SortedRuns, start: number, stop: number): Dec | undefined {
  const size = stop - start + 1;
  if (size <= 0) return undefined;
  const mid = start + Math.floor(size / 2);
  return size % 2 !== 0 ? sorted.at(mid) : half(add(sorted.at(mid)!, sorted.at(mid - 1)!));
}

export const median = (sorted: SortedRuns): Dec | undefined => medianOf(sorted, 0, sorted.length - 1);

/** Median of the first ⌊n/2⌋ values. */
export const q1 = (sorted: SortedRuns): Dec | undefined => medianOf(sorted, 0, Math.floor(sorted.length / 2) - 1);

/** Median of the values after the middle (the middle element of an odd n excluded). */
export const q3 = (sorted: SortedRuns): Dec | undefined =>
  medianOf(sorted, Math.floor(sorted.length / 2) + (sorted.length % 2), sorted.length - 1);

/**
 * IQR approximation: S[⌊n/4⌋], S[⌊3n/4⌋]; while both equal the maximum, retry without the maximum,
 * falling back to this level's pair when the retry finds no spread.
 */
export function iqrApproximation(sorted: SortedRuns): [Dec, Dec] | undefined {
  if (sorted.length === 0) return undefined;
  const lo = sorted.at(Math.floor(sorted.length * 0.25))!;
  const hi = sorted.at(Math.floor(sorted.length * 0.75))!;
  const top = sorted.last()!;
  if (eq(lo, hi) && eq(top, hi)) {
    const inner = iqrApproximation(sorted.filter((d) => lt(d, top)));
    if (inner !== undefined && lt(inner[0], inner[1])) return inner;
  }
  return [lo, hi];
}

const ONE_AND_HALF = parseDec('1.5');
const MILLI = parseDec('0.001');
const ONE = parseDec('1');

/** Box range: [q1 - 1.5 iqr, q3 + 1.5 iqr] (rounded by magnitude), clamped to [min, max] of the data. */
export function boxRange(sorted: SortedRuns): Box | undefined {
  const iqr = iqrApproximation(sorted);
  if (iqr === undefined) return undefined;
  const [lo, hi] = iqr;
  const spread = mul(sub(hi, lo), ONE_AND_HALF);
  const below = sub(lo, spread);
  const above = add(hi, spread);
  const first = sorted.at(0)!;
  const last = sorted.last()!;
  let lower: Dec;
  let upper: Dec;
  if (eq(first, last)) {
    lower = upper = first;
  } else if (!lt(hi, MILLI) && lt(hi, ONE)) {
    lower = setScale(below, 3, 'HALF_UP');
    upper = setScale(above, 3, 'HALF_UP');
  } else if (lt(hi, MILLI)) {
    lower = below;
    upper = above;
  } else {
    lower = setScale(below, 1, 'FLOOR');
    upper = setScale(above, 1, 'CEILING');
  }
  return { lower: gt(first, lower) ? first : lower, upper: gt(upper, last) ? last : upper };
}
