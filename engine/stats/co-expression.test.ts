// The per-gene rules of co-expression (api.md 22.2) on hand-made pairs; ρ and p from SciPy 1.17.
import { describe, expect, it } from 'vitest';
import { coExpressions } from './co-expression.js';

const run = (genes: [number[], number[]][], threshold: number) => {
  const offsets = new Int32Array(genes.length + 1);
  genes.forEach(([x], i) => (offsets[i + 1] = offsets[i] + x.length));
  return Array.from(coExpressions({ x: Float64Array.from(genes.flatMap((g) => g[0])), y: Float64Array.from(genes.flatMap((g) => g[1])), offsets, threshold }));
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
});
