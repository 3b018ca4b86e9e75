// The sub-binners of study-view.md 5.5 one by one: custom adjustment, generate, log scale,
// scientific small, linear. Expected values from the spec's test facts or by hand (comments).
import { describe, expect, it } from 'vitest';
import { adjustCustomBins } from './custom.js';
import { parseDec, toNumber, type Dec } from './decimal.js';
import { describeBins } from './describe.js';
import { generateBoundaries } from './generate.js';
import { binInterval } from './linear.js';
import { logScaleBins } from './log-scale.js';
import { isSmallData, scientificBoundaries } from './scientific-small.js';
import { SortedRuns } from './sorted-runs.js';
import { computeBins as computeCounted } from './core.js';
import { counted } from './classify.js';

const computeBins = (request: Parameters<typeof computeCounted>[0], values: readonly string[]) => computeCounted(request, counted(values));
const d = (v: number | string): Dec => parseDec(String(v));
const decs = (values: (number | string)[]): Dec[] => values.map(d);
const nums = (values: Dec[] | undefined): number[] | undefined => values?.map(toNumber);
/** One value per case, sorted. */
const sorted = (values: (number | string)[]): SortedRuns => SortedRuns.ofList(decs(values));

describe('custom bins (5.5.2)', () => {
  it('adjusts boundaries to the special-value bounds', () => {
    expect(nums(adjustCustomBins(decs([5, 10, 90, 100]), d(18), d(89)))).toEqual([18, 89]);
    expect(nums(adjustCustomBins(decs([10, 15, 40, 70, 95, 100]), d(18), d(90)))).toEqual([18, 40, 70, 90]);
    expect(nums(adjustCustomBins(decs([45, 60, 70]), d(18), d(89)))).toEqual([45, 60, 70]);
    expect(nums(adjustCustomBins(decs([45, 60]), undefined, undefined))).toEqual([45, 60]);
  });
  it('a single boundary gives ≤b and >b', () => {
    expect(describeBins(computeBins({ customBins: [30] }, Array.from({ length: 60 }, (_, i) => String(i + 1))))).toBe('≤30:30, >30:30');
  });
});

describe('generate (5.5.3)', () => {
  it('aligns boundaries on the anchor', () => {
    for (const anchor of [0, -70, -20]) expect(nums(generateBoundaries(sorted([-62, -38]), d(10), d(anchor)))).toEqual([-60, -50, -40]);
    for (const anchor of [100, 0, 40]) expect(nums(generateBoundaries(sorted([38, 62]), d(10), d(anchor)))).toEqual([40, 50, 60]);
    expect(nums(generateBoundaries(sorted([38]), d(10), d(0)))).toEqual([]);
    expect(generateBoundaries(sorted([]), d(10), d(0))).toBeUndefined();
  });
  it('refuses sizes that would never finish', () => {
    expect(generateBoundaries(sorted([0, 1]), d(0), d(0))).toBeUndefined();
    expect(generateBoundaries(sorted([0, 1]), d(-1), d(0))).toBeUndefined();
    expect(generateBoundaries(sorted([0, 1e9]), d(1), d(0))).toBeUndefined();
  });
});

describe('log scale (5.5.5)', () => {
  it('half-decade boundaries from the box range', () => {
    // box [10, 24850]: 10, 31, 100, 316, 1000, 3162, 10000, 31622 (> upper), then 100000 (integer exponent)
    const values = decs([10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000]);
    expect(describeBins(logScaleBins({ lower: d(10), upper: d(24850) }, values.map((value) => ({ value, n: 1 })), undefined, undefined))).toBe(
      '(10,31]:1, (31,100]:2, (100,316]:1, (316,1000]:2, (1000,3162]:1, (3162,10000]:2, (10000,31622]:1, (31622,100000]:1',
    );
  });
  it('through the core: box [10, 24850] → log scale; disableLogScale → linear, interval 2000', () => {
    const values = ['10', '20', '50', '100', '200', '500', '1000', '2000', '5000', '10000', '20000', '50000'];
    expect(describeBins(computeBins({}, values))).toBe(
      '≤10:1, (10,31]:1, (31,100]:2, (100,316]:1, (316,1000]:2, (1000,3162]:1, (3162,10000]:2, (10000,31622]:1, (31622,100000]:1',
    );
    // min 10, max min(50000, 24850) = 24850, interval 2000, start 2000, end 22850 → (2000,4000] … (22000,24000]
    expect(describeBins(computeBins({ disableLogScale: true }, values))).toBe(
      '≤2000:8, (2000,4000]:0, (4000,6000]:1, (6000,8000]:0, (8000,10000]:1, (10000,12000]:0, (12000,14000]:0, (14000,16000]:0, (16000,18000]:0, (18000,20000]:1, (20000,22000]:0, (22000,24000]:0, >24000:1',
    );
  });
  it('negative data', () => {
    // box [-30000, -4000]: s = -ceil(log10 30000) = -5 → -100000, -31622, -10000, -3162 (> upper), -1000; empty ends trimmed
    const values = ['-30000', '-25000', '-20000', '-15000', '-12000', '-11000', '-9000', '-8000', '-6000', '-5000', '-4000'];
    expect(describeBins(computeBins({}, values))).toBe('(-31622,-10000]:6, (-10000,-3162]:5');
  });
  it('special values bound the boundaries', () => {
    // <=5 and >60000: lb 5 starts the list (then 10, 31, …); 100000 > ub, so ub 60000 ends it
    const values = ['<=5', '10', '20', '50', '100', '200', '500', '1000', '2000', '5000', '10000', '20000', '50000', '>60000'];
    expect(describeBins(computeBins({}, values))).toBe(
      '≤5:1, (5,10]:1, (10,31]:1, (31,100]:2, (100,316]:1, (316,1000]:2, (1000,3162]:1, (3162,10000]:2, (10000,31622]:1, (31622,60000]:1, >60000:1',
    );
  });
});

describe('scientific small (5.5.6)', () => {
  it('applies when the upper-middle value is tiny and non-zero', () => {
    expect(isSmallData(sorted([1e-6, 2e-6, 3e-6]))).toBe(true);
    expect(isSmallData(sorted([1e-6, 0, 0, 0]))).toBe(false); // sorted: S[2] = 0
    expect(isSmallData(sorted([1e-6, 2e-6, 0.001]))).toBe(false);
  });
  it('spread 0: steps of 2·10^e (double powers: 10^-5 is 9.999999999999999e-6 as in the reference)', () => {
    const values = ['1.1e-6', '1.2e-6', '1.3e-6', '1.4e-6', '1.5e-6', '1.6e-6', '1.7e-6', '1.8e-6', '1.9e-6', '2.5e-6', '3.5e-6', '5.5e-6'];
    expect(nums(scientificBoundaries(sorted(values)))).toEqual([1e-6, 3e-6, 5e-6, 7e-6, 9e-6]);
    expect(describeBins(computeBins({}, values))).toBe('(0.000001,0.000003]:10, (0.000003,0.000005]:1, (0.000005,0.000007]:1');
  });
  it('spread > 1: every step-th power of ten', () => {
    // exponents -9, -8, -7, -7, -6, -6, -6, -5, -5, -4, -4 → box [-9, -4], spread 5, step round(1.25) = 1 → 10^-10 … 10^-4
    const values = ['5e-9', '5e-8', '2e-7', '3e-7', '1e-6', '2e-6', '3e-6', '4e-5', '5e-5', '6e-4', '7e-4'];
    expect(nums(scientificBoundaries(sorted(values)))).toEqual([1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 10 ** -5, 10 ** -4]);
    expect(describeBins(computeBins({}, values))).toBe(
      `(1e-9,1e-8]:1, (1e-8,1e-7]:1, (1e-7,0.000001]:3, (0.000001,${10 ** -5}]:2, (${10 ** -5},${10 ** -4}]:2, >${10 ** -4}:2`,
    );
  });
  it('spread 1: 10^e/3, then 10^i and 3·10^i', () => {
    // exponents: 6×-6, 6×-5 → q1 -6, q3 -5, box [-6, -5]
    const values = ['1e-6', '2e-6', '3e-6', '4e-6', '5e-6', '6e-6', '1e-5', '2e-5', '3e-5', '4e-5', '5e-5', '6e-5'];
    expect(nums(scientificBoundaries(sorted(values)))).toEqual([10 ** -6 / 3, 1e-6, 3e-6, 10 ** -5, 3 * 10 ** -5, 10 ** -4, 3 * 10 ** -4]);
  });
  it('no non-zero exponent: one bin over the whole range', () => {
    expect(nums(scientificBoundaries(sorted([1, 2, 3])))).toEqual([1, 3]);
  });
});

describe('linear interval (5.5.7)', () => {
  it('first candidate giving fewer than 20 bins', () => {
    expect(toNumber(binInterval(d(99), true))).toBe(5);
    expect(toNumber(binInterval(d(52), true))).toBe(5);
    expect(toNumber(binInterval(d(11), true))).toBe(1);
    expect(toNumber(binInterval(d('0.03'), false))).toBe(0.002);
    expect(toNumber(binInterval(d('0.03'), true))).toBe(1);
    expect(toNumber(binInterval(d(150000), true))).toBe(10000);
  });
});
