import { describe, expect, it } from 'vitest';
import { representative } from './genesets-hierarchy.js';

describe('representative', () => {
  const map = (entries: [string, string][]) => new Map(entries);
  it('takes the percentile element of each side and the larger |score|', () => {
    // positives 0.1, 0.2, 0.3, 0.4 → index round(0.75·4) − 1 = 2 → 0.3; negatives −0.5 → −0.5 wins
    const scores = map([['a', '0.1'], ['b', '0.2'], ['c', '0.3'], ['d', '0.4'], ['e', '-0.5'], ['f', 'NA']]);
    const pvalues = map([['a', '0.01'], ['b', '0.02'], ['c', '0.03'], ['d', '0.04'], ['e', 'NA']]);
    expect(representative(scores, pvalues, 75)).toEqual({ representativeScore: -0.5, representativePvalue: 1 });
    expect(representative(scores, pvalues, 1)).toEqual({ representativeScore: -0.5, representativePvalue: 1 });
    expect(representative(map([['a', '0.3']]), undefined, 75)).toEqual({ representativeScore: 0.3, representativePvalue: 1 });
    // a tie in |score| goes to the negative side; no data gives (0, 1)
    expect(representative(map([['a', '0.3'], ['b', '-0.3']]), map([['a', '0.1'], ['b', '0.2']]), 50)).toEqual({ representativeScore: -0.3, representativePvalue: 0.2 });
    expect(representative(undefined, undefined, 75)).toEqual({ representativeScore: 0, representativePvalue: 1 });
  });
});
