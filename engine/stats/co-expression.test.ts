// The per-gene rules of co-expression (api.md 22.2) on hand-made pairs; ρ and p from SciPy 1.17.
import { describe, expect, it } from 'vitest';
import { coExpressions } from './co-expression.js';

/** Each gene's pairs (x, y); the reference holds every x (so no gene covers it whole unless alone). */
const run = (genes: [number[], number[]][], threshold: number) => {
  const offsets = new Int32Array(genes.length + 1);
  genes.forEach(([x], i) => (offsets[i + 1] = offsets[i] + x.length));
  const reference = Float64Array.from(genes.flatMap((g) => g[0]));
  const index = Int32Array.from(reference, (_, i) => i);
  return Array.from(coExpressions({ reference, index, y: Float64Array.from(genes.flatMap((g) => g[1])), offsets, threshold }));
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
      reference: Float64Array.from([10, 40, 20, 30]),
      index: Int32Array.from([3, 1, 0, 2, 0, 2, 3]),
      y: Float64Array.from([4, 3, 1, 2, 3, 1, 2]),
      offsets: Int32Array.from([0, 4, 7]),
      threshold: 0,
    });
    expect(out[1]).toBeCloseTo(0.8, 14);
    expect(out[4]).toBeCloseTo(-0.5, 14);
  });
});
