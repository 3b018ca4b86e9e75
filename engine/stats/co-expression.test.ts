// The per-gene rules of co-expression (api.md 22.2) on hand-made pairs; ρ and p from SciPy 1.17.
// And the same answers from precomputed row ranks as from ranking each request's pairs.
import { describe, expect, it } from 'vitest';
import { coExpressions, type CoExpressionInput } from './co-expression.js';
import { allocateRanks, rankMatrixRows } from './matrix-ranks.js';
import { midranks } from './ranks.js';

/** The reference's midranks, as the caller hands them over. */
const ranksOf = (reference: Float64Array) => {
  const out = new Float64Array(reference.length);
  midranks(reference, out);
  return out;
};

/** A matrix of `rows` (NaN = no number), its rows' missing flags and ranks. */
function matrix(rows: number[][], simd = true): Pick<CoExpressionInput, 'values' | 'columnCount' | 'missing' | 'rows' | 'ranked'> {
  const columnCount = rows[0].length;
  const values = Float64Array.from(rows.flat());
  const missing = Uint8Array.from(rows, (r) => (r.some(Number.isNaN) ? 1 : 0));
  const { ranks, memory } = allocateRanks(values.length, columnCount);
  const rowRanks = rankMatrixRows({ values, ranks, columnCount, missing, from: 0, to: rows.length });
  return { values, columnCount, missing, rows: Int32Array.from(rows, (_, i) => i), ranked: { ranks, memory: simd ? memory : undefined, rowRanks } };
}

/**
 * Each gene's pairs (x, y); the reference holds every x (so no gene covers it whole unless alone):
 * a column per reference value, each gene's row holding its y in its own columns.
 */
const run = (genes: [number[], number[]][], threshold: number) => {
  const reference = Float64Array.from(genes.flatMap((g) => g[0]));
  const rows: number[][] = [];
  let at = 0;
  for (const [x, y] of genes) {
    rows.push(Array.from(reference, (_, c) => (c >= at && c < at + x.length ? y[c - at] : NaN)));
    at += x.length;
  }
  return Array.from(coExpressions({ ...matrix(rows), reference, referenceRanks: ranksOf(reference), columns: Int32Array.from(reference, (_, i) => i), threshold }));
};

describe('coExpressions', () => {
  it('keeps |ρ| ≥ threshold with its p, drops the rest', () => {
    // spearmanr([1,2,3,4], [4,3,1,2]) → -0.8, p 0.2
    const [keep, rho, p] = run([[[1, 2, 3, 4], [4, 3, 1, 2]]], 0.79);
    expect(keep).toBe(1);
    expect(rho).toBeCloseTo(-0.8, 14);
    expect(p).toBeCloseTo(0.2, 14);
    expect(run([[[1, 2, 3, 4], [4, 3, 1, 2]]], 0.81)[0]).toBe(0);
  });

  it('keeps genes failing the data-quality tests with null ρ and p, whatever the threshold', () => {
    const out = run([
      [[1, 2], [1, 2]], // n < 3
      [[1, 2, 3, 4], [5, 5, 5, 5]], // constant
      [[1, 2, 3, 4], [1, 1, 2, 2]], // 2 distinct values, not more than n/2
    ], 0.99);
    expect(out).toEqual([1, NaN, NaN, 1, NaN, NaN, 1, NaN, NaN]);
  });

  it('drops a gene when the query gene is constant (ρ undefined)', () => {
    expect(run([[[3, 3, 3, 3], [1, 2, 3, 4]]], 0)[0]).toBe(0);
  });

  it('ranks the query gene again when its pairs differ from the previous gene\'s', () => {
    // spearmanr([1,2,3,4], [4,3,1,2]) → -0.8; spearmanr([1,2,3,4], [1,2,4,3]) → 0.8;
    // spearmanr([1,2,4], [1,2,3]) → 1 (one sample less: the query gene's ranks change)
    const out = run([[[1, 2, 3, 4], [4, 3, 1, 2]], [[1, 2, 3, 4], [1, 2, 4, 3]], [[1, 2, 4], [3, 5, 9]], [[4, 2, 1], [1, 2, 3]]], 0);
    expect([out[1], out[4], out[7], out[10]].map((r) => Math.round(r * 1e12) / 1e12)).toEqual([-0.8, 0.8, 1, -1]);
  });

  it('takes the query gene\'s ranks over the whole reference for genes paired with every sample, in any order', () => {
    // Reference [10, 40, 20, 30]; gene 1 pairs samples 3, 1, 0, 2 with y [4, 3, 1, 2]:
    // spearmanr([30, 40, 10, 20], [4, 3, 1, 2]) → 0.8; gene 2 misses sample 1:
    // spearmanr([10, 20, 30], [3, 1, 2]) → -0.5
    const out = coExpressions({
      ...matrix([[1, 3, 2, 4], [3, NaN, 1, 2]]),
      reference: Float64Array.from([10, 40, 20, 30]),
      referenceRanks: ranksOf(Float64Array.from([10, 40, 20, 30])),
      columns: Int32Array.from([0, 1, 2, 3]),
      threshold: 0,
    });
    expect(out[1]).toBeCloseTo(0.8, 14);
    expect(out[4]).toBeCloseTo(-0.5, 14);
  });

  it('leaves out a gene without pairs, and reference samples the profile lacks', () => {
    // spearmanr([10, 20, 30], [1, 3, 2]) → 0.5: the reference's third sample has no column.
    const out = coExpressions({
      ...matrix([[NaN, NaN, NaN], [1, 3, 2]]), reference: Float64Array.from([10, 20, 99, 30]), referenceRanks: ranksOf(Float64Array.from([10, 20, 99, 30])), columns: Int32Array.from([0, 1, -1, 2]), threshold: 0,
    });
    expect(out[0]).toBe(0);
    expect(out[4]).toBeCloseTo(0.5, 14);
  });

  it('gives the same answers by a dot product of precomputed ranks (SIMD or not) as by ranking the pairs', () => {
    // 200 genes over 61 samples (not a multiple of the kernel's 8), values from a few levels
    // (ties), one gene with a missing cell, the reference in another column order than the matrix.
    // A reference sample that the profile lacks makes every gene go through the pairs.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const columnCount = 61;
    const rows = Array.from({ length: 200 }, (_, r) => Array.from({ length: columnCount }, () => Math.floor(random() * (r % 2 === 0 ? 40 : 5))));
    rows[3][10] = NaN;
    const columns = Int32Array.from({ length: columnCount }, (_, p) => (p * 7) % columnCount);
    const reference = Float64Array.from({ length: columnCount }, () => Math.floor(random() * 30));
    const paired = {
      ...matrix(rows), reference: Float64Array.from([...reference, 99]), referenceRanks: ranksOf(Float64Array.from([...reference, 99])),
      columns: Int32Array.from([...columns, -1]), threshold: 0.1,
    };
    const expected = coExpressions(paired);
    expect(expected.filter((x, i) => i % 3 === 0 && x === 1).length).toBeGreaterThan(20);
    const asExpected = Array.from(expected, (x) => (Number.isNaN(x) ? 'NaN' : expect.closeTo(x, 12)));
    for (const simd of [true, false]) {
      const out = coExpressions({ ...matrix(rows, simd), reference, referenceRanks: ranksOf(reference), columns, threshold: 0.1 });
      expect(Array.from(out, (x) => (Number.isNaN(x) ? 'NaN' : x))).toEqual(asExpected);
    }
  });

  it('ranks a gene with missing cells among its numbers', () => {
    // spearmanr([10, 20, 30, 40], [2, 1, 4, 3]) → 0.6; the matrix row has NaN where the reference's 99 is.
    const out = coExpressions({
      ...matrix([[2, 1, NaN, 4, 3]]), reference: Float64Array.from([10, 20, 99, 30, 40]),
      referenceRanks: ranksOf(Float64Array.from([10, 20, 99, 30, 40])), columns: Int32Array.from([0, 1, 2, 3, 4]), threshold: 0,
    });
    expect(out[1]).toBeCloseTo(0.6, 14);
  });
});
