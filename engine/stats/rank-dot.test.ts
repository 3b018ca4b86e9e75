// The SIMD dot product against plain arithmetic, and its scratch slots.
import { describe, expect, it } from 'vitest';
import { rankMemory, withRankDot } from './rank-dot.js';

describe('withRankDot', () => {
  it('gives each row\'s exact dot product with the vector, rows of any length', () => {
    for (const columnCount of [1, 8, 13, 16_384]) {
      const rows = 3;
      const m = rankMemory(rows * columnCount, columnCount)!;
      m.ranks.forEach((_, i) => (m.ranks[i] = (i * 7919) % (2 * columnCount - 1)));
      const vector = Float64Array.from({ length: columnCount }, (_, c) => (c * 31) % (2 * columnCount - 1));
      const expected = Array.from({ length: rows }, (_, r) => vector.reduce((sum, v, c) => sum + v * m.ranks[r * columnCount + c], 0));
      expect(withRankDot(m, columnCount, vector, (dot) => [0, 1, 2].map(dot))).toEqual(expected);
    }
  });

  it('refuses rows beyond its 16-bit kernel', () => {
    expect(rankMemory(10, 16_385)).toBeUndefined();
  });

  it('runs as many at once as it has scratch slots, then answers undefined', () => {
    const m = rankMemory(8, 8)!;
    const vector = new Float64Array(8).fill(1);
    m.ranks.fill(2);
    const nest = (depth: number): (number | undefined)[] => {
      const inner = withRankDot(m, 8, vector, (dot) => [dot(0), ...nest(depth + 1)]);
      return inner ?? [undefined];
    };
    const results = nest(0);
    expect(results).toEqual([...new Array(16).fill(16), undefined]);
    expect(withRankDot(m, 8, vector, (dot) => dot(0))).toBe(16); // every slot given back
  });
});
