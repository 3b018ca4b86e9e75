// Expression and numeric generic-assay enrichments (api.md 23.2, 23.3), as cBioPortal's legacy
// ExpressionEnrichmentServiceImpl + ExpressionEnrichmentUtil: per gene (or generic-assay entity) of
// one profile, each group's numeric values, compared by Welch's t-test or one-way ANOVA.
// DuckDB summarises each group where the values are (count, mean, variance: all the tests need);
// the tests run in the pool.
import type { Db } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { groupComparisonStride } from '../stats/group-comparison.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { fetchGenericAssayMeta } from './generic-assays.js';
import { requireProfile, type ProfileRow } from './lookup.js';
import { numberOfCellText } from './molecular-data-value.js';

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
  const cells = sql`SELECT entrez_gene_id AS entity, sample_key, number AS x FROM gene_value WHERE profile_key = ${profile.profile_key}`;
  const labels = sql`
    SELECT entrez_gene_id AS entity, hugo_gene_symbol AS label FROM gene
    WHERE hugo_gene_symbol NOT IN (SELECT hugo_gene_symbol FROM gene GROUP BY hugo_gene_symbol HAVING count(*) > 1)`;
  const rows = await compare(db, stats, profile, groups, type, cells, labels);
  return rows.map((r) => ({ entrezGeneId: r.entity, hugoGeneSymbol: r.label, groupsStatistics: r.groupsStatistics, pValue: r.pValue }));
}

export async function fetchGenericAssayEnrichments(
  db: Db, stats: StatsPool, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType,
): Promise<GenericAssayEnrichment[]> {
  const cells = sql`
    SELECT entity_key AS entity, sample_key, ${numberOfCellText(sql`value`)} AS x FROM generic_assay_value WHERE profile_key = ${profile.profile_key}`;
  const rows = await compare(db, stats, profile, groups, type, cells, GENERIC_ENTITY_LABELS);
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

/** One entity's groups as DuckDB summarised them; `ones` counts the values equal to 1 before any transform. */
export interface EntitySummaries {
  entity: number;
  label: string;
  groups: { n: number; mean: number; variance: number; ones: number }[];
}

/** (entity, label) of generic-assay entities. */
export const GENERIC_ENTITY_LABELS = sql`SELECT entity_key AS entity, stable_id AS label FROM generic_entity`;

/**
 * (entity, grp, x) of the groups' members from `cells` (entity, sample_key, x: the cell's number
 * or NULL) of the profile. A group's cases are its distinct sample ids — or, for PATIENT, every
 * sample of its patients — in the profile's study (groupMembers).
 */
export function groupValues(cells: Fragment, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType): Fragment {
  return sql`SELECT cells.entity, m.grp, cells.x FROM (${cells}) cells JOIN (${groupMembers(profile, groups, type)}) m USING (sample_key)`;
}

/**
 * Per entity of `values` (groupValues), each of the k groups summarised by DuckDB where the values
 * are: count, mean and sample variance (of log2(max(x, 0) + 1) when `log2`); a case counts when it
 * has a number. A group holding a non-finite value gets a NaN mean, which skips it (the
 * reference's mean and deviation are then undefined). Entities get their label from `labels`
 * (entity, label) after the aggregation, which leaves out those it lacks.
 */
export async function summarizeGroups(db: Db, values: Fragment, labels: Fragment, k: number, log2: boolean): Promise<EntitySummaries[]> {
  const x = log2 ? sql`ln(greatest(x, 0) + 1) / ln(2)` : sql`x`;
  // Tens of thousands of summaries come back as number columns (no JS object per row).
  const summaries = db.numericChunks(sql`
    WITH summaries AS (
      SELECT entity, grp, count(*) AS n, count(*) FILTER (WHERE NOT isfinite(x)) AS non_finite,
        avg(${x}) FILTER (WHERE isfinite(x)) AS mean, var_samp(${x}) FILTER (WHERE isfinite(x)) AS variance,
        count(*) FILTER (WHERE x = 1) AS ones
      FROM (${values}) WHERE x IS NOT NULL
      GROUP BY entity, grp)
    SELECT entity::DOUBLE, grp::DOUBLE, n::DOUBLE, non_finite::DOUBLE, mean, variance, ones::DOUBLE
    FROM summaries ORDER BY entity, grp`);
  const out: EntitySummaries[] = [];
  for await (const columns of summaries) {
    const [entity, grp, n, nonFinite, mean, variance, ones] = columns;
    for (let i = 0; i < entity.length; i++) {
      if (out.at(-1)?.entity !== entity[i]) {
        out.push({ entity: entity[i], label: '', groups: Array.from({ length: k }, () => ({ n: 0, mean: NaN, variance: NaN, ones: 0 })) });
      }
      out.at(-1)!.groups[grp[i]] = { n: n[i], mean: nonFinite[i] > 0 ? NaN : mean[i], variance: variance[i], ones: ones[i] };
    }
  }
  const named = await db.all<{ entity: number; label: string }>(sql`
    SELECT entity, label FROM (${labels}) WHERE entity IN (SELECT unnest(${out.map((e) => e.entity)}::BIGINT[]))`);
  const labelOf = new Map(named.map((r) => [r.entity, r.label]));
  return out.flatMap((e) => {
    const label = labelOf.get(e.entity);
    return label === undefined ? [] : [{ ...e, label }];
  });
}

/** Welch's t-test or ANOVA over each entity's summaries, in the pool: p, then (mean, sd) per group (groupComparisonStride). */
export async function compareSummaries(stats: StatsPool, entities: readonly EntitySummaries[], k: number): Promise<Float64Array> {
  const cells = entities.flatMap((e) => e.groups);
  const counts = Float64Array.from(cells, (g) => g.n);
  const means = Float64Array.from(cells, (g) => g.mean);
  const variances = Float64Array.from(cells, (g) => g.variance);
  return stats.run('compareGroups', { counts, means, variances, groupCount: k }, [counts.buffer, means.buffer, variances.buffer]);
}

/** `cells` (entity, sample_key, x) of the profile compared between the groups; `labels` (entity, label) of the entities to answer. */
async function compare(
  db: Db, stats: StatsPool, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType, cells: Fragment, labels: Fragment,
): Promise<Compared[]> {
  const k = groups.length;
  if (k === 0) return [];
  const entities = await summarizeGroups(db, groupValues(cells, profile, groups, type), labels, k, profile.stable_id.includes('rna_seq'));
  return toCompared(entities, await compareSummaries(stats, entities, k), groups);
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
