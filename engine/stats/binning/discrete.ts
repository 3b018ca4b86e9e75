// Discrete binner (study-view.md 5.4 Step C.2, cBioPortal's DiscreteDataBinner): at most T
// distinct values give one point bin [v, v] per value.
import type { Bin } from './bins.js';
import { eq } from './decimal.js';
import type { SortedRuns } from './sorted-runs.js';

/** One point bin per distinct value of the (sorted) values, counting its cases. */
export function discreteBins(values: SortedRuns): Bin[] {
  return values.distinct().map((v) => ({ start: v, end: v, count: values.count((d) => eq(d, v)) }));
}
