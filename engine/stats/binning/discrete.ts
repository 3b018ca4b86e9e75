// Discrete binner (study-view.md 5.4 Step C.2, cBioPortal's DiscreteDataBinner): at most T
// distinct values give one point bin [v, v] per value.
import { tally, type Bin } from './bins.js';
import { eq, type Dec } from './decimal.js';

/** Distinct values of a sorted list, ascending (1 and 1.0 are one value). */
export function distinctSorted(sorted: readonly Dec[]): Dec[] {
  const out: Dec[] = [];
  for (const d of sorted) if (out.length === 0 || !eq(out[out.length - 1], d)) out.push(d);
  return out;
}

export function discreteBins(values: readonly Dec[], distinct: readonly Dec[]): Bin[] {
  const counts = tally(values);
  return distinct.map((v) => ({ start: v, end: v, count: counts.reduce((n, t) => (eq(t.value, v) ? n + t.n : n), 0) }));
}
