// Welch's unequal-variance two-sample t-test, two-sided, as commons-math's TTest.tTest(double[],
// double[]) which cBioPortal's expression enrichments call (api.md 23.2). Agrees with SciPy's
// ttest_ind(a, b, equal_var=False) except where the test is undefined: when both samples have zero
// variance the Welch–Satterthwaite df is 0/0; SciPy then assumes df = 1, commons-math (and so this
// module) answers p = NaN, which drops the gene as the reference does.
import { studentTTwoSided } from './incomplete-beta.js';
import { mean, sampleVariance } from 'simple-statistics';

export interface WelchResult {
  t: number;
  df: number;
  p: number;
}

/** Each sample needs at least two values (NaN otherwise). */
export function welchTTest(a: readonly number[], b: readonly number[]): WelchResult {
  if (a.length < 2 || b.length < 2) return { t: NaN, df: NaN, p: NaN };
  const va = sampleVariance(a) / a.length;
  const vb = sampleVariance(b) / b.length;
  const se2 = va + vb;
  const t = (mean(a) - mean(b)) / Math.sqrt(se2);
  const df = (se2 * se2) / ((va * va) / (a.length - 1) + (vb * vb) / (b.length - 1));
  return { t, df, p: Number.isNaN(df) ? NaN : studentTTwoSided(t, df) };
}
