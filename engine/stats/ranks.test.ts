import { describe, expect, it } from 'vitest';
import { midranks, pearson } from './ranks.js';

const ranksOf = (values: number[]) => {
  const out = new Float64Array(values.length);
  const distinct = midranks(Float64Array.from(values), out);
  return { ranks: Array.from(out), distinct };
};

describe('midranks', () => {
  it('gives tied values the average of the 0-based ranks they span, in input order', () => {
    expect(ranksOf([30, 10, 20, 10, 30, 30])).toEqual({ ranks: [4, 0.5, 2, 0.5, 4, 4], distinct: 3 });
  });

  it('treats -0 and 0 as one value, and handles one and no values', () => {
    expect(ranksOf([0, -0, -1])).toEqual({ ranks: [1.5, 1.5, 0], distinct: 2 });
    expect(ranksOf([7])).toEqual({ ranks: [0], distinct: 1 });
    expect(ranksOf([])).toEqual({ ranks: [], distinct: 0 });
  });
});

describe('midranks against a comparison sort', () => {
  it('agrees on random arrays with ties, negatives, zeros and magnitudes far apart', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = () => [0, -0, 1, -1, 1e-300, -1e300, 3.5, 2 ** 40, -(2 ** -30)][Math.floor(random() * 9)] * (random() < 0.5 ? 1 : Math.floor(random() * 5));
    for (let round = 0; round < 50; round++) {
      const values = Array.from({ length: 1 + Math.floor(random() * 300) }, () => (random() < 0.5 ? pick() : Math.round((random() - 0.5) * 40) / 4));
      const sorted = values.map((v, i) => [v, i]).sort((a, b) => a[0] - b[0]);
      const expected = new Array<number>(values.length);
      for (let i = 0; i < sorted.length; ) {
        let j = i;
        while (j + 1 < sorted.length && sorted[j + 1][0] === sorted[i][0]) j++;
        for (let t = i; t <= j; t++) expected[sorted[t][1]] = (i + j) / 2;
        i = j + 1;
      }
      expect(ranksOf(values).ranks).toEqual(expected);
      expect(ranksOf(values).distinct).toBe(new Set(values).size);
    }
  });
});

describe('pearson', () => {
  it('is 1 for a linear relation and NaN for a constant side', () => {
    expect(pearson(Float64Array.from([1, 2, 3]), Float64Array.from([2, 4, 6]))).toBeCloseTo(1, 15);
    expect(pearson(Float64Array.from([1, 1, 1]), Float64Array.from([2, 4, 6]))).toBeNaN();
  });
});
