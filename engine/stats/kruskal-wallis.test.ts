// Reference values: SciPy 1.17, scipy.stats.kruskal(*groups) → (statistic, pvalue).
import { describe, expect, it } from 'vitest';
import { kruskalWallis } from './kruskal-wallis.js';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('kruskalWallis', () => {
  it.each([
    ['no ties', [[2.9, 3.0, 2.5, 2.6, 3.2], [3.8, 2.7, 4.0, 2.4], [2.8, 3.4, 3.7, 2.2, 2.0]], 0.7714285714285722, 0.6799647735788936],
    ['ties', [[1, 2, 2, 3], [2, 3, 3, 4, 4], [1, 1, 5]], 2.508913308913311, 0.28523078500439425],
    ['two groups', [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], 6.818181818181813, 0.009023438818080334],
    ['a zero-variance group', [[5, 5, 5], [1, 2, 3]], 4.354838709677416, 0.03690395361371825],
    ['tiny p', [range(0, 200), range(200, 400)], 299.25187032418944, 4.794731539891123e-67],
  ])('%s', (_, groups, statistic, p) => {
    const r = kruskalWallis(groups);
    close(r.statistic, statistic);
    close(r.pValue, p);
    expect(r.degreesOfFreedom).toBe(groups.length - 1);
  });

  it('leaves empty groups out (scipy.stats.kruskal([1,2,3],[4,5,6]))', () => {
    const r = kruskalWallis([[1, 2, 3], [], [4, 5, 6]]);
    close(r.statistic, 3.857142857142854);
    close(r.pValue, 0.049534613435626915);
    expect(r.degreesOfFreedom).toBe(1);
  });

  it('accepts typed arrays', () => {
    close(kruskalWallis([Float64Array.from([1, 2, 3]), Float64Array.from([4, 5, 6])]).pValue, 0.049534613435626915);
  });

  it('is NaN for a single group, no groups, or all values tied', () => {
    expect(kruskalWallis([[1, 2, 3]]).pValue).toBeNaN();
    expect(kruskalWallis([[1, 2], []]).pValue).toBeNaN();
    expect(kruskalWallis([]).pValue).toBeNaN();
    expect(kruskalWallis([[4, 4], [4, 4, 4]]).statistic).toBeNaN();
  });
});
