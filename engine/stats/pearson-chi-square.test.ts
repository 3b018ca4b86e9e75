// pearsonChiSquare (engine/stats/chi-square.ts). Reference values: SciPy 1.17,
// r = scipy.stats.chi2_contingency(numpy.array(table, float), correction=False) → r.statistic, r.pvalue, r.dof.
import { describe, expect, it } from 'vitest';
import { pearsonChiSquare } from './chi-square.js';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9);

describe('pearsonChiSquare', () => {
  it.each([
    [[[10, 81], [5, 295], [7, 20]], 36.88526545470991, 9.782872079464774e-09, 2],
    // 2 × 2: no Yates correction.
    [[[30, 61], [5, 295]], 83.93057571775469, 5.1245806138464245e-20, 1],
    [[[12, 5], [3, 10]], 6.651583710407239, 0.00990677301136375, 1],
    [[[5, 5], [5, 6]], 0.043388429752066124, 0.8349955942110459, 1],
    [[[1, 2, 3], [4, 5, 6], [7, 8, 90]], 19.715454545454545, 0.0005683061686273462, 4],
    [[[600, 100], [100, 600]], 714.2857142857143, 2.3400550386294796e-157, 1],
    [[[700, 100], [100, 700]], 900.0, 9.813427854296455e-198, 1],
    [[[400, 50], [60, 380], [200, 210]], 505.00523294661326, 2.1852795394475133e-110, 2],
  ])('%j', (table, statistic, p, df) => {
    const r = pearsonChiSquare(table);
    close(r.statistic, statistic);
    close(r.pValue, p);
    expect(r.degreesOfFreedom).toBe(df);
  });

  it('underflows to 0 for overwhelming evidence', () => {
    // chi2_contingency(..., correction=False): statistic 6821.63791948334, pvalue 0.0
    const r = pearsonChiSquare([[1000, 200], [800, 900], [100, 5000], [3, 4000]]);
    close(r.statistic, 6821.63791948334);
    expect(r.pValue).toBe(0);
  });

  it('is NaN with an empty column or row (SciPy raises: zero expected frequency) or a single row', () => {
    expect(pearsonChiSquare([[0, 3], [0, 4], [0, 5]]).pValue).toBeNaN();
    expect(pearsonChiSquare([[0, 0], [1, 4]]).pValue).toBeNaN();
    expect(pearsonChiSquare([[1, 4]]).pValue).toBeNaN();
  });
});
