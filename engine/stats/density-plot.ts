// Density plot statistics (study-view.md 6.2), as cBioPortal's ClinicalDataDensityPlotServiceImpl:
// (x, y) pairs counted on a grid of equal-width cells (only non-empty cells returned, by x cell
// then y cell) and the Pearson and Spearman correlations of the pairs. A pool task.
import { pearson } from './ranks.js';
import { spearmanCorrelation } from './spearman.js';

export interface DensityAxis {
  binCount: number;
  /** Requested bounds, untransformed (transformed here on a log axis); default: the data's extremes. */
  start?: number;
  end?: number;
  /** ln(1 + v) on this axis. */
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

  const bins = countCells(x, y, bx, by, xAxis.binCount, yAxis.binCount);
  // Fewer than two pairs: both 0 (reference); a constant side gives NaN. Spearman's ρ by the
  // radix-sort midranks of spearman.ts: simple-statistics' sampleRankCorrelation (the same
  // midranks) sorts an array of pairs, ~100 ms at 272,000 samples; its sampleCorrelation takes
  // ~13 ms there (arrays copied, several passes) where ranks.ts' two passes take under 1.
  if (n < 2) return { bins, pearsonCorr: 0, spearmanCorr: 0 };
  return { bins, pearsonCorr: pearson(x, y), spearmanCorr: spearmanCorrelation(x, y) };
}

/** Cells a grid of counts and extremes is used for (four 8-byte arrays each); beyond, a map of the occupied cells. */
const DENSE_CELLS = 1 << 18;

/** The non-empty cells of the grid, by x cell then y cell. */
function countCells(
  x: Float64Array, y: Float64Array, bx: { start: number; width: number }, by: { start: number; width: number }, xCount: number, yCount: number,
): DensityPlotBin[] {
  const bin = (i: number, j: number, count: number, minX: number, maxX: number, minY: number, maxY: number): DensityPlotBin =>
    ({ binX: bx.start + i * bx.width, binY: by.start + j * by.width, minX, maxX, minY, maxY, count });
  if (xCount * yCount <= DENSE_CELLS) {
    const cells = xCount * yCount;
    const counts = new Int32Array(cells);
    const minX = new Float64Array(cells).fill(Infinity);
    const maxX = new Float64Array(cells).fill(-Infinity);
    const minY = new Float64Array(cells).fill(Infinity);
    const maxY = new Float64Array(cells).fill(-Infinity);
    for (let k = 0; k < x.length; k++) {
      const c = cellOf(x[k], bx.start, bx.width, xCount) * yCount + cellOf(y[k], by.start, by.width, yCount);
      counts[c]++;
      minX[c] = Math.min(minX[c], x[k]);
      maxX[c] = Math.max(maxX[c], x[k]);
      minY[c] = Math.min(minY[c], y[k]);
      maxY[c] = Math.max(maxY[c], y[k]);
    }
    const bins: DensityPlotBin[] = [];
    for (let c = 0; c < cells; c++) {
      if (counts[c] > 0) bins.push(bin(Math.floor(c / yCount), c % yCount, counts[c], minX[c], maxX[c], minY[c], maxY[c]));
    }
    return bins;
  }
  // Keyed by i · (y cells) + j while that is exact, else by text: bin counts are request
  // parameters (up to 2^31 − 1 each).
  const numericKeys = Number.isSafeInteger(xCount * yCount);
  const cells = new Map<number | string, DensityPlotBin & { i: number; j: number }>();
  for (let k = 0; k < x.length; k++) {
    const i = cellOf(x[k], bx.start, bx.width, xCount);
    const j = cellOf(y[k], by.start, by.width, yCount);
    const key = numericKeys ? i * yCount + j : `${i}:${j}`;
    const cell = cells.get(key);
    if (cell === undefined) {
      cells.set(key, { i, j, ...bin(i, j, 1, x[k], x[k], y[k], y[k]) });
      continue;
    }
    cell.count++;
    cell.minX = Math.min(cell.minX, x[k]);
    cell.maxX = Math.max(cell.maxX, x[k]);
    cell.minY = Math.min(cell.minY, y[k]);
    cell.maxY = Math.max(cell.maxY, y[k]);
  }
  return [...cells.values()]
    .sort((a, b) => a.i - b.i || a.j - b.j)
    .map(({ i: _i, j: _j, ...bin }) => bin);
}
