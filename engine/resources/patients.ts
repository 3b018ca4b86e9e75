// Patients (api.md 5; cBioPortal's PatientMapper): by study, by identifiers, or searched by keyword.
// Order: sortBy, else keyword ranking, else patientId under ID and import order otherwise.
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';
import { inStudies } from './lookup.js';
import { nestedStudy, type NestedStudyRow } from './studies.js';

export const PATIENT_SORT_COLUMNS = { patientId: 'p.patient_id' } as const;
export type PatientSortBy = keyof typeof PATIENT_SORT_COLUMNS;

/** Which patients: every one, one study's, one patient, or (studyId, patientId) pairs. */
export type PatientScope =
  | { kind: 'all'; keyword?: string; studyIds?: readonly string[] }
  | { kind: 'study'; studyKey: number }
  | { kind: 'patient'; patientKey: number }
  | { kind: 'identifiers'; studyIds: readonly string[]; patientIds: readonly string[] };

export interface PatientQuery {
  scope: PatientScope;
  projection: 'ID' | 'SUMMARY' | 'DETAILED';
  sortBy?: PatientSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

/**
 * Keyword: tokens split on spaces, each a case-sensitive substring (v7) of the patient id or
 * of one of its sample ids. The reference joins samples and tests the tokens per joined row;
 * we keep that (all tokens against one sample row) but return each patient once.
 */
function keywordMatch(keyword: string): Fragment {
  const tokens = keyword.split(' ').filter(Boolean);
  if (tokens.length === 0) return sql`TRUE`;
  const all = (column: Fragment) => tokens.map((t) => sql`(contains(p.patient_id, ${t}) OR contains(${column}, ${t}))`)
    .reduce((acc, f) => sql`${acc} AND ${f}`);
  return sql`(${all(sql`p.patient_id`)} OR EXISTS (SELECT 1 FROM sample x WHERE x.patient_key = p.patient_key AND ${all(sql`x.sample_id`)}))`;
}

function scopeClause(scope: PatientScope): Fragment {
  switch (scope.kind) {
    case 'all':
      return sql`${scope.keyword === undefined ? sql`TRUE` : keywordMatch(scope.keyword)} AND ${inStudies(sql`p.study_key`, scope.studyIds)}`;
    case 'study':
      return sql`p.study_key = ${scope.studyKey}`;
    case 'patient':
      return sql`p.patient_key = ${scope.patientKey}`;
    case 'identifiers':
      return sql`p.patient_key IN (SELECT x.patient_key FROM (SELECT unnest(${scope.studyIds}::VARCHAR[]) AS study_id,
          unnest(${scope.patientIds}::VARCHAR[]) AS patient_id) r
        JOIN cancer_study xs ON xs.study_id = r.study_id JOIN patient x ON x.study_key = xs.study_key AND x.patient_id = r.patient_id)`;
  }
}

function orderClause(q: PatientQuery): Fragment {
  const keyword = q.scope.kind === 'all' ? q.scope.keyword : undefined;
  if (keyword) return sql`NOT starts_with(p.patient_id, ${keyword}), p.patient_id, p.patient_key`;
  // sortBy is ignored under ID (api.md 1.5).
  if (q.sortBy && q.projection !== 'ID')
    return sql`${raw(whitelisted(PATIENT_SORT_COLUMNS, q.sortBy))} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')}, p.patient_key`;
  return q.projection === 'ID' ? sql`p.patient_id, p.patient_key` : sql`p.patient_key`;
}

export async function countPatients(db: ReadOnlyDb, scope: PatientScope): Promise<number> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM patient p WHERE ${scopeClause(scope)}`);
  return row?.n ?? 0;
}

/** A patient as selected: the study nested under DETAILED. */
export type PatientRow = { patient_id: string; study_id: string; unique_patient_key: string; cancer_study?: NestedStudyRow };

export async function fetchPatients(db: ReadOnlyDb, q: PatientQuery): Promise<PatientRow[]> {
  const detailed = q.projection === 'DETAILED' ? sql`, ${nestedStudy('s')} AS cancer_study` : sql``;
  return db.all<PatientRow>(sql`
    SELECT p.patient_id, s.study_id, unique_key(p.patient_id, s.study_id) AS unique_patient_key ${detailed}
    FROM patient p JOIN cancer_study s ON s.study_key = p.study_key
    WHERE ${scopeClause(q.scope)}
    ORDER BY ${orderClause(q)}
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
}
