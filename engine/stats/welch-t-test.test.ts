// Reference values: SciPy 1.17, scipy.stats.ttest_ind(a, b, equal_var=False) on the inputs shown.
import { describe, expect, it } from 'vitest';
import { welchTTest } from './welch-t-test.js';

const rel = (actual: number, expected: number) => expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(1e-9);

describe('welchTTest', () => {
  it('matches SciPy on a plain case', () => {
    // ttest_ind([1.2,3.4,2.2,5.1,4.4], [2.0,2.5,1.1,0.3], equal_var=False)
    const r = welchTTest([1.2, 3.4, 2.2, 5.1, 4.4], [2.0, 2.5, 1.1, 0.3]);
    rel(r.t, 2.0737713272003506);
    rel(r.df, 6.680111381114935);
    rel(r.p, 0.07870045194230671);
  });

  it('handles ties and one zero-variance sample', () => {
    // ttest_ind([3,3,3,3], [1,2,3,4,5], equal_var=False) → t 0, df 4, p 1
    const r = welchTTest([3, 3, 3, 3], [1, 2, 3, 4, 5]);
    expect(r.t).toBe(0);
    rel(r.df, 4);
    rel(r.p, 1);
  });

  it('keeps relative precision for p near 1 and for tiny p', () => {
    // ttest_ind([1,2,3,4], [1.0000001,2,3,4], equal_var=False).pvalue
    rel(welchTTest([1, 2, 3, 4], [1.0000001, 2, 3, 4]).p, 0.9999999790368621);
    // ttest_ind([100,100.1,99.9,100.05,99.95], [0,0.1,-0.1,0.05,-0.05], equal_var=False).pvalue
    rel(welchTTest([100, 100.1, 99.9, 100.05, 99.95], [0, 0.1, -0.1, 0.05, -0.05]).p, 4.374968500143385e-24);
    // a = [10+((i*37)%11-5)*0.5 for i in range(40)], b = [((i*53)%13-6)*0.5 for i in range(40)]
    const a = Array.from({ length: 40 }, (_, i) => 10 + (((i * 37) % 11) - 5) * 0.5);
    const b = Array.from({ length: 40 }, (_, i) => (((i * 53) % 13) - 6) * 0.5);
    rel(welchTTest(a, b).p, 1.8050259423443716e-38);
  });

  it('underflows to 0 where SciPy does', () => {
    // a = [100+((i*37)%11-5)*0.01 for i in range(60)], b = [((i*53)%13-6)*0.01 for i in range(60)] → p 0.0
    const a = Array.from({ length: 60 }, (_, i) => 100 + (((i * 37) % 11) - 5) * 0.01);
    const b = Array.from({ length: 60 }, (_, i) => (((i * 53) % 13) - 6) * 0.01);
    const r = welchTTest(a, b);
    rel(r.t, 15825.614186441384);
    expect(r.p).toBe(0);
  });

  it('is undefined (NaN) where commons-math is: both variances zero, fewer than two values', () => {
    // SciPy answers p = 0 for [1,1,1] vs [2,2,2] by assuming df = 1; the reference drops the gene.
    expect(welchTTest([1, 1, 1], [2, 2, 2]).p).toBeNaN();
    expect(welchTTest([1], [2, 3]).p).toBeNaN();
    expect(welchTTest([], []).p).toBeNaN();
  });
});
