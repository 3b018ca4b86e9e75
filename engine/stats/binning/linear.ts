// Linear bins (study-view.md 5.5.7, cBioPortal's LinearDataBinner): a "nice" interval from a fixed
// list giving fewer than 20 bins between the box range and the special-value bounds.
import { countInto, type Bin } from './bins.js';
import { add, cmp, decOf, gt, lt, max, min, mul, parseDec, rem, sub, trunc, type Dec } from './decimal.js';
import type { Box } from './quantiles.js';
import type { SortedRuns } from './sorted-runs.js';

const INTERVALS = ['0.001', '0.002', '0.0025', '0.005', '0.01', '0.02', '0.025', '0.05', '0.1', '0.2', '0.25', '0.5', '1', '2', '5', '10', '20', '25', '50', '100', '200', '250', '500', '1000', '2000', '2500', '5000', '10000'].map(parseDec);
const INTEGER_INTERVALS = INTERVALS.slice(INTERVALS.findIndex((d) => cmp(d, decOf(1)) === 0));
const MAX_INTERVAL_COUNT = decOf(20);
/** Beyond the reference: a range so wide that 10000 would give more bins than this scales it by 10s. */
const MAX_BINS = decOf(1000);
const TEN = decOf(10);

/** First interval giving fewer than 20 bins over `range` (the last one if none does). */
export function binInterval(range: Dec, allIntegers: boolean): Dec {
  const candidates = allIntegers ? INTEGER_INTERVALS : INTERVALS;
  let interval = candidates.find((c) => lt(range, mul(c, MAX_INTERVAL_COUNT))) ?? candidates[candidates.length - 1];
  // The reference would build range/10000 bins (millions for wide data without log scale).
  while (!lt(range, mul(interval, MAX_BINS))) interval = mul(interval, TEN);
  return interval;
}

// The reference's `(^AGE$)|(^AGE_.*)|(.*_AGE_.*)|(.*_AGE&)` as a whole-string match, with `_AGE$`
// for its typo `_AGE&` (Appendix B quirk 10): ids ending in _AGE are ages too.
const AGE_ATTRIBUTE = /^(?:AGE|AGE_.*|.*_AGE_.*|.*_AGE)$/;
const EIGHTEEN = decOf(18);

export interface LinearInput {
  allIntegers: boolean;
  /** Box range, already truncated to integers when allIntegers. */
  box: Box;
  /** The values without outliers (W), non-empty. */
  values: SortedRuns;
  /** max(box.lower, lower special bound) and min(box.upper, upper special bound). */
  lowerOutlier: Dec;
  upperOutlier: Dec;
  attributeId?: string;
}

export function linearBins(input: LinearInput): Bin[] {
  const { values, lowerOutlier, upperOutlier, box } = input;
  const lowest = max(values.at(0)!, lowerOutlier);
  const highest = min(values.greatest()!, upperOutlier);
  const interval = binInterval(sub(highest, lowest), input.allIntegers);
  let start = sub(add(lowest, interval), rem(lowest, interval));
  if (gt(sub(start, interval), lowerOutlier)) start = sub(start, interval);
  const end = lt(add(highest, interval), upperOutlier) ? highest : sub(highest, interval);
  const bins: Bin[] = [];
  for (let d = start; !gt(d, end); d = add(d, interval)) bins.push({ start: d, end: add(d, interval), count: 0 });
  if (
    input.attributeId !== undefined && AGE_ATTRIBUTE.test(input.attributeId) &&
    lt(lowest, EIGHTEEN) && gt(sub(box.upper, box.lower), mul(EIGHTEEN, decOf(2))) &&
    bins.length > 0 && gt(bins[0].end!, EIGHTEEN)
  )
    bins[0].start = EIGHTEEN;
  return countInto(bins, values.runs);
}

export const truncBox = (box: Box): Box => ({ lower: trunc(box.lower), upper: trunc(box.upper) });
