// Welch's unequal-variance two-sample t-test, two-sided, as commons-math's TTest.tTest(double[],
// double[]) which cBioPortal's expression enrichments call (api.md 23.2). Agrees with SciPy's
// ttest_ind(a, b, equal_var=False) except where the test is undefined: when both samples have zero
// variance the Welch–Satterthwaite df is 0/0; SciPy then assumes df = 1, commons-math (and so this
// module) answers p = NaN, which drops the gene as the reference does.
import { type GroupSummary, summarize } from './group-summary.js';
import { studentTTwoSided } from './incomplete-beta.js';

export interface WelchResult {
  t: number;
  df: number;
  p: number;
}

/** Each sample needs at least two values (NaN otherwise). */
export function welchTTest(a: readonly number[], b: readonly number[]): WelchResult {
  if (a.length < 2 || b.length < 2) return { t: NaN, df: NaN, p: NaN };
  return welchTTestOfSummaries(summarize(a), summarize(b));
}

/** The same test from each sample's size, mean and variance. */
export function welchTTestOfSummaries(a: GroupSummary, b: GroupSummary): WelchResult {
  if (a.n < 2 || b.n < 2) return { t: NaN, df: NaN, p: NaN };
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const se2 = va + vb;
  const t = (a.mean - b.mean) / Math.sqrt(se2);
  const df = (se2 * se2) / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1));
  return { t, df, p: Number.isNaN(df) ? NaN : studentTTwoSided(t, df) };
}
