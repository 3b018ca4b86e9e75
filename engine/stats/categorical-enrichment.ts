// Per-entity p-values of cBioPortal's categorical generic-assay enrichments (api.md 23.3,
// ExpressionEnrichmentUtil.getGenericAssayCategoricalEnrichments): Pearson chi-square on the
// groups × categories table of counts. A pool task over compact count columns.
import { pearsonChiSquare } from './chi-square.js';

export interface CategoricalEnrichmentInput {
  /** Every entity's table, row-major (rows = groups, columns = categories), one after the other. */
  counts: Float64Array;
  /** Entity e's table is counts[offsets[e] … offsets[e + 1]); length entities + 1. */
  offsets: Int32Array;
  /** Entity e's number of categories (columns). */
  columns: Int32Array;
}

/** p per entity: one category only → 1; NaN → 1 (the reference's rules). */
export function categoricalEnrichmentPValues(input: CategoricalEnrichmentInput): Float64Array {
  const out = new Float64Array(input.columns.length);
  input.columns.forEach((columns, e) => {
    if (columns <= 1) {
      out[e] = 1;
      return;
    }
    const table: number[][] = [];
    for (let at = input.offsets[e]; at < input.offsets[e + 1]; at += columns) table.push(Array.from(input.counts.subarray(at, at + columns)));
    const p = pearsonChiSquare(table).pValue;
    out[e] = Number.isNaN(p) ? 1 : p;
  });
  return out;
}
