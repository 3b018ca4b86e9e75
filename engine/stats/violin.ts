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
  /** Transform every value v into ln(1 + v). */
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
  /**
   * Indices into the input values of the individual points, and their (transformed) values: the
   * first `inlierPoints` are inliers (a category shown as points only), the rest outliers; each
   * part in input order.
   */
  points: number[];
  pointValues: number[];
  inlierPoints: number;
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

/** Distinct values and how often each occurs, in order of first occurrence: cohorts repeat values (ages, counts) a lot. */
function tally(values: Float64Array, take: (i: number) => boolean): { means: number[]; counts: number[] } {
  const byValue = new Map<number, number>();
  for (let i = 0; i < values.length; i++) if (take(i)) byValue.set(values[i], (byValue.get(values[i]) ?? 0) + 1);
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
  /** The category's finite values (transformed), in input order, their input indices, and 1 for an outlier. */
  values: Float64Array;
  indices: Int32Array;
  outlier: Uint8Array;
}

/**
 * Box and outliers of one category. A value at or beyond a 1.5·IQR fence is "suspected"; at or
 * beyond the 3·IQR fence it is an outlier. Any suspected value (either side) puts both whiskers
 * on the 1.5·IQR fences, else they are the minimum and maximum (reference behaviour).
 */
function boxOf(category: number, values: Float64Array, indices: Int32Array): CategoryBox {
  const sorted = values.slice().sort();
  const q1 = legacyPercentile(sorted, 25);
  const q3 = legacyPercentile(sorted, 75);
  const iqr = q3 - q1;
  const suspectedLower = q1 - 1.5 * iqr;
  const suspectedUpper = q3 + 1.5 * iqr;
  const outlierLower = q1 - 3 * iqr;
  const outlierUpper = q3 + 3 * iqr;
  let suspected = 0;
  const outlier = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v <= suspectedLower) {
      suspected++;
      outlier[i] = v <= outlierLower ? 1 : 0;
    } else if (v >= suspectedUpper) {
      suspected++;
      outlier[i] = v >= outlierUpper ? 1 : 0;
    }
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
    values,
    indices,
    outlier,
  };
}

export function violinPlot(input: ViolinInput): ViolinStats {
  const boxes: CategoryBox[] = [];
  for (let c = 0; c + 1 < input.offsets.length; c++) {
    const from = input.offsets[c];
    const values = new Float64Array(input.offsets[c + 1] - from);
    const indices = new Int32Array(values.length);
    let n = 0;
    for (let i = from; i < input.offsets[c + 1]; i++) {
      const value = input.logScale ? Math.log(1 + input.values[i]) : input.values[i];
      // ln(1 + v) of v ≤ −1 (and overflowing text) is no point on any axis: dropped (the reference errs or plots NaN).
      if (!Number.isFinite(value)) continue;
      values[n] = value;
      indices[n++] = i;
    }
    if (n > 0) boxes.push(boxOf(c, values.subarray(0, n), indices.subarray(0, n)));
  }
  if (boxes.length === 0) return { axisStart: Infinity, axisEnd: -Infinity, rows: [] };

  const axisStart = input.axisStart ?? boxes.reduce((m, b) => Math.min(m, b.min), Infinity);
  const axisEnd = input.axisEnd ?? boxes.reduce((m, b) => Math.max(m, b.max), -Infinity);
  // A fractional point count sets the step but the grid has its integer part of points (as the reference).
  const step = (axisEnd - axisStart) / (input.numCurvePoints - 1);
  const grid = Array.from({ length: Math.max(0, Math.trunc(input.numCurvePoints)) }, (_, i) => axisStart + i * step);
  const sigma = input.sigmaMultiplier * step;

  const rows = boxes.map((b): ViolinRow => {
    let numSamples = 0;
    for (const i of b.indices) numSamples += input.kept[i] === 1 ? 1 : 0;
    const boxData = { ...b.box, whiskerLower: Math.max(b.box.whiskerLower, axisStart), whiskerUpper: Math.min(b.box.whiskerUpper, axisEnd) };
    // Points: inliers then outliers, each in input order.
    const pointsOf = (outliers: boolean) => {
      const at = Array.from(b.outlier.keys()).filter((i) => (b.outlier[i] === 1) === outliers);
      return { points: at.map((i) => b.indices[i]), pointValues: at.map((i) => b.values[i]) };
    };
    const inliers = b.values.length - b.outlier.reduce((n, o) => n + o, 0);
    // A kernel needs σ > 0: with a degenerate grid (axisStart ≥ axisEnd, fewer than two points,
    // sigmaMultiplier ≤ 0) the reference answers 500; the category is then shown as points.
    const noKernel = inliers > 0 && !(sigma > 0 && Number.isFinite(sigma));
    if (b.values.length <= SHOW_ONLY_POINTS_THRESHOLD || noKernel) {
      const [inner, outer] = [pointsOf(false), pointsOf(true)];
      return {
        category: b.category, numSamples, curveData: [], boxData,
        points: [...inner.points, ...outer.points], pointValues: [...inner.pointValues, ...outer.pointValues], inlierPoints: inner.points.length,
      };
    }
    const means = tally(b.values, (i) => b.outlier[i] === 0);
    return { category: b.category, numSamples, curveData: grid.map((p) => densitySum(means, p, sigma)), boxData, ...pointsOf(true), inlierPoints: 0 };
  });
  return { axisStart, axisEnd, rows };
}
