// Expression and numeric generic-assay enrichments (api.md 23.2, 23.3), as cBioPortal's legacy
// ExpressionEnrichmentServiceImpl + ExpressionEnrichmentUtil: per gene (or generic-assay entity) of
// one profile, each group's numeric values, compared by Welch's t-test or one-way ANOVA.
// Each group is summarised (count, mean, variance: all the tests need) over the profile's
// resident matrix (profile-matrix.ts), and the tests run, in the pool.
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { groupComparisonStride } from '../stats/group-comparison.js';
import { holdsEachColumnOnce } from '../stats/matrix-columns.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { fetchGenericAssayMeta } from '../resources/generic-assays.js';
import { requireProfile, type ProfileRow } from '../resources/lookup.js';
import { columnsOf, geneProfile, genericAssayProfile, rowRanges, transformsToLog2, type ProfileMatrices, type ResidentProfile } from '../resident/profile-matrix.js';

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
export async function requireEnrichmentProfile(db: ReadOnlyDb, molecularProfileId: string, types: readonly string[]): Promise<EnrichmentProfile> {
  const profile = await requireProfile(db, molecularProfileId, types);
  const row = await db.one<{ patient_level: boolean }>(sql`SELECT patient_level FROM molecular_profile WHERE profile_key = ${profile.profile_key}`);
  return { ...profile, patient_level: row?.patient_level ?? false };
}

/** The genes' enrichments in batches of genes, in gene order, each as soon as the pool ends it (the route streams them). */
export async function* streamGenomicEnrichments(
  db: ReadOnlyDb, stats: StatsPool, matrices: ProfileMatrices, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType,
): AsyncGenerator<GenomicEnrichment[], void, undefined> {
  // Genes whose symbol is shared by several Entrez ids are dropped, as the reference's gene lookup does.
  const labels = sql`
    SELECT entrez_gene_id AS entity, hugo_gene_symbol AS label FROM gene
    WHERE hugo_gene_symbol NOT IN (SELECT hugo_gene_symbol FROM gene GROUP BY hugo_gene_symbol HAVING count(*) > 1)`;
  const source = { resident: geneProfile(matrices, profile), labels, log2: transformsToLog2(profile), ones: false };
  for await (const rows of compare(db, stats, profile, groups, type, source)) {
    yield rows.map((r) => ({ entrezGeneId: r.entity, hugoGeneSymbol: r.label, groupsStatistics: r.groupsStatistics, pValue: r.pValue }));
  }
}

/** The same for the entities of a numeric generic-assay profile. */
export async function* streamGenericAssayEnrichments(
  db: ReadOnlyDb, stats: StatsPool, matrices: ProfileMatrices, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType,
): AsyncGenerator<GenericAssayEnrichment[], void, undefined> {
  const source = { resident: genericAssayProfile(matrices, profile.profile_key, 'numeric'), labels: GENERIC_ENTITY_LABELS, log2: transformsToLog2(profile), ones: false };
  for await (const rows of compare(db, stats, profile, groups, type, source)) {
    const meta = await fetchGenericAssayMeta(db, { stableIds: rows.map((r) => r.label), idOnly: false });
    const properties = new Map(meta.map((m) => [m.stable_id, m.properties ?? {}]));
    yield rows.map((r) => ({
      stableId: r.label, genericEntityMetaProperties: properties.get(r.label) ?? {}, groupsStatistics: r.groupsStatistics, pValue: r.pValue,
    }));
  }
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

/**
 * Entities of a profile matrix, each of the k groups summarised (entity e, group g at e·k + g):
 * the values, their mean and sample variance, and the values equal to 1 before any transform; and
 * their comparison (group-comparison.ts: p, then (mean, sd) per group, groupComparisonStride).
 */
export interface GroupSummaries {
  entities: number[];
  labels: string[];
  counts: Float64Array;
  means: Float64Array;
  variances: Float64Array;
  ones: Float64Array;
  comparison: Float64Array;
}

/** (entity, label) of generic-assay entities. */
export const GENERIC_ENTITY_LABELS = sql`SELECT entity_key AS entity, stable_id AS label FROM generic_entity`;

/** How an enrichment reads a profile: its resident matrix, and whether values go through log2. */
export interface EnrichmentSource {
  resident: ResidentProfile;
  /** (entity, label) of the entities to answer: others are left out. Read once per profile. */
  labels: Fragment;
  log2: boolean;
  /** Count the values equal to 1 (binary generic assays). */
  ones: boolean;
}

/**
 * Each group's values per entity of the profile (its resident matrix, log2(max(x, 0) + 1) when
 * `log2`), summarised and compared in the pool (Welch's t-test or ANOVA), in batches of entities
 * in row order, each as soon as its task ends; a case counts when it has a number. A group's cases
 * are its distinct sample ids — or, for PATIENT, every sample of its patients — in the profile's
 * study (groupMembers). Entities without a label are left out.
 */
export async function* summarizeGroups(
  db: ReadOnlyDb, stats: StatsPool, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType, source: EnrichmentSource,
): AsyncGenerator<GroupSummaries, void, undefined> {
  const k = groups.length;
  const [grp, sampleKeys] = await db.numericColumns(sql`
    SELECT grp::DOUBLE, sample_key::DOUBLE FROM (${groupMembers(profile, groups, type)}) ORDER BY grp, sample_key`);
  const m = await source.resident.matrix;
  const values = source.log2 ? await source.resident.log2() : m.values;
  const memberColumns = columnsOf(m, sampleKeys);
  const offsets = new Int32Array(k + 1);
  const kept: number[] = [];
  memberColumns.forEach((column, i) => {
    if (column < 0) return;
    kept.push(column);
    offsets[grp[i] + 1]++;
  });
  for (let g = 0; g < k; g++) offsets[g + 1] += offsets[g];
  const columns = Int32Array.from(kept);
  // Groups that split every sample of the profile between them (altered / unaltered, say): the
  // largest one is the rest of each row.
  const largest = Array.from({ length: k }, (_, g) => g).reduce((a, b) => (offsets[b + 1] - offsets[b] > offsets[a + 1] - offsets[a] ? b : a), 0);
  const complement = !source.ones && k > 1 && holdsEachColumnOnce(columns, m.samples.length)
    ? { group: largest, totals: await source.resident.totals(source.log2) } : undefined;
  const labelOf = await source.resident.derive(`labels ${source.labels.text} ${JSON.stringify(source.labels.params)}`, async () => {
    const named = await db.all<{ entity: number; label: string }>(sql`
      SELECT entity, label FROM (${source.labels}) WHERE entity IN (SELECT unnest(${Array.from(m.entities)}::BIGINT[]))`);
    return new Map(named.map((r) => [r.entity, r.label]));
  });
  // Every task is queued at once; a batch is handed on as soon as its own ends, while the pool
  // goes on with the next.
  const tasks = rowRanges(m.entities.length, m.samples.length).map(([from, to]) => ({
    from, to,
    result: stats.run('compareMatrixGroups', {
      values, raw: source.ones ? m.values : undefined, columnCount: m.samples.length, missing: m.missing, from, to, columns, offsets, complement,
    }),
  }));
  for (const task of tasks) task.result.catch(() => {}); // unread when the consumer stops early
  const stride = groupComparisonStride(k);
  for (const { from, to, result } of tasks) {
    const part = await result;
    const rows: number[] = [];
    for (let r = from; r < to; r++) if (labelOf.has(m.entities[r])) rows.push(r - from);
    const pick = (all: Float64Array, width: number) => {
      const out = new Float64Array(rows.length * width);
      rows.forEach((r, i) => out.set(all.subarray(r * width, (r + 1) * width), i * width));
      return out;
    };
    yield {
      entities: rows.map((r) => m.entities[from + r]), labels: rows.map((r) => labelOf.get(m.entities[from + r])!),
      counts: pick(part.counts, k), means: pick(part.means, k), variances: pick(part.variances, k), ones: pick(part.ones, k),
      comparison: pick(part.comparison, stride),
    };
  }
}

/** The profile's entities compared between the groups, in batches (summarizeGroups). */
async function* compare(
  db: ReadOnlyDb, stats: StatsPool, profile: EnrichmentProfile, groups: readonly EnrichmentGroup[], type: EnrichmentType, source: EnrichmentSource,
): AsyncGenerator<Compared[], void, undefined> {
  if (groups.length === 0) return;
  for await (const summaries of summarizeGroups(db, stats, profile, groups, type, source)) yield toCompared(summaries, groups);
}

function toCompared(s: GroupSummaries, groups: readonly EnrichmentGroup[]): Compared[] {
  const out = s.comparison;
  const stride = groupComparisonStride(groups.length);
  const result: Compared[] = [];
  s.entities.forEach((entity, e) => {
    const pValue = out[e * stride];
    if (Number.isNaN(pValue)) return;
    const groupsStatistics: GroupStatistics[] = [];
    groups.forEach((g, i) => {
      const meanExpression = out[e * stride + 1 + 2 * i];
      if (!Number.isNaN(meanExpression)) groupsStatistics.push({ name: g.name, meanExpression, standardDeviation: out[e * stride + 2 + 2 * i] });
    });
    result.push({ entity, label: s.labels[e], groupsStatistics, pValue });
  });
  return result;
}
