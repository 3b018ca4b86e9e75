// One-way ANOVA F-test over k ≥ 2 groups, as commons-math's OneWayAnova.anovaPValue which
// cBioPortal's expression enrichments call for more than two groups (api.md 23.2). Agrees with
// SciPy's f_oneway except where F is not finite: with zero variance inside every group SciPy
// answers F = inf, p = 0 (or NaN when all values are equal); commons-math's F distribution (and so
// this module) answers p = NaN, which drops the gene as the reference does.
import { fUpperTail } from './incomplete-beta.js';

export interface AnovaResult {
  f: number;
  dfBetween: number;
  dfWithin: number;
  p: number;
}

/** Each group needs at least two values and there must be two groups (NaN otherwise). */
export function oneWayAnova(groups: readonly (readonly number[])[]): AnovaResult {
  const k = groups.length;
  if (k < 2 || groups.some((g) => g.length < 2)) return { f: NaN, dfBetween: NaN, dfWithin: NaN, p: NaN };
  let n = 0;
  let total = 0;
  for (const g of groups) {
    for (let i = 0; i < g.length; i++) total += g[i];
    n += g.length;
  }
  const grandMean = total / n;
  let between = 0;
  let within = 0;
  for (const g of groups) {
    let sum = 0;
    for (let i = 0; i < g.length; i++) sum += g[i];
    const mean = sum / g.length;
    for (let i = 0; i < g.length; i++) within += (g[i] - mean) ** 2;
    between += g.length * (mean - grandMean) ** 2;
  }
  const dfBetween = k - 1;
  const dfWithin = n - k;
  const f = between / dfBetween / (within / dfWithin);
  return { f, dfBetween, dfWithin, p: Number.isFinite(f) ? fUpperTail(f, dfBetween, dfWithin) : NaN };
}
