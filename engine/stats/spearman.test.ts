// Reference values: SciPy 1.17, scipy.stats.spearmanr(x, y) on the inputs shown.
import { describe, expect, it } from 'vitest';
import { spearmanCorrelation, spearmanPValue } from './spearman.js';

const rel = (actual: number, expected: number) => expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(1e-9);
const both = (x: number[], y: number[]) => {
  const rho = spearmanCorrelation(x, y);
  return { rho, p: spearmanPValue(rho, x.length) };
};

describe('spearman', () => {
  it('gives ties their average rank', () => {
    // spearmanr([1,2,2,3,4,5,5,6], [2,1,3,3,5,4,6,6])
    const r = both([1, 2, 2, 3, 4, 5, 5, 6], [2, 1, 3, 3, 5, 4, 6, 6]);
    rel(r.rho, 0.8902439024390245);
    rel(r.p, 0.0030392955684888086);
  });

  it('matches SciPy on small and large samples, tiny p included', () => {
    // spearmanr([1,2,3], [3,1,2])
    const small = both([1, 2, 3], [3, 1, 2]);
    rel(small.rho, -0.5);
    rel(small.p, 0.6666666666666666);
    // x = range(30), y = [(i*7)%30 for i in range(30)]
    const x30 = Array.from({ length: 30 }, (_, i) => i);
    const r30 = both(x30, x30.map((i) => (i * 7) % 30));
    rel(r30.rho, 0.11902113459399331);
    rel(r30.p, 0.5310275921265403);
    // x = range(200), y = [i+((i*37)%11) for i in range(200)]
    const x200 = Array.from({ length: 200 }, (_, i) => i);
    const r200 = both(x200, x200.map((i) => i + ((i * 37) % 11)));
    rel(r200.rho, 0.9985299632490814);
    rel(r200.p, 1.2289617684708563e-252);
  });

  it('follows the reference at the edges: n ≤ 2 → p 1, ρ² ≥ 1 → p 0, constant input → NaN', () => {
    expect(spearmanPValue(0.5, 2)).toBe(1);
    expect(spearmanPValue(1, 5)).toBe(0);
    expect(spearmanPValue(-1, 5)).toBe(0);
    expect(both([1, 2, 3, 4, 5], [2, 4, 8, 16, 32]).rho).toBeCloseTo(1, 15);
    // spearmanr([1,1,1,1], [1,2,3,4]) → nan, nan
    expect(spearmanCorrelation([1, 1, 1, 1], [1, 2, 3, 4])).toBeNaN();
    expect(spearmanCorrelation([1], [2])).toBeNaN();
  });
});

describe('spearmanCorrelation', () => {
  it('is Pearson of ranks, ties sharing the average rank', () => {
    expect(spearmanCorrelation([1, 2, 3, 4], [1, 3, 2, 4])).toBeCloseTo(0.8, 12);
    // ranks [1.5, 1.5, 3] vs [1, 2, 3]: 1.5 / sqrt(1.5 · 2)
    expect(spearmanCorrelation([5, 5, 9], [1, 2, 3])).toBeCloseTo(1.5 / Math.sqrt(3), 12);
    expect(spearmanCorrelation([1, 1], [1, 2])).toBeNaN();
  });
});
