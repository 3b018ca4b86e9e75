// Spearman's rank correlation (ties share their average rank) and its two-sided p-value from
// Student's t with n − 2 df, as cBioPortal's co-expression computes them (api.md 22.2) and as
// SciPy's spearmanr does.
import { studentTTwoSided } from './incomplete-beta.js';
import { midranks, pearson } from './ranks.js';

/** NaN when either side is constant or there are fewer than two pairs. */
export function spearmanCorrelation(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  if (n < 2) return NaN;
  const rx = new Float64Array(n);
  const ry = new Float64Array(n);
  midranks(Float64Array.from(x), rx);
  midranks(Float64Array.from(y), ry);
  return pearson(rx, ry);
}

/** p = 1 when n ≤ 2, 0 when ρ² ≥ 1, else 2·P(T ≤ −|t|) with t = ρ·√((n − 2)/(1 − ρ²)). */
export function spearmanPValue(rho: number, n: number): number {
  if (n <= 2) return 1;
  const r2 = rho * rho;
  if (r2 >= 1) return 0;
  return studentTTwoSided(rho * Math.sqrt((n - 2) / (1 - r2)), n - 2);
}
