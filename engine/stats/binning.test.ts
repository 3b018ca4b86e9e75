// The worked examples of study-view.md 5.7 and the edge cases of 5.2-5.6, through the public API.
// Expected bins are the spec's (derived by hand there from the algorithm, checked against
// cBioPortal's DataBinnerTest); the other cases are worked out by hand in the comments.
import { describe, expect, it } from 'vitest';
import { binData as binCounted, counted, type BinRequest, type DataBin, type DataBinMethod } from './binning.js';
import { describeBins } from './binning/describe.js';

/** binData over one string per case. */
const binData = (request: BinRequest, unfiltered: readonly string[], filtered: readonly string[], method: DataBinMethod): DataBin[] =>
  binCounted(request, counted(unfiltered), counted(filtered), method);
const range = (a: number, b: number): string[] => Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
const bins = (request: BinRequest, values: string[], method: DataBinMethod = 'DYNAMIC', filtered?: string[]): string =>
  describeBins(method === 'DYNAMIC' ? binData(request, [], values, method) : binData(request, values, filtered ?? values, method));
const fives = (from: number, to: number): string => range(from / 5, to / 5 - 1).map((i) => `(${5 * Number(i)},${5 * Number(i) + 5}]:5`).join(', ');

describe('5.7 example 1: linear, integers 1..100', () => {
  it('bins of width 5 with a lower outlier bin and no upper one', () => {
    expect(bins({ attributeId: 'random' }, range(1, 100))).toBe(`≤5:5, ${fives(5, 100)}`);
  });
  it('start = 39.5, end = 80.5', () => {
    expect(bins({ start: 39.5, end: 80.5 }, range(1, 100))).toBe(`≤45:6, ${fives(45, 80)}`);
  });
  it('end = 81.5 adds >80:1', () => {
    expect(bins({ start: 39.5, end: 81.5 }, range(1, 100))).toBe(`≤45:6, ${fives(45, 80)}, >80:1`);
  });
  it('end = 81.5 with custom [50, 60, 70]', () => {
    expect(bins({ start: 39.5, end: 81.5, customBins: [50, 60, 70] }, range(1, 100))).toBe('≤50:11, (50,60]:10, (60,70]:10, >70:11');
  });
  it('STATIC: the recount keeps to start/end too (not 5.6\'s ≤45:45 … >80:20: Appendix B quirk 17)', () => {
    // Without filters STATIC answers as DYNAMIC.
    expect(bins({ start: 39.5, end: 81.5 }, range(1, 100), 'STATIC')).toBe(`≤45:6, ${fives(45, 80)}, >80:1`);
    // Filtered to 30..60 (and a category, NA and a special value, dropped with start/end):
    // ≤45 holds 40..45, (45,50] … (55,60] 5 each, the rest 0.
    const filtered = [...range(30, 60), 'Unknown', 'NA', '<35'];
    expect(bins({ start: 39.5, end: 81.5 }, range(1, 100), 'STATIC', filtered)).toBe(
      `≤45:6, (45,50]:5, (50,55]:5, (55,60]:5, (60,65]:0, (65,70]:0, (70,75]:0, (75,80]:0, >80:0`);
  });
});

describe('5.7 example 2: special values, categories, NA', () => {
  const age = '<18, 20, 22, 25, 25, 30, 33, 35, 38, 40, 41, 45, 47, 50, 52, 55, 58, 60, 61, 65, 68, 70, 72, >89, NA, Unknown, unknown'.split(', ');
  it('automatic (linear) bins; <18 and >89 feed the outlier bins; unknown merges into Unknown', () => {
    expect(bins({ attributeId: 'AGE' }, age)).toBe(
      '≤25:5, (25,30]:1, (30,35]:2, (35,40]:2, (40,45]:2, (45,50]:2, (50,55]:2, (55,60]:2, (60,65]:2, (65,70]:2, >70:2, Unknown:2, NA:1',
    );
  });
  it('custom [30, 50, 70]', () => {
    expect(bins({ attributeId: 'AGE', customBins: [30, 50, 70] }, age)).toBe('≤30:6, (30,50]:8, (50,70]:8, >70:2, Unknown:2, NA:1');
  });
  it('GENERATE binSize 20 anchor 0', () => {
    const request: BinRequest = { attributeId: 'AGE', binMethod: 'GENERATE', binsGeneratorConfig: { binSize: 20, anchorValue: 0 } };
    expect(bins(request, age)).toBe('≤20:2, (20,40]:8, (40,60]:8, >60:6, Unknown:2, NA:1');
  });
  it('MEDIAN (46)', () => {
    expect(bins({ attributeId: 'AGE', binMethod: 'MEDIAN' }, age)).toBe('≤46:12, >46:12, Unknown:2, NA:1');
  });
  it('STATIC recount keeps every bin, zero counts included', () => {
    const filtered = '<18, 22, 25, 40, 41, 72, >89, Unknown'.split(', ');
    expect(bins({ attributeId: 'AGE' }, age, 'STATIC', filtered)).toBe(
      '≤25:3, (25,30]:0, (30,35]:0, (35,40]:1, (40,45]:1, (45,50]:0, (50,55]:0, (55,60]:0, (60,65]:0, (65,70]:0, >70:2, Unknown:1, NA:0',
    );
  });
  it('DYNAMIC on the same filtered values bins them afresh (7 distinct numbers: discrete)', () => {
    // numbers 22, 25, 40, 41, 72 (5 distinct ≤ 10) → point bins; <18 → ≤18, >89 → >89
    expect(bins({ attributeId: 'AGE' }, '<18, 22, 25, 40, 41, 72, >89, Unknown'.split(', '))).toBe(
      '≤18:1, [22,22]:1, [25,25]:1, [40,40]:1, [41,41]:1, [72,72]:1, >89:1, Unknown:1',
    );
  });
});

describe('5.7 example 3: distinct conversion', () => {
  it('1..12: every regular bin holds one integer', () => {
    expect(bins({}, range(1, 12))).toBe(`≤2:2, ${range(3, 12).map((v) => `[${v},${v}]:1`).join(', ')}`);
  });
  it('1, 3..13: the lower outlier bin converts too (losing its specialValue)', () => {
    expect(bins({}, ['1', ...range(3, 13)])).toBe(['1', ...range(3, 13)].map((v) => `[${v},${v}]:1`).join(', '));
  });
  it('non-integers do not convert', () => {
    const values = ['0.5', '1.2', '2.7', '3.1', '4.4', '5.9', '6.3', '7.7', '8.2', '9.5', '10.1', '11.6'];
    expect(bins({}, values)).toBe('≤1:1, (1,2]:1, (2,3]:1, (3,4]:1, (4,5]:1, (5,6]:1, (6,7]:1, (7,8]:1, (8,9]:1, (9,10]:1, (10,11]:1, >11:1');
  });
  it('at most 10 distinct values: discrete bins', () => {
    expect(bins({}, '0,1,1,2,2,2,3,5,8'.split(','))).toBe('[0,0]:1, [1,1]:2, [2,2]:3, [3,3]:1, [5,5]:1, [8,8]:1');
  });
});

describe('quartile test facts (5.5.4)', () => {
  it('10..20 + 12×250 → ≤15:6, (15,250]:17', () => {
    expect(bins({ binMethod: 'QUARTILE' }, [...range(10, 20), ...Array<string>(12).fill('250')])).toBe('≤15:6, (15,250]:17');
  });
  it('10..20 + 39×250 → a single bin ≤250:50', () => {
    expect(bins({ binMethod: 'QUARTILE' }, [...range(10, 20), ...Array<string>(39).fill('250')])).toBe('≤250:50');
  });
});

describe('edge cases', () => {
  it('no values: no bins, in both modes; STATIC follows the unfiltered values', () => {
    expect(binData({}, [], [], 'DYNAMIC')).toEqual([]);
    expect(binData({}, [], ['1'], 'STATIC')).toEqual([]);
    expect(binData({}, ['1', '2'], [], 'STATIC')).toEqual([{ start: 1, end: 1, count: 0 }, { start: 2, end: 2, count: 0 }]);
  });
  it('all values equal', () => {
    expect(bins({}, ['7', '7', '7.0'])).toBe('[7,7]:3');
  });
  it('1 and 1.0 are one value', () => {
    expect(bins({}, ['1', '1.0', '2'])).toBe('[1,1]:2, [2,2]:1');
  });
  it('only NA (NA, nan, N/A in any case)', () => {
    expect(bins({}, ['NA', 'nan', 'n/a'])).toBe('NA:3');
  });
  it('only categories, first spelling kept, trimmed; "> 80" (space) and ">10PY" are categories', () => {
    expect(bins({}, ['Yes', ' no', 'YES', 'No', '> 80', '>10PY', '20-30'])).toBe('Yes:2, no:2, > 80:1, >10PY:1, 20-30:1');
  });
  it('a value numeric only after trimming is ignored', () => {
    expect(bins({}, [' 5', '6'])).toBe('[6,6]:1');
  });
  it('only special values: outlier bins from the extreme ones', () => {
    // lower: <5 and <=3 → max(<) = 5 wins (3 < 5); upper: >=10 and >20 → min(>=) = 10 wins (10 < 20)
    expect(bins({}, ['<5', '<=3', '>=10', '>20'])).toBe('≤5:2, >10:2');
  });
  it('negative integers', () => {
    // box [-12, -1], interval 1, start -11, end -2 → (-11,-10] … (-2,-1]; ≤-11 holds -12, -11
    expect(bins({}, range(-12, -1))).toBe(`≤-11:2, ${range(-10, -1).map((v) => `[${v},${v}]:1`).join(', ')}`);
  });
  it('start greater than end: nothing to bin', () => {
    expect(binData({ start: 10, end: 5 }, [], range(1, 20), 'DYNAMIC')).toEqual([]);
  });
  it('start/end drop categories, specials and NA', () => {
    expect(bins({ start: 2, end: 4 }, ['1', '2', '3', '4', '5', '<3', 'NA', 'x'])).toBe('[2,2]:1, [3,3]:1, [4,4]:1');
  });
  it('GENERATE with a binSize that is not positive falls back to automatic bins (no endless loop)', () => {
    const auto = bins({}, range(1, 100));
    expect(bins({ binMethod: 'GENERATE', binsGeneratorConfig: { binSize: 0, anchorValue: 0 } }, range(1, 100))).toBe(auto);
    expect(bins({ binMethod: 'GENERATE', binsGeneratorConfig: { binSize: -5, anchorValue: 0 } }, range(1, 100))).toBe(auto);
  });
  it('a very wide range without log scale stays a bounded number of linear bins', () => {
    const wide = range(0, 20).map((i) => String(Number(i) * 1e11));
    expect(binData({ disableLogScale: true }, [], wide, 'DYNAMIC').length).toBeLessThan(1100);
  });
  it('AGE rule: the first linear bin starts at 18 when the data start below it', () => {
    // 2, 11, …, 200 (23 values): box [2, 200], interval 10, start 10 → (10,20] holds 11 and 20;
    // age rule (min 2 < 18, 198/2 > 18, end 20 > 18) → (18,20] holds 20 and ≤18 holds 2, 11
    const values = range(0, 22).map((i) => String(2 + 9 * Number(i)));
    const plain = binData({ attributeId: 'SOMETHING' }, [], values, 'DYNAMIC');
    const age = binData({ attributeId: 'AGE_AT_DIAGNOSIS' }, [], values, 'DYNAMIC');
    expect(plain[0]).toEqual({ specialValue: '<=', end: 10, count: 1 });
    expect(plain[1]).toEqual({ start: 10, end: 20, count: 2 });
    expect(age[1]).toEqual({ start: 18, end: 20, count: 1 });
    expect(age[0]).toEqual({ specialValue: '<=', end: 18, count: 2 });
    // ids ending in _AGE qualify too (the reference's `_AGE&` typo, Appendix B quirk 10, not followed)
    expect(binData({ attributeId: 'DIAGNOSIS_AGE' }, [], values, 'DYNAMIC')).toEqual(age);
    expect(binData({ attributeId: 'DIAGNOSIS_AGED' }, [], values, 'DYNAMIC')).toEqual(plain);
  });
});

describe('counted values', () => {
  // The count queries give (value, count) pairs; each pair must bin as its value repeated count times.
  const pairs = [{ value: '12', count: 40 }, { value: 'NA', count: 7 }, { value: '>89', count: 2 }, { value: '3.5', count: 15 },
    { value: 'Unknown', count: 3 }, { value: '12.0', count: 1 }, { value: '70', count: 22 }, { value: '41', count: 9 }];
  const expanded = pairs.flatMap((p) => Array<string>(p.count).fill(p.value));
  it('bins as the expanded strings, DYNAMIC and STATIC', () => {
    for (const method of ['DYNAMIC', 'STATIC'] as const) {
      expect(binCounted({ attributeId: 'AGE' }, pairs, pairs.slice(2), method))
        .toEqual(binData({ attributeId: 'AGE' }, expanded, pairs.slice(2).flatMap((p) => Array<string>(p.count).fill(p.value)), method));
    }
  });
  it('STATIC bins of equal unfiltered values are used again; other values give their own', () => {
    const expand = (list: typeof pairs) => list.flatMap((p) => Array<string>(p.count).fill(p.value));
    const request = { attributeId: 'KEPT' };
    const filtered = pairs.slice(3);
    const first = binCounted(request, pairs, filtered, 'STATIC');
    expect(binCounted(request, pairs.map((p) => ({ ...p })), filtered, 'STATIC')).toEqual(first);
    // Many small values: other bin ranges, which the recount of the same filtered values shows.
    const wider = [...pairs, { value: '1', count: 60 }, { value: '2', count: 60 }, { value: '5', count: 60 }];
    const widerBins = binCounted(request, wider, filtered, 'STATIC');
    expect(widerBins).not.toEqual(first);
    expect(widerBins).toEqual(binData({ attributeId: 'KEPT' }, expand(wider), expand(filtered), 'STATIC'));
    expect(binCounted(request, pairs, filtered, 'STATIC')).toEqual(first);
  });

  it('a lone NA count of 0 is no case at all: no bins', () => {
    expect(binCounted({}, [], [{ value: 'NA', count: 0 }], 'DYNAMIC')).toEqual([]);
    expect(binCounted({}, [{ value: 'NA', count: 0 }], [], 'STATIC')).toEqual([]);
  });
});
