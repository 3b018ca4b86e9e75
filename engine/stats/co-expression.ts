// Per-gene co-expression of cBioPortal v7 (api.md 22.2, ClickhouseCoExpressionMapper): Spearman's
// ρ of the (query gene, gene) value pairs, kept when |ρ| ≥ threshold; a gene failing the
// data-quality tests (< 3 pairs, constant, or at most n/2 distinct values) is kept with null ρ and
// p. A pool task over compact columns.
import { midranks, pearson } from './ranks.js';
import { spearmanPValue } from './spearman.js';

export interface CoExpressionInput {
  /** The query gene's values, one per reference sample. */
  reference: Float64Array;
  /** Per pair, the position of its sample in `reference`; pairs ordered by gene. */
  index: Int32Array;
  /** Per pair, the gene's value. */
  y: Float64Array;
  /** Gene i holds pairs offsets[i] … offsets[i + 1]. */
  offsets: Int32Array;
  threshold: number;
}

/** Per gene, three numbers: 1 to keep it (0 to drop), ρ and p (NaN meaning null). */
export function coExpressions(input: CoExpressionInput): Float64Array {
  const genes = input.offsets.length - 1;
  const out = new Float64Array(genes * 3).fill(NaN);
  const size = input.reference.length;
  const rx = new Float64Array(size);
  const ry = new Float64Array(size);
  const x = new Float64Array(size);
  // A gene paired over every reference sample takes the query gene's ranks over the whole reference.
  let referenceRanks: Float64Array | undefined;
  for (let i = 0; i < genes; i++) {
    const from = input.offsets[i];
    const n = input.offsets[i + 1] - from;
    const distinct = midranks(input.y.subarray(from, from + n), ry.subarray(0, n));
    if (n < 3 || distinct <= 1 || distinct <= n / 2) {
      out[3 * i] = 1;
      continue;
    }
    if (n === size) {
      if (!referenceRanks) midranks(input.reference, (referenceRanks = new Float64Array(size)));
      for (let k = 0; k < n; k++) rx[k] = referenceRanks[input.index[from + k]];
    } else {
      for (let k = 0; k < n; k++) x[k] = input.reference[input.index[from + k]];
      midranks(x.subarray(0, n), rx.subarray(0, n));
    }
    const rho = pearson(rx.subarray(0, n), ry.subarray(0, n));
    // A constant query gene gives NaN: neither bucket, as the reference's isFinite gate.
    if (!Number.isFinite(rho) || Math.abs(rho) < input.threshold) {
      out[3 * i] = 0;
      continue;
    }
    out[3 * i] = 1;
    out[3 * i + 1] = rho;
    out[3 * i + 2] = spearmanPValue(rho, n);
  }
  return out;
}
