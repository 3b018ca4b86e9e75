// Median, quartiles, IQR approximation and box range: the test facts of study-view.md 5.4 / 5.5.4.
import { describe, expect, it } from 'vitest';
import { parseDec, toNumber, type Dec } from './decimal.js';
import { boxRange, iqrApproximation, median, q1, q3 } from './quantiles.js';
import { quartileBoundaries } from './quartile.js';
import { SortedRuns } from './sorted-runs.js';

/** One value per case, sorted. */
const decs = (values: number[]): SortedRuns => SortedRuns.ofList(values.map((v) => parseDec(String(v))));
const upTo = (n: number): SortedRuns => decs(Array.from({ length: n }, (_, i) => i + 1));
const num = (d: Dec | undefined): number | undefined => (d === undefined ? undefined : toNumber(d));

describe('quantiles', () => {
  it('median, Q1, Q3', () => {
    expect(num(median(upTo(6)))).toBe(3.5);
    expect(num(median(upTo(7)))).toBe(4);
    expect(num(q1(upTo(6)))).toBe(2);
    expect(num(q1(upTo(11)))).toBe(3);
    expect(num(q3(upTo(6)))).toBe(5);
    expect(num(q3(upTo(9)))).toBe(7.5);
    expect(median(decs([]))).toBeUndefined();
  });
  it('quartile boundaries', () => {
    const b = (values: SortedRuns): number[] => quartileBoundaries(values).map(toNumber);
    expect(b(upTo(9))).toEqual([2.5, 5, 7.5]);
    expect(b(upTo(8))).toEqual([2.5, 4.5, 6.5]);
    expect(b(decs(Array<number>(11).fill(1)))).toEqual([1]);
    expect(b(decs([1, 1, 1, 10, 10, 10, 10, 10, 10]))).toEqual([1, 10]);
    expect(b(decs([1, 1, 1, 1, 1, 1, 10, 10, 10]))).toEqual([1, 10]);
  });
  it('IQR approximation of 1..8 is (3, 7); ties at the maximum are dropped and retried', () => {
    expect(iqrApproximation(upTo(8))?.map(toNumber)).toEqual([3, 7]);
    // 1, 2, 9×9: q1 = S[2] = q3 = S[8] = 9 = max → retry on [1, 2]: (1, 2)
    expect(iqrApproximation(decs([1, 2, 9, 9, 9, 9, 9, 9, 9, 9, 9]))?.map(toNumber)).toEqual([1, 2]);
    // 1×3, 9×9: 9 = max → retry on [1, 1, 1]: 1 = max → retry on []: nothing → keep the original (9, 9)
    expect(iqrApproximation(decs([1, 1, 1, 9, 9, 9, 9, 9, 9, 9, 9, 9]))?.map(toNumber)).toEqual([9, 9]);
    // 1..4 then 12×5: q1 = S[4] = q3 = S[12] = 5 = max → retry on 1..4: (2, 4)
    expect(iqrApproximation(decs([1, 2, 3, 4, ...Array<number>(12).fill(5)]))?.map(toNumber)).toEqual([2, 4]);
  });
  it('box range by magnitude', () => {
    const box = (values: number[]): number[] => {
      const b = boxRange(decs(values))!;
      return [toNumber(b.lower), toNumber(b.upper)];
    };
    // 1..100: q1 26, q3 76 → [-49, 151] → clamped [1, 100]
    expect(box(Array.from({ length: 100 }, (_, i) => i + 1))).toEqual([1, 100]);
    // q3 ≥ 1: 1.5 iqr = 0.15 from (1.1, 1.2): lower 0.95 → floor 0.9 (below min), upper 1.35 → ceil 1.4
    expect(box([0.5, 1.1, 1.1, 1.2, 1.2, 1.2, 1.2, 1.2, 9])).toEqual([0.9, 1.4]);
    // 0.001 ≤ q3 < 1: half-up to 3 decimals: q1 0.0101, q3 0.0102 → [0.00995, 0.01035] → [0.010, 0.010]
    expect(box([0.001, 0.0101, 0.0101, 0.0102, 0.0102, 0.0102, 0.0102, 0.0102, 0.5])).toEqual([0.01, 0.01]);
    // q3 < 0.001: unrounded
    expect(box([0.00001, 0.0001, 0.0001, 0.0002, 0.0002, 0.0002, 0.0002, 0.0002, 0.0009])).toEqual([0.00001, 0.00035]);
    expect(box([4, 4, 4])).toEqual([4, 4]);
    expect(boxRange(decs([]))).toBeUndefined();
  });
});
