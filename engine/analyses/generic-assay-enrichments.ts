// Categorical and binary generic-assay enrichments (api.md 23.3), as cBioPortal's legacy
// ExpressionEnrichmentUtil + ExpressionEnrichmentServiceImpl: per entity of ONE profile, each
// group's values; categorical → chi-square on groups × categories, binary → t-test / ANOVA on
// 0/1 values; then Benjamini–Hochberg q-values, items sorted by p. Categorical: DuckDB groups and
// counts; binary: the profile's resident matrix (profile-matrix.ts); the statistics run in the pool.
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { benjaminiHochberg } from '../stats/benjamini-hochberg.js';
import { groupComparisonStride } from '../stats/group-comparison.js';
import type { StatsPool } from '../stats/pool/pool.js';
import {
  GENERIC_ENTITY_LABELS, groupMembers, summarizeGroups, type EnrichmentGroup, type EnrichmentProfile, type EnrichmentType, type GroupStatistics,
} from './expression-enrichments.js';
import { fetchGenericAssayMeta } from '../resources/generic-assays.js';
import { genericAssayProfile, transformsToLog2, type ProfileMatrices } from '../resident/profile-matrix.js';

export interface GenericAssayCategoricalEnrichment {
  stableId: string;
  genericEntityMetaProperties: Record<string, string>;
  groupsStatistics: { name: string }[];
  pValue: number;
  qValue: number;
}

export interface GenericAssayBinaryEnrichment {
  stableId: string;
  genericEntityMetaProperties: Record<string, string>;
  groupsStatistics: GroupStatistics[];
  counts: { name: string; count: number; totalCount: number }[];
  pValue: number;
  qValue: number;
}

/** The entity's meta properties, by stable id. */
async function propertiesOf(db: ReadOnlyDb, stableIds: string[]): Promise<Map<string, Record<string, string>>> {
  const meta = await fetchGenericAssayMeta(db, { stableIds, idOnly: false });
  return new Map(meta.map((m) => [m.stable_id, m.properties ?? {}]));
}

/** Sorts by p (then import order), adds the reference's q-values. */
function withQValues<T extends { pValue: number }>(items: T[]): (T & { qValue: number })[] {
  const q = benjaminiHochberg(items.map((i) => i.pValue), { referenceRounding: true });
  return items.map((item, i) => ({ ...item, qValue: q[i] }));
}

/**
 * Categorical: every value of a group's samples counts, 'NA' and '' included (they are categories
 * to the reference too); groups with fewer than 2 values are left out; tested with ≥ 2 groups.
 * The reference keeps a left-out group's counts of the previous entity in the table (a map it never
 * clears); here each entity's table holds its own groups only.
 */
export async function fetchGenericAssayCategoricalEnrichments(
  db: ReadOnlyDb, stats: StatsPool, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType,
): Promise<GenericAssayCategoricalEnrichment[]> {
  const rows = await db.all<{ entity_key: number; stable_id: string; groups: number[]; columns: number; cells: number[]; ns: number[] }>(sql`
    WITH members AS (${groupMembers(profile, groups, type)}),
    vals AS (
      SELECT v.entity_key, m.grp, v.value FROM generic_assay_value v JOIN members m USING (sample_key)
      WHERE v.profile_key = ${profile.profile_key}),
    kept AS (SELECT entity_key, grp FROM vals GROUP BY entity_key, grp HAVING count(*) >= 2),
    tested AS (
      SELECT entity_key, grp, (row_number() OVER (PARTITION BY entity_key ORDER BY grp) - 1)::INTEGER AS r,
        count(*) OVER (PARTITION BY entity_key) AS k
      FROM kept QUALIFY k >= 2),
    cells AS (
      SELECT v.entity_key, t.r, v.value, count(*)::INTEGER AS n FROM vals v JOIN tested t USING (entity_key, grp)
      GROUP BY v.entity_key, t.r, v.value),
    cats AS (
      SELECT entity_key, value, (dense_rank() OVER (PARTITION BY entity_key ORDER BY value) - 1)::INTEGER AS c,
        count(*) OVER (PARTITION BY entity_key) AS columns
      FROM (SELECT DISTINCT entity_key, value FROM cells))
    SELECT e.entity_key, e.stable_id,
      (SELECT list(grp ORDER BY r) FROM tested t WHERE t.entity_key = e.entity_key) AS groups,
      any_value(k.columns)::INTEGER AS columns,
      list(x.r * k.columns + k.c ORDER BY x.r, k.c)::INTEGER[] AS cells, list(x.n ORDER BY x.r, k.c) AS ns
    FROM cells x JOIN cats k USING (entity_key, value) JOIN generic_entity e USING (entity_key)
    GROUP BY e.entity_key, e.stable_id ORDER BY e.entity_key`);
  if (rows.length === 0) return [];

  const offsets = new Int32Array(rows.length + 1);
  rows.forEach((r, e) => (offsets[e + 1] = offsets[e] + r.groups.length * r.columns));
  const counts = new Float64Array(offsets[rows.length]);
  rows.forEach((r, e) => r.cells.forEach((cell, i) => (counts[offsets[e] + cell] = r.ns[i])));
  const columns = Int32Array.from(rows, (r) => r.columns);
  const p = await stats.run('categoricalEnrichmentPValues', { counts, offsets, columns }, [counts.buffer, offsets.buffer, columns.buffer]);

  const properties = await propertiesOf(db, rows.map((r) => r.stable_id));
  const items = rows
    .map((r, e) => ({
      stableId: r.stable_id,
      genericEntityMetaProperties: properties.get(r.stable_id) ?? {},
      groupsStatistics: r.groups.map((g) => ({ name: groups[g].name })),
      pValue: p[e],
    }))
    .sort((a, b) => a.pValue - b.pValue); // stable: ties keep import order
  return withQValues(items);
}

/**
 * Binary: 'true'/'yes' → 1, 'false'/'no' → 0 (exact, as the reference), other numbers as they are,
 * '' skipped; 'NA' and other text are skipped too (the reference fails on them with a 500).
 * Groups with fewer than 2 values are left out; Welch's t-test (2 groups) or ANOVA (more); a NaN p
 * drops the entity. counts: per tested group, the values equal to 1 and all values.
 */
export async function fetchGenericAssayBinaryEnrichments(
  db: ReadOnlyDb, stats: StatsPool, matrices: ProfileMatrices, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType,
): Promise<GenericAssayBinaryEnrichment[]> {
  const k = groups.length;
  if (k === 0) return [];
  const source = { resident: genericAssayProfile(matrices, profile.profile_key, 'binary'), labels: GENERIC_ENTITY_LABELS, log2: transformsToLog2(profile), ones: true };
  const stride = groupComparisonStride(k);
  const tested = [];
  for await (const summaries of summarizeGroups(db, stats, profile, groups, type, source)) {
    const out = summaries.comparison;
    for (const [e, stableId] of summaries.labels.entries()) {
      const pValue = out[e * stride];
      if (Number.isNaN(pValue)) continue;
      const kept = groups.flatMap((g, i) => (Number.isNaN(out[e * stride + 1 + 2 * i]) ? [] : [i]));
      tested.push({
        stableId,
        groupsStatistics: kept.map((i) => ({ name: groups[i].name, meanExpression: out[e * stride + 1 + 2 * i], standardDeviation: out[e * stride + 2 + 2 * i] })),
        counts: kept.map((i) => ({ name: groups[i].name, count: summaries.ones[e * k + i], totalCount: summaries.counts[e * k + i] })),
        pValue,
      });
    }
  }
  const properties = await propertiesOf(db, tested.map((t) => t.stableId));
  const items = tested
    .map((t) => ({ ...t, genericEntityMetaProperties: properties.get(t.stableId) ?? {} }))
    .sort((a, b) => a.pValue - b.pValue);
  return withQValues(items);
}
