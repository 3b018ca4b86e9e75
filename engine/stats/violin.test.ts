// Reference values: NumPy 2 / SciPy 1.17 (script test/reference/violin.py, calls shown per case):
// quartiles np.percentile(a, [25, 50, 75], method='weibull') (the legacy estimator p·(n + 1)),
// curves math.fsum(scipy.stats.norm.pdf(p, loc=v, scale=σ) for v in inliers) on the grid
// p_i = start + i·step, step = (end − start)/(numCurvePoints − 1), σ = sigmaMultiplier·step.
import { describe, expect, it } from 'vitest';
import { legacyPercentile, violinPlot, type ViolinInput } from './violin.js';

const rel = (actual: number, expected: number) =>
  expected === 0 ? expect(actual).toBe(0) : expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(1e-9);
const relAll = (actual: readonly number[], expected: readonly number[]) => {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((a, i) => rel(a, expected[i]));
};

/** Input from categories of values; every sample kept unless `kept` says otherwise. */
function input(categories: number[][], options: Partial<ViolinInput> = {}): ViolinInput {
  const values = Float64Array.from(categories.flat());
  const offsets = Int32Array.from([0, ...categories.map((_, c) => categories.slice(0, c + 1).flat().length)]);
  return { values, offsets, kept: new Uint8Array(values.length).fill(1), logScale: false, numCurvePoints: 100, sigmaMultiplier: 1, ...options };
}

const A = [1, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 14, 40];
const B = [0.5, 7, 8, 9, 10];

describe('legacyPercentile', () => {
  it('interpolates at p·(n + 1)/100 and clamps to the ends', () => {
    const a = Float64Array.from(A);
    rel(legacyPercentile(a, 25), 2.625);
    rel(legacyPercentile(a, 50), 4.25);
    rel(legacyPercentile(a, 75), 5.875);
    expect(legacyPercentile([1, 2], 25)).toBe(1); // pos 0.75 < 1
    expect(legacyPercentile([1, 2], 75)).toBe(2); // pos 2.25 ≥ n
    expect(legacyPercentile([7], 25)).toBe(7);
    expect(legacyPercentile([], 50)).toBeNaN();
  });
});

describe('violinPlot', () => {
  it('draws a curve of the non-outliers of a large category and shows a small one as points', () => {
    // A: IQR 3.25, suspected ≥ 10.75 (14), outliers ≥ 15.625 (40); B: 5 values ≤ 7 → points only.
    const kept = Uint8Array.from([1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, /* B */ 1, 0, 1, 1, 1]);
    const stats = violinPlot(input([A, B], { kept, numCurvePoints: 5 }));
    expect(stats.axisStart).toBe(0.5);
    expect(stats.axisEnd).toBe(40);
    const [a, b] = stats.rows;
    expect(a.category).toBe(0);
    expect(a.numSamples).toBe(10);
    // curve(A without 40, start 0.5, end 40, 5 points, multiplier 1): σ = 9.875
    relAll(a.curveData, [0.39513920404153996, 0.35724339195557653, 0.1343536394335749, 0.02272260584879703, 0.0018020683999153502]);
    // Any suspected value puts both whiskers on the 1.5·IQR fences; −2.25 is then clamped to axisStart.
    expect(a.boxData).toEqual({ whiskerLower: 0.5, whiskerUpper: 10.75, median: 4.25, q1: 2.625, q3: 5.875 });
    expect(a.points).toEqual([11]);
    expect(a.pointValues).toEqual([40]);
    expect(b.numSamples).toBe(4);
    expect(b.curveData).toEqual([]);
    expect(b.boxData).toEqual({ whiskerLower: 0.5, whiskerUpper: 10, median: 8, q1: 3.75, q3: 9.5 });
    expect(b.points).toEqual([12, 13, 14, 15, 16]);
    expect(b.pointValues).toEqual(B);
  });

  it('uses the requested axis bounds, a fractional point count and the sigma multiplier', () => {
    // curve(A without 40, 0.5, 40, 3.5, 2): step 39.5/2.5, 3 points, σ = 2·step
    const stats = violinPlot(input([A], { axisStart: 0.5, axisEnd: 40, numCurvePoints: 3.5, sigmaMultiplier: 2 }));
    relAll(stats.rows[0].curveData, [0.1369818186943866, 0.1290785674282841, 0.09499655532257661]);
    // Requested bounds clamp the whiskers.
    const narrow = violinPlot(input([A], { axisStart: 3, axisEnd: 9 }));
    expect([narrow.axisStart, narrow.axisEnd]).toEqual([3, 9]);
    expect(narrow.rows[0].boxData).toMatchObject({ whiskerLower: 3, whiskerUpper: 9 });
  });

  it('without suspected values puts the whiskers on the extremes', () => {
    // C = 1..10: quartiles 2.75, 5.5, 8.25; curve(C, 1, 10, 4, 1)
    const c = Array.from({ length: 10 }, (_, i) => i + 1);
    const [row] = violinPlot(input([c], { numCurvePoints: 4 })).rows;
    expect(row.boxData).toEqual({ whiskerLower: 1, whiskerUpper: 10, median: 5.5, q1: 2.75, q3: 8.25 });
    relAll(row.curveData, [0.565757380549099, 0.8646747919507802, 0.8646747919507802, 0.565757380549099]);
    expect(row.points).toEqual([]);
  });

  it('makes a single value its own outlier', () => {
    const stats = violinPlot(input([[7]]));
    expect(stats).toEqual({
      axisStart: 7, axisEnd: 7,
      rows: [{ category: 0, numSamples: 1, curveData: [], boxData: { whiskerLower: 7, whiskerUpper: 7, median: 7, q1: 7, q3: 7 }, points: [0], pointValues: [7], inlierPoints: 0 }],
    });
  });

  it('makes every value of an all-equal category an outlier: a zero curve and all points', () => {
    // IQR 0: every value is ≤ q1 − 3·0. The other category gives the grid a width.
    const c = Array.from({ length: 10 }, (_, i) => i + 1);
    const [, equal] = violinPlot(input([c, Array<number>(9).fill(3)], { numCurvePoints: 4 })).rows;
    expect(equal.curveData).toEqual([0, 0, 0, 0]);
    expect(equal.points).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(equal.boxData).toEqual({ whiskerLower: 3, whiskerUpper: 3, median: 3, q1: 3, q3: 3 });
    // Alone, the grid has zero width; with no inlier no kernel is needed (as the reference).
    const alone = violinPlot(input([Array<number>(9).fill(3)], { numCurvePoints: 3 }));
    expect(alone.rows[0].curveData).toEqual([0, 0, 0]);
  });

  it('shows a large category as points when the grid gives no positive sigma (the reference errs)', () => {
    const c = Array.from({ length: 10 }, (_, i) => i + 1);
    for (const options of [{ sigmaMultiplier: 0 }, { numCurvePoints: 1 }, { axisStart: 10, axisEnd: 1 }]) {
      const [row] = violinPlot(input([c], options)).rows;
      expect(row.curveData).toEqual([]);
      expect(row.points).toHaveLength(10);
    }
  });

  it('drops empty categories and non-finite values; nothing left is the empty answer', () => {
    const stats = violinPlot(input([[], [NaN, 2, Infinity], [NaN]]));
    expect(stats.rows.map((r) => [r.category, r.pointValues])).toEqual([[1, [2]]]);
    expect(violinPlot(input([[], [NaN]]))).toEqual({ axisStart: Infinity, axisEnd: -Infinity, rows: [] });
    expect(violinPlot(input([]))).toEqual({ axisStart: Infinity, axisEnd: -Infinity, rows: [] });
  });

  it('on a log scale plots ln(1 + v), dropping v ≤ −1', () => {
    // np.log(1 + [0, -0.5, -1, -2, 1, 3, e - 1]) → finite: 0, ln 0.5, ln 2, ln 4, 1; quartiles of those
    const stats = violinPlot(input([[0, -0.5, -1, -2, 1, 3, Math.E - 1]], { logScale: true }));
    const [row] = stats.rows;
    relAll(row.pointValues, [0, -0.6931471805599453, 0.6931471805599453, 1.3862943611198906, 1]);
    expect(row.points).toEqual([0, 1, 4, 5, 6]);
    rel(row.boxData.q1, -0.34657359027997264);
    rel(row.boxData.median, 0.6931471805599453);
    rel(row.boxData.q3, 1.1931471805599454);
    rel(stats.axisStart, -0.6931471805599453);
    rel(stats.axisEnd, 1.3862943611198906);
  });
});
