// The per-entity group comparison of expression enrichments (api.md 23.2) on hand-made columns;
// p-values from SciPy 1.17 as noted.
import { describe, expect, it } from 'vitest';
import { compareGroups } from './group-comparison.js';

describe('compareGroups', () => {
  it('skips groups with fewer than two values and tests the rest', () => {
    // Entity 0: groups [1,2,3], [2,5,9,11], [7] → Welch on the first two:
    //   ttest_ind([1,2,3], [2,5,9,11], equal_var=False).pvalue = 0.0961821228552818
    // Entity 1: groups [4,4], [], [1] → one group with data: no p.
    const values = Float64Array.from([1, 2, 3, 2, 5, 9, 11, 7, 4, 4, 1]);
    const offsets = Int32Array.from([0, 3, 7, 8, 10, 10, 11]);
    const out = compareGroups({ values, offsets, groupCount: 3, log2: false });
    expect(out[0]).toBeCloseTo(0.0961821228552818, 14);
    expect([out[1], out[2]]).toEqual([2, 1]);
    expect(out[3]).toBe(6.75);
    expect(out[5]).toBeNaN();
    expect(out[7]).toBeNaN();
    expect([out[8], out[9]]).toEqual([4, 0]);
  });

  it('compares log2(max(v, 0) + 1) for rna_seq profiles', () => {
    // Same on log2(max(v,0)+1) of [1,2,3] and [-1,5,9,11]: 0.38988521123403275
    const out = compareGroups({ values: Float64Array.from([1, 2, 3, -1, 5, 9, 11]), offsets: Int32Array.from([0, 3, 7]), groupCount: 2, log2: true });
    expect(out[0]).toBeCloseTo(0.38988521123403275, 14);
    expect(out[1]).toBeCloseTo((1 + Math.log2(3) + 2) / 3, 14);
  });
});
