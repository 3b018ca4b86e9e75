// Reference values: NumPy 2 / SciPy 1.17, script test/reference/density-plot.py: cells
// i = clip(trunc((x − start)/w), 0, count − 1) (NaN → 0) with w = (end − start)/binCount, per cell
// its count and extremes; scipy.stats.pearsonr(x, y).statistic and spearmanr(x, y).statistic.
import { describe, expect, it } from 'vitest';
import { densityPlot, type DensityAxis, type DensityPlotBin } from './density-plot.js';

const rel = (actual: number | undefined, expected: number) =>
  expected === 0 ? expect(actual).toBe(0) : expect(Math.abs((actual ?? NaN) - expected) / Math.abs(expected)).toBeLessThan(1e-9);

function expectBins(actual: DensityPlotBin[], expected: DensityPlotBin[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((bin, k) => {
    expect(bin.count).toBe(expected[k].count);
    for (const f of ['binX', 'binY', 'minX', 'maxX', 'minY', 'maxY'] as const) rel(bin[f], expected[k][f]);
  });
}

const axis = (binCount: number, more: Partial<DensityAxis> = {}): DensityAxis => ({ binCount, log: false, ...more });
const run = (x: number[], y: number[], xAxis: DensityAxis, yAxis: DensityAxis) =>
  densityPlot({ x: Float64Array.from(x), y: Float64Array.from(y), xAxis, yAxis });
const bin = (binX: number, binY: number, minX: number, maxX: number, minY: number, maxY: number, count: number) =>
  ({ binX, binY, minX, maxX, minY, maxY, count });

const X = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const Y = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3];

describe('densityPlot', () => {
  it('counts the pairs on the data-bounded grid, non-empty cells by x then y, the maximum in the last cell', () => {
    // density(X, Y, 4, 3)
    const r = run(X, Y, axis(4), axis(3));
    expectBins(r.bins, [
      bin(1, 1, 1, 2, 1, 3, 2), bin(1, 3.6666666666666665, 3, 3, 4, 4, 1), bin(3.25, 1, 4, 4, 1, 1, 1),
      bin(3.25, 3.6666666666666665, 5, 5, 5, 5, 1), bin(5.5, 1, 7, 7, 2, 2, 1), bin(5.5, 6.333333333333333, 6, 6, 9, 9, 1),
      bin(7.75, 1, 10, 10, 3, 3, 1), bin(7.75, 3.6666666666666665, 8, 9, 5, 6, 2),
    ]);
    rel(r.pearsonCorr, 0.33432539901899483);
    rel(r.spearmanCorr, 0.3914537831560393);
  });

  it('clamps points outside requested bounds into the first or last cell', () => {
    // density(X, Y, 4, 3, xs=2, xe=8, ys=2, ye=6)
    const r = run(X, Y, axis(4, { start: 2, end: 8 }), axis(3, { start: 2, end: 6 }));
    expectBins(r.bins, [
      bin(2, 2, 1, 2, 1, 3, 2), bin(2, 3.333333333333333, 3, 3, 4, 4, 1), bin(3.5, 2, 4, 4, 1, 1, 1),
      bin(5, 4.666666666666666, 5, 6, 5, 9, 2), bin(6.5, 2, 7, 10, 2, 3, 2), bin(6.5, 4.666666666666666, 8, 9, 5, 6, 2),
    ]);
    rel(r.pearsonCorr, 0.33432539901899483);
  });

  it('on log axes uses ln(1 + v) for values and bounds, dropping pairs with v ≤ −1', () => {
    const LX = [0, 1, 3, -1, 7, 15, 2];
    const LY = [0, 2, -2, 5, 3, 1, 8];
    // density(LX, LY, 3, 3, xlog=True, ylog=True): (3, −2) and (−1, 5) dropped
    const both = run(LX, LY, axis(3, { log: true }), axis(3, { log: true }));
    expectBins(both.bins, [
      bin(0, 0, 0, 0, 0, 0, 1),
      bin(0, 0.7324081924454066, 0.6931471805599453, 0.6931471805599453, 1.0986122886681098, 1.0986122886681098, 1),
      bin(0.9241962407465937, 1.4648163848908131, 1.0986122886681098, 1.0986122886681098, 2.1972245773362196, 2.1972245773362196, 1),
      bin(1.8483924814931874, 0, 2.772588722239781, 2.772588722239781, 0.6931471805599453, 0.6931471805599453, 1),
      bin(1.8483924814931874, 0.7324081924454066, 2.0794415416798357, 2.0794415416798357, 1.3862943611198906, 1.3862943611198906, 1),
    ]);
    rel(both.pearsonCorr, 0.23274389984721996);
    rel(both.spearmanCorr, 0.3);
    // density(LX, LY, 3, 2, xs=0, xe=15, xlog=True): bounds transformed too, y linear keeps (3, −2)
    const xOnly = run(LX, LY, axis(3, { log: true, start: 0, end: 15 }), axis(2));
    expectBins(xOnly.bins, [
      bin(0, -2, 0, 0.6931471805599453, 0, 2, 2), bin(0.9241962407465937, -2, 1.3862943611198906, 1.3862943611198906, -2, -2, 1),
      bin(0.9241962407465937, 3, 1.0986122886681098, 1.0986122886681098, 8, 8, 1),
      bin(1.8483924814931874, -2, 2.772588722239781, 2.772588722239781, 1, 1, 1),
      bin(1.8483924814931874, 3, 2.0794415416798357, 2.0794415416798357, 3, 3, 1),
    ]);
    rel(xOnly.pearsonCorr, 0.02101694666847266);
    rel(xOnly.spearmanCorr, 0.08571428571428573);
  });

  it('follows the reference at the edges: one pair → correlations 0, constant side → NaN, nothing → no fields', () => {
    // One pair: zero-width cells, 0/0 → cell 0.
    expect(run([5], [7], axis(50), axis(50))).toEqual({ bins: [bin(5, 7, 5, 5, 7, 7, 1)], pearsonCorr: 0, spearmanCorr: 0 });
    const constant = run([2, 2, 2], [1, 2, 3], axis(10), axis(10));
    expect(constant.bins.map((b) => [b.binX, b.binY, b.count])).toEqual([[2, 1, 1], [2, 2, 1], [2, 2.8, 1]]);
    expect(constant.pearsonCorr).toBeNaN();
    expect(constant.spearmanCorr).toBeNaN();
    expect(run([], [], axis(50), axis(50))).toEqual({ bins: [] });
    expect(run([-1, -3], [1, 2], axis(5, { log: true }), axis(5))).toEqual({ bins: [] });
  });

  it('counts on a map of the occupied cells beyond a grid of 2^18 cells, in the same order', () => {
    // 600 × 600 cells: every pair of X, Y (distinct x) alone in its cell, by x.
    const { bins } = run(X, Y, axis(600), axis(600));
    expect(bins.map((b) => [b.minX, b.maxX, b.minY, b.maxY, b.count])).toEqual(X.map((x, k) => [x, x, Y[k], Y[k], 1]));
  });

  it('keeps cells apart whatever the bin counts (up to 2^31 − 1 per axis)', () => {
    // x = 1 falls in the last x cell, y = 0 and 1 in y cells 0 and 1: i · (y cells) + j is about
    // 4.6e18 there, where doubles are 1,024 apart, so those two cells would be counted as one.
    const huge = 2_147_483_647;
    const { bins } = run([0, 1, 1], [huge, 0, 1], axis(huge), axis(huge));
    expect(bins.map((b) => [b.minX, b.minY, b.count])).toEqual([[0, huge, 1], [1, 0, 1], [1, 1, 1]]);
  });
});
