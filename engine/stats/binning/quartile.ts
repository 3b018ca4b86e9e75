// Quartile bins (study-view.md 5.5.4, cBioPortal's DataBinHelper.calcQuartileBoundaries):
// boundaries Q1, Q2, Q3 with repeated values collapsed.
import { lt, type Dec } from './decimal.js';
import { median, q1, q3 } from './quantiles.js';
import type { SortedRuns } from './sorted-runs.js';

export function quartileBoundaries(sorted: SortedRuns): Dec[] {
  const a = q1(sorted);
  const b = median(sorted);
  const c = q3(sorted);
  if (a === undefined || b === undefined || c === undefined) return [];
  const boundaries = [a];
  if (lt(a, b)) boundaries.push(b);
  if (lt(b, c)) boundaries.push(c);
  return boundaries;
}
