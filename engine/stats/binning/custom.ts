// Custom bins (study-view.md 5.5.2, cBioPortal's DataBinner.adjustCustomBins): boundaries outside
// the special-value outlier bounds (`<x`, `>x` data) are replaced by those bounds.
import { gt, lt, type Dec } from './decimal.js';

/** Keeps boundaries within [lb, ub]; prepends lb / appends ub when some boundary lay beyond. */
export function adjustCustomBins(customBins: readonly Dec[], lb: Dec | undefined, ub: Dec | undefined): Dec[] {
  const kept = customBins.filter((b) => (lb === undefined || !lt(b, lb)) && (ub === undefined || !gt(b, ub)));
  if (lb !== undefined && customBins.some((b) => lt(b, lb))) kept.unshift(lb);
  if (ub !== undefined && customBins.some((b) => gt(b, ub))) kept.push(ub);
  return kept;
}
