// Reference values: SciPy 1.17, scipy.stats.f_oneway(*groups) on the inputs shown.
import { describe, expect, it } from 'vitest';
import { oneWayAnova } from './anova.js';

const rel = (actual: number, expected: number) => expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(1e-9);

describe('oneWayAnova', () => {
  it('matches SciPy on three groups', () => {
    // f_oneway([1.2,3.4,2.2,5.1], [2.0,2.5,1.1,0.3,0.9], [4.1,5.5,6.0])
    const r = oneWayAnova([[1.2, 3.4, 2.2, 5.1], [2.0, 2.5, 1.1, 0.3, 0.9], [4.1, 5.5, 6.0]]);
    rel(r.f, 9.243564576465797);
    rel(r.p, 0.006576715704029886);
    expect([r.dfBetween, r.dfWithin]).toEqual([2, 9]);
  });

  it('handles ties and a zero-variance group', () => {
    // f_oneway([3,3,3], [1,2,3,4], [2,2,5])
    const r = oneWayAnova([[3, 3, 3], [1, 2, 3, 4], [2, 2, 5]]);
    rel(r.f, 0.19090909090909094);
    rel(r.p, 0.8303695896245424);
  });

  it('equals the pooled t-test for two groups', () => {
    // f_oneway([1.2,3.4,2.2,5.1,4.4], [2.0,2.5,1.1,0.3])
    rel(oneWayAnova([[1.2, 3.4, 2.2, 5.1, 4.4], [2.0, 2.5, 1.1, 0.3]]).p, 0.09099973779760138);
  });

  it('keeps relative precision for tiny p', () => {
    // a, b, c = [10+((i*37)%11-5)*0.5 ...], [((i*53)%13-6)*0.5 ...], [5+((i*7)%5-2)*0.5 ...] for i in range(40)
    const a = Array.from({ length: 40 }, (_, i) => 10 + (((i * 37) % 11) - 5) * 0.5);
    const b = Array.from({ length: 40 }, (_, i) => (((i * 53) % 13) - 6) * 0.5);
    const c = Array.from({ length: 40 }, (_, i) => 5 + (((i * 7) % 5) - 2) * 0.5);
    const r = oneWayAnova([a, b, c]);
    rel(r.f, 438.9749577940357);
    rel(r.p, 4.144780832681323e-55);
  });

  it('is undefined (NaN) for a single group, a group under two values, or no within-group variance', () => {
    expect(oneWayAnova([[1, 2, 3]]).p).toBeNaN();
    expect(oneWayAnova([[1, 2, 3], [], [4, 5]]).p).toBeNaN();
    expect(oneWayAnova([[1, 2, 3], [4], [4, 5]]).p).toBeNaN();
    // SciPy answers F = inf, p = 0 here; commons-math (the reference) gives NaN and drops the gene.
    expect(oneWayAnova([[1, 1, 1], [2, 2, 2], [3, 3]]).p).toBeNaN();
  });
});
