// Row ranks of a matrix: the same midranks as ranking each row alone.
import { describe, expect, it } from 'vitest';
import { allocateRanks, rankMatrixRows } from './matrix-ranks.js';
import { midranks } from './ranks.js';

describe('rankMatrixRows', () => {
  it('writes each row\'s doubled midranks among its numbers and returns its distinct values and sum of squares', () => {
    const rows = [[5, 1, 5, 3], [2, NaN, 1, 0], [0, 0, 0, 0], [-1, 7, 2.5, 7]];
    const values = Float64Array.from(rows.flat());
    const missing = Uint8Array.from([0, 1, 0, 0]);
    const { ranks } = allocateRanks(values.length, 4);
    const out = rankMatrixRows({ values, ranks, columnCount: 4, missing, from: 0, to: 4 });
    expect(Array.from(ranks.subarray(0, 4))).toEqual([5, 0, 5, 2]); // midranks 2.5, 0, 2.5, 1
    expect(Array.from(ranks.subarray(4, 8))).toEqual([4, 0, 2, 0]); // a NaN cell is left out of its row's ranks
    expect(Array.from(ranks.subarray(8, 12))).toEqual([3, 3, 3, 3]);
    expect(Array.from(out)).toEqual([3, 25 + 0 + 25 + 4, 3, 16 + 4 + 0, 1, 36, 3, 0 + 25 + 4 + 25]);
    const expected = new Float64Array(4);
    midranks(Float64Array.from(rows[3]), expected);
    expect(Array.from(ranks.subarray(12, 16))).toEqual(Array.from(expected, (r) => 2 * r));
  });

  it('holds ranks in the SIMD kernel\'s memory while they fit it, else in 16 bits, else 32', () => {
    const simd = allocateRanks(10, 16_384);
    expect(simd.memory?.ranks).toBe(simd.ranks);
    expect(simd.ranks).toBeInstanceOf(Uint16Array);
    const plain = allocateRanks(10, 32_767);
    expect([plain.memory, plain.ranks instanceof Uint16Array]).toEqual([undefined, true]);
    expect(allocateRanks(10, 32_768).ranks).toBeInstanceOf(Uint32Array);
  });
});
