// Per-gene co-expression of cBioPortal v7 (api.md 22.2, ClickhouseCoExpressionMapper): Spearman's
// ρ of the (query gene, gene) value pairs, kept when |ρ| ≥ threshold; a gene failing the
// data-quality tests (< 3 pairs, constant, or at most n/2 distinct values) is kept with null ρ and
// p. A pool task over compact columns.
import { spearmanCorrelation, spearmanPValue } from './spearman.js';

export interface CoExpressionInput {
  /** Query gene values, paired with `y`; ordered by gene. */
  x: Float64Array;
  y: Float64Array;
  /** Gene i holds pairs offsets[i] … offsets[i + 1]. */
  offsets: Int32Array;
  threshold: number;
}

/** Per gene, three numbers: 1 to keep it (0 to drop), ρ and p (NaN meaning null). */
export function coExpressions(input: CoExpressionInput): Float64Array {
  const genes = input.offsets.length - 1;
  const out = new Float64Array(genes * 3).fill(NaN);
  for (let i = 0; i < genes; i++) {
    const from = input.offsets[i];
    const n = input.offsets[i + 1] - from;
    const y = Array.from(input.y.subarray(from, from + n));
    const distinct = new Set(y).size;
    if (n < 3 || distinct <= 1 || distinct <= n / 2) {
      out[3 * i] = 1;
      continue;
    }
    const rho = spearmanCorrelation(Array.from(input.x.subarray(from, from + n)), y);
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

