// Samples (api.md 6; cBioPortal's column-store SampleMapper): by study, patient, identifiers,
// sample lists, or searched by keyword. Default order: sampleId under ID, else studyId, sampleId.
import type { ArrowRows } from '../sql/arrow-chunks.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';
import { jsonObject, streamJoinedJson, type JsonFields } from '../sql/joined-json.js';
import { inStudies } from './lookup.js';

export const SAMPLE_SORT_COLUMNS = { sampleId: 'x.sample_id', sampleType: 'x.sample_type' } as const;
export type SampleSortBy = keyof typeof SAMPLE_SORT_COLUMNS;

/** Which samples; `identifiers` are parallel (studyId, sampleId) lists, `sampleLists` a union of members. */
export type SampleScope =
  | { kind: 'all'; keyword?: string; studyIds?: readonly string[] }
  | { kind: 'study'; studyKey: number }
  | { kind: 'patient'; patientKey: number }
  | { kind: 'sample'; sampleKey: number }
  | { kind: 'identifiers'; studyIds: readonly string[]; sampleIds: readonly string[] }
  | { kind: 'sampleLists'; sampleListIds: readonly string[] }
  | { kind: 'cohort'; cohort: Fragment };

export interface SampleQuery {
  scope: SampleScope;
  projection: 'ID' | 'SUMMARY' | 'DETAILED';
  sortBy?: SampleSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

/** Keyword: tokens split on spaces, each a case-insensitive substring of the sample id. */
function keywordMatch(keyword: string): Fragment {
  return keyword.split(' ').filter(Boolean)
    .map((t) => sql`contains(lower(x.sample_id), ${t.toLowerCase()})`)
    .reduce((acc, f) => sql`${acc} AND ${f}`, sql`TRUE`);
}

function scopeClause(scope: SampleScope): Fragment {
  switch (scope.kind) {
    case 'all':
      return sql`${scope.keyword === undefined ? sql`TRUE` : keywordMatch(scope.keyword)} AND ${inStudies(sql`x.study_key`, scope.studyIds)}`;
    case 'study':
      return sql`x.study_key = ${scope.studyKey}`;
    case 'patient':
      return sql`x.patient_key = ${scope.patientKey}`;
    case 'sample':
      return sql`x.sample_key = ${scope.sampleKey}`;
    case 'identifiers':
      return sql`x.sample_key IN (SELECT y.sample_key FROM (SELECT unnest(${scope.studyIds}::VARCHAR[]) AS study_id,
          unnest(${scope.sampleIds}::VARCHAR[]) AS sample_id) r
        JOIN cancer_study ys ON ys.study_id = r.study_id JOIN sample y ON y.study_key = ys.study_key AND y.sample_id = r.sample_id)`;
    case 'cohort': // a Study View cohort (engine/filter/compile.ts)
      return sql`x.sample_key IN (${scope.cohort})`;
    case 'sampleLists':
      return sql`x.sample_key IN (SELECT m.sample_key FROM sample_list l JOIN sample_list_member m USING (list_key)
        WHERE l.stable_id IN (SELECT unnest(${scope.sampleListIds}::VARCHAR[])))`;
  }
}

function orderClause(q: SampleQuery): Fragment {
  const keyword = q.scope.kind === 'all' ? q.scope.keyword : undefined;
  // With a keyword the reference fails on sortBy (500); the keyword ranking wins here.
  if (keyword) return sql`NOT starts_with(lower(x.sample_id), ${keyword.toLowerCase()}), x.sample_id, s.study_id`;
  // sortBy is ignored under ID (api.md 1.5); sampleType sorts on the stored text.
  if (q.sortBy && q.projection !== 'ID')
    return sql`${raw(whitelisted(SAMPLE_SORT_COLUMNS, q.sortBy))} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')}, s.study_id, x.sample_id`;
  return q.projection === 'ID' ? sql`x.sample_id, s.study_id` : sql`s.study_id, x.sample_id`;
}

/** A sample as sampleColumns select it: sample_type from SUMMARY (NULL for other labels), the flags under DETAILED. */
export type SampleRow = {
  sample_id: string;
  patient_id: string;
  study_id: string;
  unique_sample_key: string;
  unique_patient_key: string;
  sample_type?: string | null;
  sequenced?: boolean;
  copy_number_segment_present?: boolean;
};

/** The Sample columns of a projection (api.md 6): keys always, sampleType SUMMARY+, flags DETAILED. */
function sampleColumns(projection: SampleQuery['projection']): Fragment {
  const id = sql`x.sample_id, p.patient_id, s.study_id,
    unique_key(x.sample_id, s.study_id) AS unique_sample_key, unique_key(p.patient_id, s.study_id) AS unique_patient_key`;
  if (projection === 'ID') return id;
  // The stored label is matched case-insensitively against cBioPortal's labels; others are absent.
  const summary = sql`${id}, CASE lower(x.sample_type) ${raw(SAMPLE_TYPE_CASES)} END AS sample_type`;
  if (projection === 'SUMMARY') return summary;
  // sequenced: member of the study's own _sequenced list (v7 looks at any study's list of that id).
  return sql`${summary},
    x.sample_key IN (SELECT m.sample_key FROM sample_list l JOIN sample_list_member m USING (list_key)
      WHERE l.study_key = x.study_key AND l.stable_id = s.study_id || '_sequenced') AS sequenced,
    x.sample_key IN (SELECT c.sample_key FROM copy_number_seg c WHERE c.study_key = x.study_key) AS copy_number_segment_present`;
}

/** Constant WHEN branches of the label CASE (api.md 2.3). */
const SAMPLE_TYPE_CASES = [
  'Primary Solid Tumor', 'Recurrent Solid Tumor', 'Primary Blood Tumor', 'Recurrent Blood Tumor',
  'Metastatic', 'Blood Derived Normal', 'Solid Tissues Normal',
].map((label) => `WHEN '${label.toLowerCase()}' THEN '${label}'`).join(' ');

export async function countSamples(db: ReadOnlyDb, scope: SampleScope): Promise<number> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM sample x WHERE ${scopeClause(scope)}`);
  return row?.n ?? 0;
}

function selectSamples(q: SampleQuery, columns: Fragment): Fragment {
  return sql`
    SELECT ${columns}
    FROM sample x JOIN patient p ON p.patient_key = x.patient_key JOIN cancer_study s ON s.study_key = x.study_key
    WHERE ${scopeClause(q.scope)}
    ORDER BY ${orderClause(q)}
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`;
}

/** The rows of a samples answer, for fetchSamples and Arrow. */
export const sampleRows = (q: SampleQuery): ArrowRows => ({ query: selectSamples(q, sampleColumns(q.projection)) });

export async function fetchSamples(db: ReadOnlyDb, q: SampleQuery): Promise<SampleRow[]> {
  return db.all<SampleRow>(sampleRows(q).query);
}

/** The Sample fields of a projection in SampleSchema's order: [API name, column of sampleColumns]. */
function sampleFields(projection: SampleQuery['projection']): JsonFields {
  const id = [['uniqueSampleKey', 'unique_sample_key'], ['uniquePatientKey', 'unique_patient_key'],
    ['sampleId', 'sample_id'], ['patientId', 'patient_id'], ['studyId', 'study_id']] as const;
  if (projection === 'ID') return id;
  const summary = [...id, ['sampleType', 'sample_type']] as const;
  if (projection === 'SUMMARY') return summary;
  return [...summary, ['sequenced', 'sequenced'], ['copyNumberSegmentPresent', 'copy_number_segment_present']];
}

/** The answer of fetchSamples as JSON written by DuckDB (engine/sql/joined-json.ts). */
export function streamSamplesJson(db: ReadOnlyDb, q: SampleQuery): AsyncGenerator<string[], void, undefined> {
  const rows = selectSamples(q, sql`${sampleColumns(q.projection)}, row_number() OVER (ORDER BY ${orderClause(q)}) AS n`);
  return streamJoinedJson(db, rows, sampleFields(q.projection));
}

/** Every sample's key and JSON text under projection ID, in that projection's answer order (filtered-samples.ts). */
export function streamSampleTexts(db: ReadOnlyDb): AsyncGenerator<{ sample_key: number; json: string }[], void, undefined> {
  const q: SampleQuery = { scope: { kind: 'all' }, projection: 'ID' };
  const rows = selectSamples(q, sql`${sampleColumns('ID')}, x.sample_key, row_number() OVER (ORDER BY ${orderClause(q)}) AS n`);
  return db.stream(sql`SELECT sample_key, ${jsonObject(sampleFields('ID'))} AS json FROM (${rows}) ORDER BY n`);
}
