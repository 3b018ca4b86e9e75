// Per-entity group comparison of cBioPortal's expression and numeric generic-assay enrichments
// (api.md 23.2, ExpressionEnrichmentUtil): groups with fewer than two values are skipped; with two
// groups left, Welch's t-test, with more, one-way ANOVA. A pool task over compact columns.
import { mean, sampleVariance } from 'simple-statistics';
import { oneWayAnova } from './anova.js';
import { welchTTest } from './welch-t-test.js';

export interface GroupComparisonInput {
  /** Every value, ordered by entity, then group. */
  values: Float64Array;
  /** Entity e, group g holds values[offsets[e·k + g] … offsets[e·k + g + 1]); length entities·k + 1. */
  offsets: Int32Array;
  groupCount: number;
  /** rna_seq profiles compare log2(max(v, 0) + 1). */
  log2: boolean;
}

/** Stride of one entity in the output: p, then (mean, standard deviation) per group. */
export const groupComparisonStride = (groupCount: number) => 1 + 2 * groupCount;

/**
 * Per entity: p (NaN when fewer than two groups have data or the test is undefined), then each
 * group's mean and sample standard deviation (NaN for a skipped group).
 */
export function compareGroups(input: GroupComparisonInput): Float64Array {
  const k = input.groupCount;
  const entities = (input.offsets.length - 1) / k;
  const stride = groupComparisonStride(k);
  const out = new Float64Array(entities * stride).fill(NaN);
  for (let e = 0; e < entities; e++) {
    const kept: number[][] = [];
    for (let g = 0; g < k; g++) {
      const values = Array.from(input.values.subarray(input.offsets[e * k + g], input.offsets[e * k + g + 1]));
      if (values.length < 2) continue;
      if (input.log2) for (let i = 0; i < values.length; i++) values[i] = Math.log1p(Math.max(values[i], 0)) / Math.LN2;
      const m = mean(values);
      const sd = Math.sqrt(sampleVariance(values));
      if (Number.isNaN(m) || Number.isNaN(sd)) continue; // infinite values, as the reference
      out[e * stride + 1 + 2 * g] = m;
      out[e * stride + 2 + 2 * g] = sd;
      kept.push(values);
    }
    if (kept.length >= 2) out[e * stride] = kept.length === 2 ? welchTTest(kept[0], kept[1]).p : oneWayAnova(kept).p;
  }
  return out;
}
