// Violin plot statistics (study-view.md 6.1), as cBioPortal's ViolinPlotServiceImpl: per category a
// box (legacy percentiles, fences at 1.5 and 3 IQR), a Gaussian kernel density curve of its
// non-outliers on one grid shared by all categories, and its points (outliers, or every value of a
// category of at most 7). A pool task over compact columns.

/** Categories with at most this many values get no curve, only points. */
const SHOW_ONLY_POINTS_THRESHOLD = 7;

export interface ViolinInput {
  /** Numbers of every category; category c holds values[offsets[c]] … values[offsets[c + 1] - 1]. */
  values: Float64Array;
  offsets: Int32Array;
  /** 1 where the value's sample is in the request's own cohort (counted in numSamples). */
  kept: Uint8Array;
  /** Transform every value v into ln(1 + v) (the caller decides: MUTATION_COUNT only). */
  logScale: boolean;
  /** Replace the data's axis bounds; in transformed units. */
  axisStart?: number;
  axisEnd?: number;
  numCurvePoints: number;
  sigmaMultiplier: number;
}

export interface ViolinBox {
  whiskerLower: number;
  whiskerUpper: number;
  median: number;
  q1: number;
  q3: number;
}

export interface ViolinRow {
  /** Index of the category in the input. */
  category: number;
  numSamples: number;
  curveData: number[];
  boxData: ViolinBox;
  /** Indices into the input values of the individual points, and their (transformed) values. */
  points: number[];
  pointValues: number[];
}

/** No row at all gives axisStart +∞ and axisEnd −∞ (the reference's empty answer). */
export interface ViolinStats {
  axisStart: number;
  axisEnd: number;
  rows: ViolinRow[];
}

/**
 * Percentile of sorted values, Apache Commons Math's "legacy" estimator: position p·(n + 1)/100,
 * clamped to the ends, linear interpolation between neighbours (NumPy's method 'weibull').
 */
export function legacyPercentile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  if (n === 1) return sorted[0];
  const pos = (p * (n + 1)) / 100;
  if (pos < 1) return sorted[0];
  if (pos >= n) return sorted[n - 1];
  const lower = sorted[Math.floor(pos) - 1];
  const upper = sorted[Math.floor(pos)];
  return lower + (pos - Math.floor(pos)) * (upper - lower);
}

/** Distinct values and how often each occurs: cohorts repeat values (ages, counts) a lot. */
function tally(values: readonly number[]): { means: number[]; counts: number[] } {
  const byValue = new Map<number, number>();
  for (const v of values) byValue.set(v, (byValue.get(v) ?? 0) + 1);
  return { means: [...byValue.keys()], counts: [...byValue.values()] };
}

/**
 * Σ of normal densities N(v, σ) at x over the values (each distinct value once, times its count),
 * summed with compensation (the reference sums exactly).
 */
function densitySum({ means, counts }: { means: readonly number[]; counts: readonly number[] }, x: number, sigma: number): number {
  const norm = 1 / (sigma * Math.sqrt(2 * Math.PI));
  const i2s2 = 0.5 / (sigma * sigma);
  let sum = 0;
  let compensation = 0;
  for (let i = 0; i < means.length; i++) {
    const term = counts[i] * norm * Math.exp(-(x - means[i]) * (x - means[i]) * i2s2);
    const t = sum + term;
    compensation += Math.abs(sum) >= term ? sum - t + term : term - t + sum;
    sum = t;
  }
  return sum + compensation;
}

interface CategoryBox {
  category: number;
  box: ViolinBox;
  min: number;
  max: number;
  /** Input indices and transformed values, in input order. */
  inliers: { index: number; value: number }[];
  outliers: { index: number; value: number }[];
}

/**
 * Box and outliers of one category. A value at or beyond a 1.5·IQR fence is "suspected"; at or
 * beyond the 3·IQR fence it is an outlier. Any suspected value (either side) puts both whiskers
 * on the 1.5·IQR fences, else they are the minimum and maximum (reference behaviour).
 */
function boxOf(category: number, entries: { index: number; value: number }[]): CategoryBox {
  const sorted = Float64Array.from(entries, (e) => e.value).sort();
  const q1 = legacyPercentile(sorted, 25);
  const q3 = legacyPercentile(sorted, 75);
  const iqr = q3 - q1;
  const suspectedLower = q1 - 1.5 * iqr;
  const suspectedUpper = q3 + 1.5 * iqr;
  const outlierLower = q1 - 3 * iqr;
  const outlierUpper = q3 + 3 * iqr;
  let suspected = 0;
  const inliers: CategoryBox['inliers'] = [];
  const outliers: CategoryBox['outliers'] = [];
  for (const e of entries) {
    let outlier = false;
    if (e.value <= suspectedLower) {
      suspected++;
      outlier = e.value <= outlierLower;
    } else if (e.value >= suspectedUpper) {
      suspected++;
      outlier = e.value >= outlierUpper;
    }
    (outlier ? outliers : inliers).push(e);
  }
  const min = sorted[0];
  const max = sorted[sorted.length - 1];
  return {
    category,
    box: {
      whiskerLower: suspected > 0 ? suspectedLower : min,
      whiskerUpper: suspected > 0 ? suspectedUpper : max,
      median: legacyPercentile(sorted, 50),
      q1,
      q3,
    },
    min,
    max,
    inliers,
    outliers,
  };
}

export function violinPlot(input: ViolinInput): ViolinStats {
  const boxes: CategoryBox[] = [];
  for (let c = 0; c + 1 < input.offsets.length; c++) {
    const entries: { index: number; value: number }[] = [];
    for (let i = input.offsets[c]; i < input.offsets[c + 1]; i++) {
      const value = input.logScale ? Math.log(1 + input.values[i]) : input.values[i];
      // ln(1 + v) of v ≤ −1 (and overflowing text) is no point on any axis: dropped (the reference errs or plots NaN).
      if (Number.isFinite(value)) entries.push({ index: i, value });
    }
    if (entries.length > 0) boxes.push(boxOf(c, entries));
  }
  if (boxes.length === 0) return { axisStart: Infinity, axisEnd: -Infinity, rows: [] };

  const axisStart = input.axisStart ?? boxes.reduce((m, b) => Math.min(m, b.min), Infinity);
  const axisEnd = input.axisEnd ?? boxes.reduce((m, b) => Math.max(m, b.max), -Infinity);
  // A fractional point count sets the step but the grid has its integer part of points (as the reference).
  const step = (axisEnd - axisStart) / (input.numCurvePoints - 1);
  const grid = Array.from({ length: Math.max(0, Math.trunc(input.numCurvePoints)) }, (_, i) => axisStart + i * step);
  const sigma = input.sigmaMultiplier * step;

  const rows = boxes.map((b): ViolinRow => {
    const all = [...b.inliers, ...b.outliers];
    const numSamples = all.filter((e) => input.kept[e.index] === 1).length;
    const boxData = { ...b.box, whiskerLower: Math.max(b.box.whiskerLower, axisStart), whiskerUpper: Math.min(b.box.whiskerUpper, axisEnd) };
    // A kernel needs σ > 0: with a degenerate grid (axisStart ≥ axisEnd, fewer than two points,
    // sigmaMultiplier ≤ 0) the reference answers 500; the category is then shown as points.
    const noKernel = b.inliers.length > 0 && !(sigma > 0 && Number.isFinite(sigma));
    if (all.length <= SHOW_ONLY_POINTS_THRESHOLD || noKernel)
      return { category: b.category, numSamples, curveData: [], boxData, points: all.map((e) => e.index), pointValues: all.map((e) => e.value) };
    const means = tally(b.inliers.map((e) => e.value));
    return {
      category: b.category,
      numSamples,
      curveData: grid.map((p) => densitySum(means, p, sigma)),
      boxData,
      points: b.outliers.map((e) => e.index),
      pointValues: b.outliers.map((e) => e.value),
    };
  });
  return { axisStart, axisEnd, rows };
}
