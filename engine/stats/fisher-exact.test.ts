// Reference values: SciPy 1.17, scipy.stats.fisher_exact([[a, b], [c, d]]).pvalue (two-sided),
// except where noted.
import { describe, expect, it } from 'vitest';
import { fisherExactTwoSided } from './fisher-exact.js';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9);

describe('fisherExactTwoSided', () => {
  it.each([
    [3, 1, 1, 3, 0.48571428571428565],
    [10, 2, 3, 15, 0.0005367241191434357],
    [0, 5, 5, 0, 0.007936507936507938],
    [7, 3, 3, 7, 0.1788954079975752],
    [30, 61, 5, 295, 1.8946117984965266e-16],
    [400, 500, 420, 480, 0.36853562620988245],
    [1, 99999, 20, 99980, 2.0962816418719573e-05],
    [50, 0, 0, 50, 1.9823306042836675e-29],
    [300, 10, 10, 300, 5.465846024822995e-149],
    // Huge tables (factorials far beyond a double). SciPy's boost hypergeometric loses digits here
    // (2.4465675187466156e-07 is 1.7e-9 off), so the reference is the exact sum at 40 digits: mpmath
    // (mp.dps = 40) Σ exp(log pmf(x)) over the x with pmf(x) ≤ pmf(a), log pmf from mp.loggamma.
    [123456, 654321, 130000, 640000, 1.1410382381159987543e-64],
    [5000000, 3000000, 4990000, 3010000, 2.446567514540583804e-7],
  ])('[[%d, %d], [%d, %d]]', (a, b, c, d, p) => close(fisherExactTwoSided(a, b, c, d), p));

  it('is 1 for the most likely table, ties included, and for empty rows or columns', () => {
    for (const t of [[1, 0, 0, 1], [2, 2, 2, 2], [1, 2, 3, 4], [0, 1, 1, 0], [0, 10, 0, 10], [5, 0, 7, 0], [0, 0, 0, 0]]) {
      expect(fisherExactTwoSided(t[0], t[1], t[2], t[3])).toBe(1);
    }
  });

  it('is symmetric in rows and columns', () => {
    const p = fisherExactTwoSided(10, 2, 3, 15);
    expect(fisherExactTwoSided(3, 15, 10, 2)).toBeCloseTo(p, 15);
    expect(fisherExactTwoSided(10, 3, 2, 15)).toBeCloseTo(p, 15);
  });

  it('underflows to 0 only when p is below the smallest double', () => {
    // fisher_exact([[1000, 0], [0, 1000]]) = 2 / C(2000, 1000) ≈ 1e-600 → 0.0
    expect(fisherExactTwoSided(1000, 0, 0, 1000)).toBe(0);
  });
});
