// Per-gene co-expression of cBioPortal v7 (api.md 22.2, ClickhouseCoExpressionMapper): Spearman's
// ρ of the (query gene, gene) value pairs, kept when |ρ| ≥ threshold; a gene failing the
// data-quality tests (< 3 pairs, constant, or at most n/2 distinct values) is kept with null ρ and
// p. A pool task over compact columns.
import { midranks, pearson } from './ranks.js';
import { spearmanPValue } from './spearman.js';

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
  let longest = 0;
  for (let i = 0; i < genes; i++) longest = Math.max(longest, input.offsets[i + 1] - input.offsets[i]);
  const rx = new Float64Array(longest);
  const ry = new Float64Array(longest);
  // The query gene's ranks are reused while its values are the same as for the previous gene
  // (every gene with a value for every sample pairs with the same x).
  let ranked: Float64Array | undefined;
  for (let i = 0; i < genes; i++) {
    const from = input.offsets[i];
    const n = input.offsets[i + 1] - from;
    const distinct = midranks(input.y.subarray(from, from + n), ry.subarray(0, n));
    if (n < 3 || distinct <= 1 || distinct <= n / 2) {
      out[3 * i] = 1;
      continue;
    }
    const x = input.x.subarray(from, from + n);
    if (!ranked || !sameValues(ranked, x)) {
      midranks(x, rx.subarray(0, n));
      ranked = x;
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


function sameValues(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
