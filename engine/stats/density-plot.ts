// Density plot statistics (study-view.md 6.2), as cBioPortal's ClinicalDataDensityPlotServiceImpl:
// (x, y) pairs counted on a grid of equal-width cells (only non-empty cells returned, by x cell
// then y cell) and the Pearson and Spearman correlations of the pairs. A pool task.
import { sampleCorrelation } from 'simple-statistics';
import { spearmanCorrelation } from './spearman.js';

export interface DensityAxis {
  binCount: number;
  /** Requested bounds, untransformed (transformed here on a log axis); default: the data's extremes. */
  start?: number;
  end?: number;
  /** ln(1 + v) on this axis (the caller decides: MUTATION_COUNT only). */
  log: boolean;
}

export interface DensityInput {
  x: Float64Array;
  y: Float64Array;
  xAxis: DensityAxis;
  yAxis: DensityAxis;
}

export interface DensityPlotBin {
  binX: number;
  binY: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  count: number;
}

/** No pair: no correlation fields (reference). */
export interface DensityPlotData {
  bins: DensityPlotBin[];
  pearsonCorr?: number;
  spearmanCorr?: number;
}

const logScale = (v: number) => Math.log(1 + v);

/**
 * Cell index of a value: truncated toward zero, a NaN quotient (zero-width cells) → 0, and the
 * end of the axis into the last cell. Values off the axis crash the reference (index out of
 * range); they are clamped into the first or last cell, as the spec recommends.
 */
function cellOf(value: number, start: number, width: number, count: number): number {
  const q = Math.trunc((value - start) / width);
  if (Number.isNaN(q)) return 0;
  return Math.min(Math.max(q, 0), count - 1);
}

export function densityPlot(input: DensityInput): DensityPlotData {
  const { xAxis, yAxis } = input;
  const xs = new Float64Array(input.x.length);
  const ys = new Float64Array(input.x.length);
  let n = 0;
  for (let k = 0; k < input.x.length; k++) {
    const x = xAxis.log ? logScale(input.x[k]) : input.x[k];
    const y = yAxis.log ? logScale(input.y[k]) : input.y[k];
    // ln(1 + v) of v ≤ −1 (and overflowing text) is no point on the plot: dropped (the reference errs).
    if (Number.isFinite(x) && Number.isFinite(y)) {
      xs[n] = x;
      ys[n++] = y;
    }
  }
  if (n === 0) return { bins: [] };
  const x = xs.subarray(0, n);
  const y = ys.subarray(0, n);

  const bounds = (values: Float64Array, axis: DensityAxis) => {
    const at = (v: number | undefined, fallback: () => number) => (v === undefined ? fallback() : axis.log ? logScale(v) : v);
    const start = at(axis.start, () => values.reduce((m, v) => Math.min(m, v), Infinity));
    const end = at(axis.end, () => values.reduce((m, v) => Math.max(m, v), -Infinity));
    return { start, width: (end - start) / axis.binCount };
  };
  const bx = bounds(x, xAxis);
  const by = bounds(y, yAxis);

  // Cells keyed by i · (y cells) + j while that is exact, else by text: bin counts are request
  // parameters (up to 2^31 − 1 each), so no dense grid.
  const numericKeys = Number.isSafeInteger(xAxis.binCount * yAxis.binCount);
  const cells = new Map<number | string, DensityPlotBin & { i: number; j: number }>();
  for (let k = 0; k < n; k++) {
    const i = cellOf(x[k], bx.start, bx.width, xAxis.binCount);
    const j = cellOf(y[k], by.start, by.width, yAxis.binCount);
    const key = numericKeys ? i * yAxis.binCount + j : `${i}:${j}`;
    const cell = cells.get(key);
    if (cell === undefined) {
      cells.set(key, { i, j, binX: bx.start + i * bx.width, binY: by.start + j * by.width, minX: x[k], maxX: x[k], minY: y[k], maxY: y[k], count: 1 });
      continue;
    }
    cell.count++;
    cell.minX = Math.min(cell.minX, x[k]);
    cell.maxX = Math.max(cell.maxX, x[k]);
    cell.minY = Math.min(cell.minY, y[k]);
    cell.maxY = Math.max(cell.maxY, y[k]);
  }
  const bins = [...cells.values()]
    .sort((a, b) => a.i - b.i || a.j - b.j)
    .map(({ i: _i, j: _j, ...bin }) => bin);
  // Fewer than two pairs: both 0 (reference); a constant side gives NaN. Spearman's ρ by the
  // radix-sort midranks of spearman.ts: simple-statistics' sampleRankCorrelation (the same
  // midranks) sorts an array of pairs, ~100 ms at 272,000 samples.
  if (n < 2) return { bins, pearsonCorr: 0, spearmanCorr: 0 };
  return { bins, pearsonCorr: sampleCorrelation(Array.from(x), Array.from(y)), spearmanCorr: spearmanCorrelation(x, y) };
}
