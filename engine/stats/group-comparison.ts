// Per-entity group comparison of cBioPortal's expression and numeric generic-assay enrichments
// (api.md 23.2, ExpressionEnrichmentUtil): groups with fewer than two values are skipped; with two
// groups left, Welch's t-test, with more, one-way ANOVA, over each group's size, mean and sample
// variance (group-summary.ts), as the pool's compareMatrixGroups summarises them (matrix-groups.ts).
import { oneWayAnovaOfSummaries } from './anova.js';
import type { GroupSummary } from './group-summary.js';
import { welchTTestOfSummaries } from './welch-t-test.js';

export interface GroupComparisonInput {
  /** Entity e, group g at e·k + g: the number of values, their mean and sample variance. */
  counts: Float64Array;
  means: Float64Array;
  variances: Float64Array;
  groupCount: number;
}

/** Stride of one entity in the output: p, then (mean, standard deviation) per group. */
export const groupComparisonStride = (groupCount: number) => 1 + 2 * groupCount;

/**
 * Per entity: p (NaN when fewer than two groups have data or the test is undefined), then each
 * group's mean and sample standard deviation (NaN for a skipped group).
 */
export function compareGroups(input: GroupComparisonInput): Float64Array {
  const k = input.groupCount;
  const entities = input.counts.length / k;
  const stride = groupComparisonStride(k);
  const out = new Float64Array(entities * stride).fill(NaN);
  for (let e = 0; e < entities; e++) {
    const kept: GroupSummary[] = [];
    for (let g = 0; g < k; g++) {
      const i = e * k + g;
      const summary = { n: input.counts[i], mean: input.means[i], variance: input.variances[i] };
      // Non-finite values (a group holding one) leave no defined standard deviation, as the reference.
      if (summary.n < 2 || !Number.isFinite(summary.mean) || !Number.isFinite(summary.variance)) continue;
      out[e * stride + 1 + 2 * g] = summary.mean;
      out[e * stride + 2 + 2 * g] = Math.sqrt(summary.variance);
      kept.push(summary);
    }
    if (kept.length >= 2) out[e * stride] = kept.length === 2 ? welchTTestOfSummaries(kept[0], kept[1]).p : oneWayAnovaOfSummaries(kept).p;
  }
  return out;
}
