// The per-entity group comparison of expression enrichments (api.md 23.2) on hand-made summaries;
// p-values from SciPy 1.17 as noted.
import { describe, expect, it } from 'vitest';
import { compareGroups } from './group-comparison.js';
import { summarize } from './group-summary.js';

/** Columns of compareGroups' input from each entity's groups of values. */
function summaries(entities: number[][][]) {
  const flat = entities.flat().map((values) => (values.length === 0 ? { n: 0, mean: NaN, variance: NaN } : summarize(values)));
  return {
    counts: Float64Array.from(flat, (s) => s.n),
    means: Float64Array.from(flat, (s) => s.mean),
    variances: Float64Array.from(flat, (s) => s.variance),
    groupCount: entities[0].length,
  };
}

describe('compareGroups', () => {
  it('skips groups with fewer than two values and tests the rest', () => {
    // Entity 0: groups [1,2,3], [2,5,9,11], [7] → Welch on the first two:
    //   ttest_ind([1,2,3], [2,5,9,11], equal_var=False).pvalue = 0.0961821228552818
    // Entity 1: groups [4,4], [], [1] → one group with data: no p.
    const out = compareGroups(summaries([[[1, 2, 3], [2, 5, 9, 11], [7]], [[4, 4], [], [1]]]));
    expect(out[0]).toBeCloseTo(0.0961821228552818, 14);
    expect([out[1], out[2]]).toEqual([2, 1]);
    expect(out[3]).toBe(6.75);
    expect(out[5]).toBeNaN();
    expect(out[7]).toBeNaN();
    expect([out[8], out[9]]).toEqual([4, 0]);
  });

  it('uses one-way ANOVA for three groups or more', () => {
    // f_oneway([1,2,3], [2,5,9,11], [7,8,8.5]).pvalue = 0.06991994301587776
    const out = compareGroups(summaries([[[1, 2, 3], [2, 5, 9, 11], [7, 8, 8.5]]]));
    expect(Math.abs(out[0] - 0.06991994301587776) / 0.06991994301587776).toBeLessThan(1e-9);
  });

  it('skips a group whose values are not all finite', () => {
    const out = compareGroups(summaries([[[1, 2, 3], [Infinity, 5, 9], [7, 8]]]));
    expect(out[3]).toBeNaN();
    expect(out[0]).not.toBeNaN(); // Welch on the first and third groups
  });
});
