// Group summaries over a resident profile matrix (engine/resident/profile-matrix.ts): rows are
// entities (genes, generic-assay entities), columns samples, NaN where a cell has no number. Per
// row and group: the number of values, their mean and sample variance (what Welch's t-test and
// ANOVA need, group-comparison.ts), and the values equal to 1 (binary generic assays). Pool tasks
// over a range of rows; the matrix is shared between threads, never copied.
import { compareGroups } from './group-comparison.js';

export interface MatrixGroupsInput {
  /** Row-major, `columnCount` cells per row; NaN = no number. */
  values: Float64Array;
  /** When set, `ones` counts this matrix's cells equal to 1 (the untransformed values of `values`). */
  raw?: Float64Array;
  columnCount: number;
  /** Per row, 1 when it has a NaN cell. */
  missing: Uint8Array;
  /** Rows from … to (exclusive). */
  from: number;
  to: number;
  /** The groups' columns, concatenated: group g is columns[offsets[g]] … columns[offsets[g + 1]]. */
  columns: Int32Array;
  offsets: Int32Array;
  /** Summarise this group as the rest of each row (matrixRowTotals: 3 numbers per row, all rows). */
  complement?: { group: number; totals: Float64Array };
}

/** Row r (from `from`), group g at r·k + g. A group without values has NaN mean and variance. */
export interface MatrixGroupSummaries {
  counts: Float64Array;
  means: Float64Array;
  variances: Float64Array;
  ones: Float64Array;
}

/**
 * Sums are shifted by the group's first value (the shifted-data algorithm: accurate when the shift
 * lies within the data, unlike raw sums of squares), four at a time so that the additions do not
 * wait on one another; a row without NaN skips the per-cell test.
 *
 * With `complement` (groups that share no column and together hold every column), the largest
 * group is not read: its count, mean and squared deviations are the row's totals less the other
 * groups'. A row where that subtraction would lose digits (the group's squared deviations or mean
 * small beside the totals) reads the group after all.
 */
export function summarizeMatrixGroups(input: MatrixGroupsInput): MatrixGroupSummaries {
  const { values, raw, columnCount, missing, from, to, columns, offsets, complement } = input;
  const k = offsets.length - 1;
  const size = (to - from) * k;
  const out = { counts: new Float64Array(size), means: new Float64Array(size), variances: new Float64Array(size), ones: new Float64Array(size) };
  const summary = { n: 0, mean: NaN, m2: NaN };
  const runs = runsOf(columns, offsets);
  for (let r = from; r < to; r++) {
    const base = r * columnCount;
    const at = (r - from) * k;
    for (let g = 0; g < k; g++) {
      if (g === complement?.group) continue;
      summarize(values, base, runs, g, missing[r] === 0, summary);
      store(out, at + g, summary);
      if (raw) {
        let ones = 0;
        for (let i = offsets[g]; i < offsets[g + 1]; i++) if (raw[base + columns[i]] === 1) ones++;
        out.ones[at + g] = ones;
      }
    }
    if (complement === undefined) continue;
    const { group, totals } = complement;
    const total = { n: totals[3 * r], mean: totals[3 * r + 1], m2: totals[3 * r + 2] };
    // Σ over groups of [m2_g + n_g (mean_g − mean)²] is the row's m2 (the parallel-variance identity).
    let n = total.n;
    let sum = total.n * total.mean;
    let m2 = total.m2;
    let scale = Math.abs(sum);
    for (let g = 0; g < k; g++) {
      const c = out.counts[at + g];
      if (g === group || c === 0) continue;
      const mean = out.means[at + g];
      n -= c;
      sum -= c * mean;
      scale += Math.abs(c * mean);
      m2 -= (c > 1 ? out.variances[at + g] * (c - 1) : 0) + c * (mean - total.mean) ** 2;
    }
    const mean = n > 0 ? sum / n : NaN;
    m2 -= n * (mean - total.mean) ** 2;
    if (n > 0 && m2 >= 1e-5 * total.m2 && Math.abs(sum) >= 1e-5 * scale) {
      store(out, at + group, { n, mean, m2 });
    } else {
      summarize(values, base, runs, group, missing[r] === 0, summary);
      store(out, at + group, summary);
    }
  }
  return out;
}

/**
 * A group's columns as runs of consecutive columns (start, end exclusive), so that a group of
 * adjacent samples is read straight through rather than column by column.
 */
interface Runs {
  bounds: Int32Array;
  /** Group g holds runs offsets[g] … offsets[g + 1]. */
  offsets: Int32Array;
}

function runsOf(columns: Int32Array, offsets: Int32Array): Runs {
  const bounds: number[] = [];
  const runOffsets = new Int32Array(offsets.length);
  for (let g = 0; g + 1 < offsets.length; g++) {
    for (let i = offsets[g]; i < offsets[g + 1]; i++) {
      if (i > offsets[g] && columns[i] === bounds[bounds.length - 1]) bounds[bounds.length - 1]++;
      else bounds.push(columns[i], columns[i] + 1);
    }
    runOffsets[g + 1] = bounds.length / 2;
  }
  return { bounds: Int32Array.from(bounds), offsets: runOffsets };
}

/** The count, mean and squared deviations of group g's cells in the row at `base`. */
function summarize(values: Float64Array, base: number, runs: Runs, g: number, complete: boolean, out: { n: number; mean: number; m2: number }): void {
  const { bounds } = runs;
  let n = 0;
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  let q0 = 0, q1 = 0, q2 = 0, q3 = 0;
  let shift = NaN;
  for (let run = runs.offsets[g]; run < runs.offsets[g + 1]; run++) {
    const from = base + bounds[2 * run];
    const to = base + bounds[2 * run + 1];
    if (complete) {
      if (n === 0) shift = values[from];
      n += to - from;
      let i = from;
      for (; i + 3 < to; i += 4) {
        const d0 = values[i] - shift;
        const d1 = values[i + 1] - shift;
        const d2 = values[i + 2] - shift;
        const d3 = values[i + 3] - shift;
        s0 += d0; s1 += d1; s2 += d2; s3 += d3;
        q0 += d0 * d0; q1 += d1 * d1; q2 += d2 * d2; q3 += d3 * d3;
      }
      for (; i < to; i++) {
        const d = values[i] - shift;
        s0 += d;
        q0 += d * d;
      }
    } else {
      for (let i = from; i < to; i++) {
        const x = values[i];
        if (x !== x) continue;
        if (n++ === 0) shift = x;
        const d = x - shift;
        s0 += d;
        q0 += d * d;
      }
    }
  }
  const s = s0 + s1 + s2 + s3;
  out.n = n;
  out.mean = n > 0 ? shift + s / n : NaN;
  out.m2 = n > 0 ? Math.max(0, q0 + q1 + q2 + q3 - (s * s) / n) : NaN;
}

function store(out: MatrixGroupSummaries, at: number, s: { n: number; mean: number; m2: number }): void {
  out.counts[at] = s.n;
  out.means[at] = s.mean;
  out.variances[at] = s.n > 1 ? Math.max(0, s.m2) / (s.n - 1) : NaN;
}

/**
 * Per row from … to, three numbers: the count of its numbers, their mean and squared deviations,
 * the totals a `complement` summary subtracts from. Two passes, the first shifted by the row's
 * first number, so that a constant row has exactly its value as mean and 0 as squared deviations.
 */
export function matrixRowTotals(input: { values: Float64Array; columnCount: number; from: number; to: number }): Float64Array {
  const { values, columnCount, from, to } = input;
  const out = new Float64Array(3 * (to - from));
  for (let r = from; r < to; r++) {
    const base = r * columnCount;
    let n = 0;
    let shift = NaN;
    let sum = 0;
    for (let c = 0; c < columnCount; c++) {
      const x = values[base + c];
      if (x !== x) continue;
      if (n++ === 0) shift = x;
      sum += x - shift;
    }
    const mean = shift + sum / n;
    let m2 = 0;
    for (let c = 0; c < columnCount; c++) {
      const x = values[base + c];
      if (x === x) m2 += (x - mean) * (x - mean);
    }
    out.set([n, mean, n > 0 ? m2 : NaN], 3 * (r - from));
  }
  return out;
}

/** The summaries and their comparison (compareGroups: Welch's t-test or ANOVA per row). */
export function compareMatrixGroups(input: MatrixGroupsInput): MatrixGroupSummaries & { comparison: Float64Array } {
  const summaries = summarizeMatrixGroups(input);
  return { ...summaries, comparison: compareGroups({ ...summaries, groupCount: input.offsets.length - 1 }) };
}

/** Writes log2(max(x, 0) + 1) of rows from … to of `values` into `out` (the same shape); NaN stays NaN. */
export function log2MatrixRows(input: { values: Float64Array; out: Float64Array; columnCount: number; from: number; to: number }): void {
  const { values, out, columnCount } = input;
  for (let i = input.from * columnCount, end = input.to * columnCount; i < end; i++) out[i] = Math.log(Math.max(values[i], 0) + 1) / Math.LN2;
}
