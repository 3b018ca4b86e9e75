// Generated bins (study-view.md 5.5.3, cBioPortal's DataBinHelper.generateBins): boundaries every
// binSize, aligned on anchorValue, from the minimum up to (excluding) the maximum.
import { add, lt, rem, signum, sub, type Dec } from './decimal.js';
import type { SortedRuns } from './sorted-runs.js';

/** Most boundaries we generate; a binSize tiny against the range would otherwise never finish. */
export const MAX_GENERATED_BOUNDARIES = 10_000;

/**
 * Boundaries for sorted values; undefined when there is no value or binSize is not positive or
 * too small for the data (the reference errs or loops forever there; callers fall back to automatic bins).
 */
export function generateBoundaries(sorted: SortedRuns, binSize: Dec, anchorValue: Dec): Dec[] | undefined {
  if (sorted.length === 0 || signum(binSize) <= 0) return undefined;
  const lowest = sorted.at(0)!;
  const highest = sorted.last()!;
  let r = rem(sub(anchorValue, lowest), binSize);
  if (signum(r) < 0) r = add(r, binSize);
  const boundaries: Dec[] = [];
  for (let b = add(lowest, r); lt(b, highest); b = add(b, binSize)) {
    if (boundaries.length === MAX_GENERATED_BOUNDARIES) return undefined;
    boundaries.push(b);
  }
  return boundaries;
}
