// The tests behind /clinical-data-enrichments/fetch (study-view.md 6.4), one batch per request so
// that the worker pool is crossed once: Kruskal–Wallis per numeric attribute, Pearson chi-square
// per categorical one, with cBioPortal's rules for when an attribute is tested at all.
import { chiSquareTest } from './chi-square.js';
import { kruskalWallis } from './kruskal-wallis.js';

export interface ClinicalEnrichmentInput {
  /** Per numeric attribute: the values of every group, concatenated, and each group's size. */
  numeric: { values: Float64Array; sizes: Int32Array }[];
  /** Per categorical attribute: counts per group (rows) and category (columns), row-major. */
  categorical: { counts: Float64Array; columns: number }[];
}

/** `null`: the attribute is not tested. `groups`: the groups that entered the test. */
export type EnrichmentTest = { score: number; pValue: number; groups: number } | null;

export interface ClinicalEnrichmentOutput {
  numeric: EnrichmentTest[];
  categorical: EnrichmentTest[];
}

/**
 * The p-value as the reference computes it, 1 − χ²cdf (6.4), from the exact upper tail: 0 once
 * the tail is below what 1 − cdf can hold in a double (a tail of 1e-121 is 0 there).
 */
const referencePValue = (tail: number) => 1 - (1 - tail);

/** The reference's score for a numeric test: its inverse χ² CDF of p, H itself, or 99999 when p is 0 (6.4). */
const NO_SCORE_BOUND = 99999;

/**
 * Numeric: groups without values are left out; tested when ≥ 2 groups remain and the values hold
 * ≥ 2 distinct numbers; score = H (what cBioPortal's inverse χ² CDF of p recovers); NaN p skipped.
 */
export function numericEnrichment(values: Float64Array, sizes: Int32Array): EnrichmentTest {
  const groups: Float64Array[] = [];
  let at = 0;
  for (const size of sizes) {
    if (size > 0) groups.push(values.subarray(at, at + size));
    at += size;
  }
  if (groups.length < 2 || !values.some((v) => v !== values[0])) return null;
  const r = kruskalWallis(groups);
  if (Number.isNaN(r.pValue)) return null;
  const pValue = referencePValue(r.pValue);
  return { score: pValue <= 0 ? NO_SCORE_BOUND : r.statistic, pValue, groups: groups.length };
}

/** Categorical: rows without any count are left out; tested with ≥ 2 rows and ≥ 2 columns. */
export function categoricalEnrichment(counts: Float64Array, columns: number): EnrichmentTest {
  const table: number[][] = [];
  for (let at = 0; columns > 0 && at < counts.length; at += columns) {
    const row = Array.from(counts.subarray(at, at + columns));
    if (row.some((c) => c > 0)) table.push(row);
  }
  if (table.length < 2 || columns < 2) return null;
  const r = chiSquareTest(table);
  return Number.isNaN(r.pValue) ? null : { score: r.statistic, pValue: referencePValue(r.pValue), groups: table.length };
}

export function clinicalEnrichmentTests(input: ClinicalEnrichmentInput): ClinicalEnrichmentOutput {
  return {
    numeric: input.numeric.map((a) => numericEnrichment(a.values, a.sizes)),
    categorical: input.categorical.map((a) => categoricalEnrichment(a.counts, a.columns)),
  };
}
