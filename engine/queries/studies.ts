// Studies as GET /api/studies and /api/studies/{id} answer them (api.md 4.1, 4.3).
import type { Db } from '../sql/db.js';
import { raw, sql, type Fragment } from '../sql/sql.js';

export const STUDY_SORT_COLUMNS = {
  studyId: 'study_id', cancerTypeId: 'type_of_cancer_id', name: 'name', description: 'description',
  publicStudy: 'public_study', pmid: 'pmid', citation: 'citation', groups: 'groups', status: 'status', importDate: 'import_date',
} as const;
export type StudySortBy = keyof typeof STUDY_SORT_COLUMNS;

export interface StudyQuery {
  keyword?: string;
  studyId?: string;
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
  for (const token of (q.keyword ?? '').split(' ').filter(Boolean)) {
    const t = token.toLowerCase();
    parts.push(sql`(contains(lower(s.name), ${t}) OR contains(lower(s.study_id), ${t}) OR contains(lower(coalesce(c.name, '')), ${t}) OR contains(lower(s.type_of_cancer_id), ${t}))`);
  }
  return parts.reduce((acc, p) => sql`${acc} AND ${p}`);
}

export async function countStudies(db: Db, q: StudyQuery): Promise<number> {
  const row = await db.one<{ n: number }>(sql`
    SELECT count(*)::INTEGER AS n FROM cancer_study s LEFT JOIN type_of_cancer c ON c.type_of_cancer_id = s.type_of_cancer_id
    WHERE ${whereClause(q)}`);
  return row?.n ?? 0;
}

export async function fetchStudies(db: Db, q: StudyQuery): Promise<Record<string, unknown>[]> {
  const order = q.sortBy
    ? sql`${raw(STUDY_SORT_COLUMNS[q.sortBy])} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')} NULLS LAST, s.study_key`
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
  const rows = await db.all(sql`
    SELECT s.study_key, s.study_id, s.type_of_cancer_id AS cancer_type_id, s.name, s.description, s.public_study, s.pmid, s.citation,
      s.groups, s.status, strftime(s.import_date, '%Y-%m-%d %H:%M:%S') AS import_date, s.reference_genome,
      ${listCounts.reduce((acc, f) => sql`${acc}, ${f}`)} ${detailed}
    FROM cancer_study s LEFT JOIN type_of_cancer c ON c.type_of_cancer_id = s.type_of_cancer_id
    WHERE ${whereClause(q)}
    ORDER BY ${order}
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
  const resources = await fetchResourceCounts(db, rows.map((r) => r.study_key as number));
  return rows.map((r) => toStudyMetadata(r, resources.get(r.study_key as number) ?? []));
}

function toStudyMetadata(r: Record<string, unknown>, resourceCounts: Record<string, unknown>[]): Record<string, unknown> {
  const { study_key: _key, cancer_type_id_, cancer_type_name, dedicated_color, short_name, parent, ...study } = r;
  const out: Record<string, unknown> = { ...study, read_permission: true, resource_counts: resourceCounts };
  if (cancer_type_id_ !== undefined)
    out.cancer_type = { id: cancer_type_id_, name: cancer_type_name, dedicatedColor: dedicated_color, shortName: short_name, parent };
  return out;
}

/** Resource definitions per study with the number of samples and patients having each. */
async function fetchResourceCounts(db: Db, studyKeys: number[]): Promise<Map<number, Record<string, unknown>[]>> {
  const rows = await db.all(sql`
    SELECT d.study_key, d.resource_id, d.display_name, d.description, d.resource_type, d.priority::VARCHAR AS priority,
      d.open_by_default, s.study_id AS cancer_study_identifier, d.custom_metadata AS custom_meta_data,
      (SELECT count(DISTINCT sample_key)::INTEGER FROM resource_data r WHERE r.study_key = d.study_key AND r.resource_id = d.resource_id AND r.sample_key IS NOT NULL) AS sample_count,
      (SELECT count(DISTINCT patient_key)::INTEGER FROM resource_data r WHERE r.study_key = d.study_key AND r.resource_id = d.resource_id AND r.patient_key IS NOT NULL) AS patient_count
    FROM resource_definition d JOIN cancer_study s USING (study_key)
    WHERE d.study_key IN (SELECT unnest(${studyKeys}::INTEGER[]))
    ORDER BY d.study_key, d.priority, d.resource_id`);
  const byStudy = new Map<number, Record<string, unknown>[]>();
  for (const { study_key, ...rest } of rows) {
    const list = byStudy.get(study_key as number) ?? [];
    list.push(rest);
    byStudy.set(study_key as number, list);
  }
  return byStudy;
}
