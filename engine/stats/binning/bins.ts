// Bins and their membership ranges (study-view.md 5.1), as cBioPortal's DataBinHelper:
// regular bins are (start, end], a bin with start = end is [v, v], the lower outlier bin
// ("<=") is (-inf, end], the upper one (">") is (start, +inf); category and NA bins have no range.
import type { SpecialValue } from './classify.js';
import { cmp, cmpNear, eq, nearDouble, type Dec } from './decimal.js';
import { tally, type Counted } from './sorted-runs.js';

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

/**
 * Whether x lies in the range. Callers testing many values against one range pass the value's
 * nearDouble and the range's (nearBounds): comparisons are then decided on doubles where those
 * decide (cmpNear).
 */
export function contains(range: Range, x: Dec, xDouble = nearDouble(x), bounds = nearBounds(range)): boolean {
  if (range.lower !== undefined) {
    const c = cmpNear(x, xDouble, range.lower, bounds.lower);
    if (c < 0 || (c === 0 && !range.lowerClosed)) return false;
  }
  if (range.upper !== undefined) {
    const c = cmpNear(x, xDouble, range.upper, bounds.upper);
    if (c > 0 || (c === 0 && !range.upperClosed)) return false;
  }
  return true;
}

/** The nearDoubles of a range's bounds (NaN where it has none). */
export function nearBounds(range: Range): { lower: number; upper: number } {
  return {
    lower: range.lower === undefined ? NaN : nearDouble(range.lower),
    upper: range.upper === undefined ? NaN : nearDouble(range.upper),
  };
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

/** Adds each value to the first bin (ordered by start, open starts first) that contains it. */
export function countInto(bins: Bin[], values: readonly Counted<Dec>[]): Bin[] {
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
export const countedBins = (boundaries: readonly Dec[], values: readonly Counted<Dec>[]): Bin[] => countInto(binsBetween(boundaries), values);

/** Drops leading and trailing bins with count <= 0 (inner empty bins stay). */
export function trim(bins: readonly Bin[]): Bin[] {
  let first = 0;
  let last = bins.length - 1;
  while (first <= last && bins[first].count <= 0) first++;
  while (last >= first && bins[last].count <= 0) last--;
  return bins.slice(first, last + 1);
}
