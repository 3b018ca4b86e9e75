// The chi-square distribution's upper tail and Pearson's chi-square test of a contingency table
// (study-view.md 6.4, cBioPortal's clinical-data enrichments). The tail is computed directly as
// the regularised upper incomplete gamma Q(df/2, x/2), so tiny p-values keep full precision
// (cBioPortal's approximation computes 1 − P and agrees only to ~1e-5).
import { gammaln } from 'simple-statistics';

const EPS = 1e-16;
const MAX_ITERATIONS = 100_000;

/** Regularised upper incomplete gamma Q(a, x) = 1 − P(a, x), a > 0. */
export function upperRegularizedGamma(a: number, x: number): number {
  if (Number.isNaN(a) || Number.isNaN(x) || a <= 0) return NaN;
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  const logPrefix = a * Math.log(x) - x - gammaln(a);
  if (x < a + 1) {
    // Series for P, then its complement (P is small here, so 1 − P loses nothing).
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_ITERATIONS && Math.abs(term) > Math.abs(sum) * EPS; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return 1 - sum * Math.exp(logPrefix);
  }
  // Continued fraction for Q (modified Lentz).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return Math.exp(logPrefix) * h;
}

/** P(X > x) for X ~ χ²(df). */
export function chiSquareSurvival(x: number, df: number): number {
  return upperRegularizedGamma(df / 2, x / 2);
}

export interface ChiSquareResult {
  statistic: number;
  pValue: number;
  degreesOfFreedom: number;
}

/**
 * Pearson's chi-square test of a rows × columns table of counts, as cBioPortal computes it:
 * E = row total × column total / grand total; a 2 × 2 table uses Yates' correction
 * Σ(|O − E| − 0.5)²/E without capping |O − E| at 0.5 (SciPy caps it); cells with E = 0 are skipped.
 * Fewer than 2 rows or columns, or an empty table: NaN.
 */
export function chiSquareTest(table: readonly (readonly number[])[]): ChiSquareResult {
  const rows = table.length;
  const cols = rows === 0 ? 0 : table[0].length;
  const df = (rows - 1) * (cols - 1);
  const rowTotals = table.map((row) => row.reduce((a, b) => a + b, 0));
  const colTotals = Array.from({ length: cols }, (_, j) => table.reduce((a, row) => a + row[j], 0));
  const total = rowTotals.reduce((a, b) => a + b, 0);
  if (rows < 2 || cols < 2 || total <= 0) return { statistic: NaN, pValue: NaN, degreesOfFreedom: df };
  const yates = rows === 2 && cols === 2;
  let statistic = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const expected = (rowTotals[i] * colTotals[j]) / total;
      if (expected === 0) continue;
      const diff = yates ? Math.abs(table[i][j] - expected) - 0.5 : table[i][j] - expected;
      statistic += (diff * diff) / expected;
    }
  }
  return { statistic, pValue: chiSquareSurvival(statistic, df), degreesOfFreedom: df };
}

/**
 * Pearson's chi-square test of independence without any continuity correction, as commons-math's
 * ChiSquareTest.chiSquareTest(long[][]) that cBioPortal's alteration and categorical generic-assay
 * enrichments call (api.md 23.1, 23.3) — SciPy's chi2_contingency(table, correction=False). An
 * empty row or column makes an expected count 0 and the statistic NaN (so p is NaN), as there.
 */
export function pearsonChiSquare(table: readonly (readonly number[])[]): ChiSquareResult {
  const rows = table.length;
  const cols = rows === 0 ? 0 : table[0].length;
  const df = (rows - 1) * (cols - 1);
  if (rows < 2 || cols < 2) return { statistic: NaN, pValue: NaN, degreesOfFreedom: df };
  const rowTotals = table.map((row) => row.reduce((a, b) => a + b, 0));
  const colTotals = Array.from({ length: cols }, (_, j) => table.reduce((a, row) => a + row[j], 0));
  const total = rowTotals.reduce((a, b) => a + b, 0);
  let statistic = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const expected = (rowTotals[i] * colTotals[j]) / total;
      const diff = table[i][j] - expected;
      statistic += (diff * diff) / expected;
    }
  }
  return { statistic, pValue: Number.isNaN(statistic) ? NaN : chiSquareSurvival(statistic, df), degreesOfFreedom: df };
}
