// Expression and numeric generic-assay enrichments (api.md 23.2, 23.3), as cBioPortal's legacy
// ExpressionEnrichmentServiceImpl + ExpressionEnrichmentUtil: per gene (or generic-assay entity) of
// one profile, each group's numeric values, compared by Welch's t-test or one-way ANOVA.
// DuckDB hands the values over per entity, ordered by group; the statistics run in the pool.
import type { Db } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { groupComparisonStride } from '../stats/group-comparison.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { fetchGenericAssayMeta } from './generic-assays.js';
import { requireProfile, type ProfileRow } from './lookup.js';
import { NUMERIC_VALUE_PATTERN } from './molecular-data-value.js';

export const EXPRESSION_ENRICHMENT_TYPES = [
  'MICRO_RNA_EXPRESSION', 'MRNA_EXPRESSION', 'MRNA_EXPRESSION_NORMALS', 'RNA_EXPRESSION', 'METHYLATION', 'METHYLATION_BINARY',
  'PHOSPHORYLATION', 'PROTEIN_LEVEL', 'PROTEIN_ARRAY_PROTEIN_LEVEL', 'PROTEIN_ARRAY_PHOSPHORYLATION',
] as const;

export type EnrichmentType = 'SAMPLE' | 'PATIENT';

export interface EnrichmentGroup {
  name: string;
  caseIds: readonly string[];
}

export interface GroupStatistics {
  name: string;
  meanExpression: number;
  standardDeviation: number;
}

export interface GenomicEnrichment {
  entrezGeneId: number;
  hugoGeneSymbol: string;
  groupsStatistics: GroupStatistics[];
  pValue: number;
}

export interface GenericAssayEnrichment {
  stableId: string;
  genericEntityMetaProperties: Record<string, string>;
  groupsStatistics: GroupStatistics[];
  pValue: number;
}

export interface EnrichmentProfile extends ProfileRow {
  patient_level: boolean;
}

/** The profile, or cBioPortal's 404 when it does not exist or has another alteration type. */
export async function requireEnrichmentProfile(db: Db, molecularProfileId: string, types: readonly string[]): Promise<EnrichmentProfile> {
  const profile = await requireProfile(db, molecularProfileId, types);
  const row = await db.one<{ patient_level: boolean }>(sql`SELECT patient_level FROM molecular_profile WHERE profile_key = ${profile.profile_key}`);
  return { ...profile, patient_level: row?.patient_level ?? false };
}

export async function fetchGenomicEnrichments(
  db: Db, stats: StatsPool, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType,
): Promise<GenomicEnrichment[]> {
  // Genes whose symbol is shared by several Entrez ids are dropped, as the reference's gene lookup does.
  const cells = sql`
    SELECT g.entrez_gene_id AS entity, g.hugo_gene_symbol AS label, v.sample_key, v.value
    FROM gene_value v JOIN gene g USING (entrez_gene_id)
    WHERE v.profile_key = ${profile.profile_key}
      AND g.hugo_gene_symbol NOT IN (SELECT hugo_gene_symbol FROM gene GROUP BY hugo_gene_symbol HAVING count(*) > 1)`;
  const rows = await compare(db, stats, profile, groups, type, cells);
  return rows.map((r) => ({ entrezGeneId: r.entity, hugoGeneSymbol: r.label, groupsStatistics: r.groupsStatistics, pValue: r.pValue }));
}

export async function fetchGenericAssayEnrichments(
  db: Db, stats: StatsPool, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType,
): Promise<GenericAssayEnrichment[]> {
  const cells = sql`
    SELECT e.entity_key AS entity, e.stable_id AS label, v.sample_key, v.value
    FROM generic_assay_value v JOIN generic_entity e USING (entity_key)
    WHERE v.profile_key = ${profile.profile_key}`;
  const rows = await compare(db, stats, profile, groups, type, cells);
  const meta = await fetchGenericAssayMeta(db, { stableIds: rows.map((r) => r.label), idOnly: false });
  const properties = new Map(meta.map((m) => [m.stable_id, m.properties ?? {}]));
  return rows.map((r) => ({
    stableId: r.label, genericEntityMetaProperties: properties.get(r.label) ?? {}, groupsStatistics: r.groupsStatistics, pValue: r.pValue,
  }));
}

interface Compared {
  entity: number;
  label: string;
  groupsStatistics: GroupStatistics[];
  pValue: number;
}

/** Entities per pool task: bounds the memory of one batch and spreads the work over the workers. */
const BATCH = 2048;

/**
 * (grp, sample_key) of the groups: SAMPLE → the profile study's samples named; PATIENT → every
 * sample of the patients named. Patient-level profiles (values copied to every sample) keep one
 * sample per patient and group (the reference keeps the first identifier per patient).
 */
export function groupMembers(profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType): Fragment {
  const grp = groups.flatMap((g, i) => g.caseIds.map(() => i));
  const caseIds = groups.flatMap((g) => g.caseIds);
  const cases = sql`(SELECT unnest(${grp}::INTEGER[]) AS grp, unnest(${caseIds}::VARCHAR[]) AS case_id) c`;
  const expanded = type === 'PATIENT'
    ? sql`SELECT DISTINCT c.grp, s.sample_key, s.patient_key FROM ${cases}
        JOIN patient p ON p.study_key = ${profile.study_key} AND p.patient_id = c.case_id JOIN sample s ON s.patient_key = p.patient_key`
    : sql`SELECT DISTINCT c.grp, s.sample_key, s.patient_key FROM ${cases}
        JOIN sample s ON s.study_key = ${profile.study_key} AND s.sample_id = c.case_id`;
  return profile.patient_level
    ? sql`SELECT grp, min(sample_key) AS sample_key FROM (${expanded}) GROUP BY grp, patient_key`
    : sql`SELECT grp, sample_key FROM (${expanded})`;
}

/**
 * `cells` yields (entity, label, sample_key, value) of the profile. A group's cases are its distinct
 * sample ids — or, for PATIENT, every sample of its patients — in the profile's study; a case
 * counts when the profile has a numeric value for it. Patient-level profiles (values copied to
 * every sample) keep one sample per patient and group.
 */
async function compare(
  db: Db, stats: StatsPool, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType, cells: Fragment,
): Promise<Compared[]> {
  const k = groups.length;
  if (k === 0) return [];
  const members = groupMembers(profile, groups, type);
  const query = sql`
    WITH members AS (${members}),
    cells AS (${cells}),
    numeric AS (
      SELECT cells.entity, cells.label, m.grp, TRY_CAST(cells.value AS DOUBLE) AS x
      FROM cells JOIN members m USING (sample_key)
      WHERE regexp_full_match(cells.value, ${NUMERIC_VALUE_PATTERN})
    )
    SELECT entity, label, list(x ORDER BY grp) AS xs, list(grp ORDER BY grp) AS groups
    FROM numeric WHERE x IS NOT NULL
    GROUP BY entity, label ORDER BY entity`;

  const log2 = profile.stable_id.includes('rna_seq');
  const pending: Promise<Compared[]>[] = [];
  for await (const batch of batches(db.stream<{ entity: number; label: string; xs: number[]; groups: number[] }>(query))) {
    const total = batch.reduce((n, r) => n + r.xs.length, 0);
    const values = new Float64Array(total);
    const offsets = new Int32Array(batch.length * k + 1);
    let at = 0;
    batch.forEach((r, e) => {
      values.set(r.xs, at);
      // Group g of entity e ends where the next group's values start.
      let i = 0;
      for (let g = 0; g < k; g++) {
        while (i < r.groups.length && r.groups[i] === g) i++;
        offsets[e * k + g + 1] = at + i;
      }
      at += r.xs.length;
    });
    pending.push(stats.run('compareGroups', { values, offsets, groupCount: k, log2 }, [values.buffer, offsets.buffer])
      .then((out) => toCompared(batch, out, groups)));
  }
  return (await Promise.all(pending)).flat();
}

function toCompared(batch: readonly { entity: number; label: string }[], out: Float64Array, groups: readonly EnrichmentGroup[]): Compared[] {
  const stride = groupComparisonStride(groups.length);
  const result: Compared[] = [];
  batch.forEach((r, e) => {
    const pValue = out[e * stride];
    if (Number.isNaN(pValue)) return;
    const groupsStatistics: GroupStatistics[] = [];
    groups.forEach((g, i) => {
      const meanExpression = out[e * stride + 1 + 2 * i];
      if (!Number.isNaN(meanExpression)) groupsStatistics.push({ name: g.name, meanExpression, standardDeviation: out[e * stride + 2 + 2 * i] });
    });
    result.push({ entity: r.entity, label: r.label, groupsStatistics, pValue });
  });
  return result;
}

/** Regroups DuckDB's row chunks into batches of about BATCH rows. */
async function* batches<T>(chunks: AsyncIterable<T[]>): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const chunk of chunks) {
    batch.push(...chunk);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
