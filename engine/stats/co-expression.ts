// Per-gene co-expression of cBioPortal v7 (api.md 22.2, ClickhouseCoExpressionMapper): Spearman's
// ρ of the (query gene, gene) value pairs, kept when |ρ| ≥ threshold; a gene failing the
// data-quality tests (< 3 pairs, constant, or at most n/2 distinct values) is kept with null ρ and
// p. A pool task over rows of a resident profile matrix (engine/resident/profile-matrix.ts).
import { holdsEachColumnOnce } from './matrix-columns.js';
import { withRankDot, type RankMemory } from './rank-dot.js';
import { midranks, pearson } from './ranks.js';
import { spearmanPValue } from './spearman.js';

export interface CoExpressionInput {
  /** The genes' profile: row-major, `columnCount` cells per row; NaN = no number. */
  values: Float64Array;
  columnCount: number;
  /** Per row, 1 when it has a NaN cell. */
  missing: Uint8Array;
  /** The rows to test, in answer order. */
  rows: Int32Array;
  /** The query gene's values (or anything ordering them alike: their ranks), one per reference sample, and their midranks (ranks.ts). */
  reference: Float64Array;
  referenceRanks: Float64Array;
  /** Per reference sample, its column in `values`, or -1 when the profile lacks the sample. */
  columns: Int32Array;
  threshold: number;
  /**
   * The rows' doubled midranks among their numbers and, per row, (distinct values, sum of squared
   * doubled ranks) (matrix-ranks.ts). The pairs are ranked by them (they order the cells as the
   * numbers do); when the reference holds every column once, a row without NaN needs no ranking
   * at all: ρ is a dot product.
   */
  ranked: { ranks: Uint16Array | Uint32Array; memory?: RankMemory; rowRanks: Float64Array };
}

/** Per row of `rows`, three numbers: 1 to keep it (0 to drop), ρ and p (NaN meaning null). */
export function coExpressions(input: CoExpressionInput): Float64Array {
  const { ranked, columns, columnCount } = input;
  // The query gene's doubled ranks by column, when it covers every column once.
  const byColumn = holdsEachColumnOnce(columns, columnCount) ? ranksByColumn(input.referenceRanks, columns) : undefined;
  if (!byColumn) return correlate(input);
  const dotOf = (row: number) => {
    const base = row * columnCount;
    let d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    let c = 0;
    for (; c + 3 < columnCount; c += 4) {
      d0 += byColumn.ranks[c] * ranked.ranks[base + c];
      d1 += byColumn.ranks[c + 1] * ranked.ranks[base + c + 1];
      d2 += byColumn.ranks[c + 2] * ranked.ranks[base + c + 2];
      d3 += byColumn.ranks[c + 3] * ranked.ranks[base + c + 3];
    }
    for (; c < columnCount; c++) d0 += byColumn.ranks[c] * ranked.ranks[base + c];
    return d0 + d1 + d2 + d3;
  };
  const fast = (dot: (row: number) => number) => correlate(input, { dot, squares: byColumn.squares, rowRanks: ranked.rowRanks });
  // The SIMD kernel when the ranks are in its memory and a scratch slot is free.
  return (ranked.memory && withRankDot(ranked.memory, columnCount, byColumn.ranks, fast)) ?? fast(dotOf);
}

/** What a row without NaN needs when ranks are precomputed: its ranks' dot product with the query gene's, and their sums of squares. */
interface RankedRows {
  dot: (row: number) => number;
  /** Σ of the query gene's squared doubled ranks. */
  squares: number;
  rowRanks: Float64Array;
}

/**
 * Each row's verdict. With `fast`, a row without NaN needs no ranking: ρ is the dot product of
 * its ranks with the query gene's, centred and scaled; other rows are paired with the query gene
 * and both sides ranked.
 */
function correlate(input: CoExpressionInput, fast?: RankedRows): Float64Array {
  const { values, columnCount, missing, rows, reference, referenceRanks, columns, threshold, ranked } = input;
  const out = new Float64Array(rows.length * 3).fill(NaN);
  const size = reference.length;
  const rx = new Float64Array(size);
  const ry = new Float64Array(size);
  const x = new Float64Array(size);
  const y = new Float64Array(size);
  const index = new Int32Array(size);
  for (let i = 0; i < rows.length; i++) {
    const base = rows[i] * columnCount;
    if (fast && missing[rows[i]] === 0) {
      const distinct = fast.rowRanks[2 * rows[i]];
      if (qualityFails(size, distinct)) {
        out[3 * i] = 1;
        continue;
      }
      // Doubled midranks of n values sum to n(n − 1) and average n − 1, whatever the ties: every
      // term below is an integer, below 2^53 (so exact) up to about 130,000 samples.
      const centre = size * (size - 1) * (size - 1);
      const rho = (fast.dot(rows[i]) - centre) / Math.sqrt((fast.squares - centre) * (fast.rowRanks[2 * rows[i] + 1] - centre));
      keepOrDrop(out, i, rho, size, threshold);
      continue;
    }
    let n = 0;
    for (let p = 0; p < size; p++) {
      const column = columns[p];
      if (column < 0) continue;
      if (values[base + column] !== values[base + column]) continue;
      y[n] = ranked.ranks[base + column];
      index[n++] = p;
    }
    if (n === 0) {
      out[3 * i] = 0; // no pairs: left out, as the reference's join leaves it out
      continue;
    }
    const distinct = midranks(y.subarray(0, n), ry.subarray(0, n));
    if (qualityFails(n, distinct)) {
      out[3 * i] = 1;
      continue;
    }
    if (n === size) {
      // Paired over the whole reference: the query gene's ranks are those of the whole reference.
      for (let k = 0; k < n; k++) rx[k] = referenceRanks[index[k]];
    } else {
      for (let k = 0; k < n; k++) x[k] = reference[index[k]];
      midranks(x.subarray(0, n), rx.subarray(0, n));
    }
    keepOrDrop(out, i, pearson(rx.subarray(0, n), ry.subarray(0, n)), n, threshold);
  }
  return out;
}

/** The data-quality rules: fewer than 3 pairs, or at most n/2 distinct values of the gene. */
const qualityFails = (n: number, distinct: number) => n < 3 || distinct <= 1 || distinct <= n / 2;

function keepOrDrop(out: Float64Array, i: number, rho: number, n: number, threshold: number): void {
  // A constant query gene gives NaN: neither bucket, as the reference's isFinite gate.
  if (!Number.isFinite(rho) || Math.abs(rho) < threshold) {
    out[3 * i] = 0;
    return;
  }
  out[3 * i] = 1;
  out[3 * i + 1] = rho;
  out[3 * i + 2] = spearmanPValue(rho, n);
}

/** The doubled ranks by column, and their sum of squares. */
function ranksByColumn(referenceRanks: Float64Array, columns: Int32Array): { ranks: Float64Array; squares: number } {
  const ranks = new Float64Array(referenceRanks.length);
  let squares = 0;
  columns.forEach((c, p) => {
    ranks[c] = 2 * referenceRanks[p];
    squares += ranks[c] * ranks[c];
  });
  return { ranks, squares };
}
