// Studies as GET /api/studies, /api/studies/{id} and POST /api/studies/fetch answer them
// (api.md 2.5, 4.1-4.6), the nested study object of other resources, and study tags.
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';

export const STUDY_SORT_COLUMNS = {
  studyId: 'study_id', cancerTypeId: 'type_of_cancer_id', name: 'name', description: 'description',
  publicStudy: 'public_study', pmid: 'pmid', citation: 'citation', groups: 'groups', status: 'status', importDate: 'import_date',
} as const;
export type StudySortBy = keyof typeof STUDY_SORT_COLUMNS;

export interface StudyQuery {
  keyword?: string;
  studyId?: string;
  /** Restricts to these studies (an empty list matches nothing). */
  studyIds?: readonly string[];
  sortBy?: StudySortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
  detailed?: boolean;
}

/** Sample-list based counts of the DETAILED projection: field → list suffix. */
const LIST_COUNTS: Record<string, string> = {
  all_sample_count: '_all', sequenced_sample_count: '_sequenced', cna_sample_count: '_cna',
  mrna_rna_seq_sample_count: '_rna_seq_mrna', mrna_rna_seq_v2_sample_count: '_rna_seq_v2_mrna',
  mrna_microarray_sample_count: '_mrna', mi_rna_sample_count: '_microrna', methylation_hm27_sample_count: '_methylation_hm27',
  rppa_sample_count: '_rppa', mass_spectrometry_sample_count: '_protein_quantification', complete_sample_count: '_3way_complete',
};

/**
 * Keyword: split on single spaces; every token must be a case-insensitive substring of the
 * study name or id, or the cancer type's name or id. Studies whose sample lists are all
 * empty are not listed (v7 behaviour).
 */
function whereClause(q: StudyQuery): Fragment {
  const parts: Fragment[] = [sql`EXISTS (SELECT 1 FROM sample_list_member m WHERE m.study_key = s.study_key)`];
  if (q.studyId !== undefined) parts.push(sql`s.study_id = ${q.studyId}`);
  if (q.studyIds) parts.push(q.studyIds.length ? sql`s.study_id IN (SELECT unnest(${q.studyIds}::VARCHAR[]))` : sql`FALSE`);
  for (const token of (q.keyword ?? '').split(' ').filter(Boolean)) {
    const t = token.toLowerCase();
    parts.push(sql`(contains(lower(s.name), ${t}) OR contains(lower(s.study_id), ${t}) OR contains(lower(coalesce(c.name, '')), ${t}) OR contains(lower(s.type_of_cancer_id), ${t}))`);
  }
  return parts.reduce((acc, p) => sql`${acc} AND ${p}`);
}

export async function countStudies(db: ReadOnlyDb, q: StudyQuery): Promise<number> {
  const row = await db.one<{ n: number }>(sql`
    SELECT count(*)::INTEGER AS n FROM cancer_study s LEFT JOIN type_of_cancer c ON c.type_of_cancer_id = s.type_of_cancer_id
    WHERE ${whereClause(q)}`);
  return row?.n ?? 0;
}

/** The study's own fields, as /studies and the nested study give them (without readPermission). */
type StudyFields = Omit<NestedStudyRow, 'read_permission'>;

/** The _all list's size always; the other lists' sizes, treatments and structural variants when DETAILED. */
type StudyCounts = { all_sample_count: number } & Partial<Record<
  | 'sequenced_sample_count' | 'cna_sample_count' | 'mrna_rna_seq_sample_count' | 'mrna_rna_seq_v2_sample_count' | 'mrna_microarray_sample_count'
  | 'mi_rna_sample_count' | 'methylation_hm27_sample_count' | 'rppa_sample_count' | 'mass_spectrometry_sample_count' | 'complete_sample_count'
  | 'treatment_count' | 'structural_variant_count', number>>;

/** A resource definition of a study with the samples and patients that have it, in the column order of the answer. */
type ResourceCountRow = {
  resource_id: string; display_name: string; description: string | null; resource_type: string; priority: string;
  open_by_default: boolean; cancer_study_identifier: string; custom_meta_data: string | null; sample_count: number; patient_count: number;
};

/** The nested cancer type of DETAILED, but for its id, whose key differs by shape. */
type CancerTypeFields = { name: string | null; dedicated_color: string | null; short_name: string | null; parent: string | null };

/** The CancerStudyMetadata of GET /studies and /studies/{id}. */
export type StudyMetadataRow = StudyFields & StudyCounts & {
  read_permission: boolean;
  resource_counts: ResourceCountRow[];
  cancer_type?: CancerTypeFields & { id: string };
};

/** The classic CancerStudy of /studies/fetch (api.md 2.5): the cancer type keyed `cancerTypeId`, resource counts `studyId`. */
export type ClassicStudyRow = StudyFields & StudyCounts & {
  read_permission: boolean;
  resource_counts: (Omit<ResourceCountRow, 'cancer_study_identifier'> & { study_id: string })[];
  cancer_type?: CancerTypeFields & { cancer_type_id: string };
};

export async function fetchStudies(db: ReadOnlyDb, q: StudyQuery): Promise<StudyMetadataRow[]> {
  const { rows, resources } = await studyRows(db, q);
  return rows.map(({ study, key, cancerType }) => ({
    ...study,
    read_permission: true,
    resource_counts: resources.get(key) ?? [],
    ...(cancerType && { cancer_type: { id: cancerType.id, ...cancerType.fields } }),
  }));
}

export async function fetchClassicStudies(db: ReadOnlyDb, q: StudyQuery): Promise<ClassicStudyRow[]> {
  const { rows, resources } = await studyRows(db, q);
  return rows.map(({ study, key, cancerType }) => ({
    ...study,
    read_permission: true,
    resource_counts: (resources.get(key) ?? []).map(({ cancer_study_identifier, ...count }) => ({ ...count, study_id: cancer_study_identifier })),
    ...(cancerType && { cancer_type: { cancer_type_id: cancerType.id, ...cancerType.fields } }),
  }));
}

type StudySelectRow = StudyFields & StudyCounts & { study_key: number } & Partial<{
  cancer_type_id_: string; cancer_type_name: string | null; dedicated_color: string | null; short_name: string | null; parent: string | null;
}>;

/** The studies of a query, each with its key and (DETAILED) its cancer type, and the resource counts by study key. */
async function studyRows(db: ReadOnlyDb, q: StudyQuery) {
  const order = q.sortBy
    ? sql`${raw(whitelisted(STUDY_SORT_COLUMNS, q.sortBy))} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')} NULLS LAST, s.study_key`
    : q.keyword
      ? sql`s.name, s.study_key`
      : sql`s.study_key`;
  const listCounts = Object.entries(q.detailed ? LIST_COUNTS : { all_sample_count: '_all' }).map(
    ([field, suffix]) => sql`(SELECT count(*)::INTEGER FROM sample_list l JOIN sample_list_member m USING (list_key)
        WHERE l.study_key = s.study_key AND l.stable_id = s.study_id || ${suffix}) AS ${raw(field)}`,
  );
  const detailed = q.detailed
    ? sql`,
      (SELECT count(DISTINCT patient_key)::INTEGER FROM clinical_event e WHERE e.study_key = s.study_key AND lower(e.event_type) = 'treatment') AS treatment_count,
      (SELECT count(DISTINCT sample_key)::INTEGER FROM structural_variant v WHERE v.study_key = s.study_key) AS structural_variant_count,
      c.type_of_cancer_id AS cancer_type_id_, c.name AS cancer_type_name, c.dedicated_color, c.short_name, c.parent`
    : sql``;
  const selected = await db.all<StudySelectRow>(sql`
    SELECT s.study_key, s.study_id, s.type_of_cancer_id AS cancer_type_id, s.name, s.description, s.public_study, s.pmid, s.citation,
      s.groups, s.status, strftime(s.import_date, '%Y-%m-%d %H:%M:%S') AS import_date, s.reference_genome,
      ${listCounts.reduce((acc, f) => sql`${acc}, ${f}`)} ${detailed}
    FROM cancer_study s LEFT JOIN type_of_cancer c ON c.type_of_cancer_id = s.type_of_cancer_id
    WHERE ${whereClause(q)}
    ORDER BY ${order}
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
  const resources = await fetchResourceCounts(db, selected.map((r) => r.study_key));
  const rows = selected.map(({ study_key, cancer_type_id_, cancer_type_name, dedicated_color, short_name, parent, ...study }) => ({
    key: study_key,
    study,
    // The cancer type's columns are selected (DETAILED) or absent; the studies' type is always in type_of_cancer.
    cancerType: cancer_type_id_ === undefined ? undefined : {
      id: cancer_type_id_,
      fields: { name: cancer_type_name ?? null, dedicated_color: dedicated_color ?? null, short_name: short_name ?? null, parent: parent ?? null },
    },
  }));
  return { rows, resources };
}

/** Ids of the listed studies that /studies/fetch returns (same visibility rule), by studyId. */
export async function fetchStudyIds(db: ReadOnlyDb, studyIds: readonly string[]): Promise<string[]> {
  const rows = await db.all<{ study_id: string }>(sql`
    SELECT s.study_id FROM cancer_study s WHERE ${whereClause({ studyIds })} ORDER BY s.study_id`);
  return rows.map((r) => r.study_id);
}

/**
 * The nested study object of Patient / MolecularProfile DETAILED (api.md 2.5, first block):
 * a STRUCT of `s` (a cancer_study row); readPermission is always true in the reference.
 */
/** The study as nestedStudy packs it. */
export type NestedStudyRow = {
  study_id: string;
  cancer_type_id: string;
  name: string;
  description: string | null;
  public_study: boolean;
  pmid: string | null;
  citation: string | null;
  groups: string;
  status: number;
  import_date: string;
  reference_genome: string;
  read_permission: boolean;
};

export function nestedStudy(alias: string): Fragment {
  const s = raw(alias);
  return sql`struct_pack(study_id := ${s}.study_id, cancer_type_id := ${s}.type_of_cancer_id, name := ${s}.name,
    description := ${s}.description, public_study := ${s}.public_study, pmid := ${s}.pmid, citation := ${s}.citation,
    groups := ${s}.groups, status := ${s}.status, import_date := strftime(${s}.import_date, '%Y-%m-%d %H:%M:%S'),
    reference_genome := ${s}.reference_genome, read_permission := TRUE)`;
}

/** The tags document of a study as JSON text; undefined when it has none or does not exist. */
export async function fetchStudyTags(db: ReadOnlyDb, studyId: string): Promise<string | undefined> {
  const row = await db.one<{ tags: string | null }>(sql`SELECT tags::VARCHAR AS tags FROM cancer_study WHERE study_id = ${studyId}`);
  return row?.tags ?? undefined;
}

/** A study's tags document as JSON text, under the study's key and id. */
export type StudyTagsRow = { cancer_study_id: number; study_id: string; tags: string };

/** CancerStudyTags of /studies/tags/fetch: only studies with tags, in import order. */
export async function fetchStudiesTags(db: ReadOnlyDb, studyIds: readonly string[]): Promise<StudyTagsRow[]> {
  if (studyIds.length === 0) return [];
  // cancerStudyId is the internal numeric id; the reference leaks it, so we expose our key.
  return db.all<StudyTagsRow>(sql`
    SELECT study_key AS cancer_study_id, study_id, tags::VARCHAR AS tags FROM cancer_study
    WHERE study_id IN (SELECT unnest(${studyIds}::VARCHAR[])) AND tags IS NOT NULL
    ORDER BY study_key`);
}

/** Resource definitions per study with the number of samples and patients having each. */
async function fetchResourceCounts(db: ReadOnlyDb, studyKeys: number[]): Promise<Map<number, ResourceCountRow[]>> {
  const rows = await db.all<ResourceCountRow & { study_key: number }>(sql`
    SELECT d.study_key, d.resource_id, d.display_name, d.description, d.resource_type, d.priority::VARCHAR AS priority,
      d.open_by_default, s.study_id AS cancer_study_identifier, d.custom_metadata AS custom_meta_data,
      (SELECT count(DISTINCT sample_key)::INTEGER FROM resource_data r WHERE r.study_key = d.study_key AND r.resource_id = d.resource_id AND r.sample_key IS NOT NULL) AS sample_count,
      (SELECT count(DISTINCT patient_key)::INTEGER FROM resource_data r WHERE r.study_key = d.study_key AND r.resource_id = d.resource_id AND r.patient_key IS NOT NULL) AS patient_count
    FROM resource_definition d JOIN cancer_study s USING (study_key)
    WHERE d.study_key IN (SELECT unnest(${studyKeys}::INTEGER[]))
    ORDER BY d.study_key, d.priority, d.resource_id`);
  const byStudy = new Map<number, ResourceCountRow[]>();
  for (const { study_key, ...rest } of rows) {
    const list = byStudy.get(study_key) ?? [];
    list.push(rest);
    byStudy.set(study_key, list);
  }
  return byStudy;
}
