// One-way ANOVA F-test over k ≥ 2 groups, as commons-math's OneWayAnova.anovaPValue which
// cBioPortal's expression enrichments call for more than two groups (api.md 23.2). Agrees with
// SciPy's f_oneway except where F is not finite: with zero variance inside every group SciPy
// answers F = inf, p = 0 (or NaN when all values are equal); commons-math's F distribution (and so
// this module) answers p = NaN, which drops the gene as the reference does.
import { type GroupSummary, summarize } from './group-summary.js';
import { fUpperTail } from './incomplete-beta.js';

export interface AnovaResult {
  f: number;
  dfBetween: number;
  dfWithin: number;
  p: number;
}

/** Each group needs at least two values and there must be two groups (NaN otherwise). */
export function oneWayAnova(groups: readonly (readonly number[])[]): AnovaResult {
  if (groups.some((g) => g.length < 2)) return { f: NaN, dfBetween: NaN, dfWithin: NaN, p: NaN };
  return oneWayAnovaOfSummaries(groups.map(summarize));
}

/**
 * The same test from each group's size, mean and variance: the within-group sum of squares is
 * Σ (nᵢ − 1)·varᵢ, the between-group one Σ nᵢ·(meanᵢ − grand mean)².
 */
export function oneWayAnovaOfSummaries(groups: readonly GroupSummary[]): AnovaResult {
  const k = groups.length;
  if (k < 2 || groups.some((g) => g.n < 2)) return { f: NaN, dfBetween: NaN, dfWithin: NaN, p: NaN };
  let n = 0;
  let total = 0;
  for (const g of groups) {
    n += g.n;
    total += g.n * g.mean;
  }
  const grandMean = total / n;
  let between = 0;
  let within = 0;
  for (const g of groups) {
    between += g.n * (g.mean - grandMean) ** 2;
    within += (g.n - 1) * g.variance;
  }
  const dfBetween = k - 1;
  const dfWithin = n - k;
  const f = between / dfBetween / (within / dfWithin);
  return { f, dfBetween, dfWithin, p: Number.isFinite(f) ? fUpperTail(f, dfBetween, dfWithin) : NaN };
}
