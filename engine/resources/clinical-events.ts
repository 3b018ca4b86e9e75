// Timeline events of a study or of one patient (api.md 10, cBioPortal's ClinicalEventMapper),
// each with its key/value attributes in file column order.
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';

export const CLINICAL_EVENT_SORT_COLUMNS = {
  eventType: 'e.event_type', startNumberOfDaysSinceDiagnosis: 'e.start_date', endNumberOfDaysSinceDiagnosis: 'e.stop_date',
} as const;
export type ClinicalEventSortBy = keyof typeof CLINICAL_EVENT_SORT_COLUMNS;

/** A study by id (an unknown one simply has no events) or one patient by key. */
export type ClinicalEventScope = { kind: 'study'; studyId: string } | { kind: 'patient'; patientKey: number };

export interface ClinicalEventQuery {
  scope: ClinicalEventScope;
  projection: 'ID' | 'SUMMARY' | 'DETAILED';
  sortBy?: ClinicalEventSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

function fromWhere(scope: ClinicalEventScope): Fragment {
  const where = scope.kind === 'study' ? sql`s.study_id = ${scope.studyId}` : sql`e.patient_key = ${scope.patientKey}`;
  return sql`FROM clinical_event e JOIN patient p ON p.patient_key = e.patient_key JOIN cancer_study s ON s.study_key = e.study_key
    WHERE ${where}`;
}

export async function countClinicalEvents(db: ReadOnlyDb, scope: ClinicalEventScope): Promise<number> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n ${fromWhere(scope)}`);
  return row?.n ?? 0;
}

/**
 * Pages count events, not attribute rows (the reference pages its event x attribute join, so a
 * page could cut an event's attributes; the documented meaning of pageSize is items).
 */
/** An event of fetchClinicalEvents: its ids, and under SUMMARY its days and attributes. */
export type ClinicalEventRow = {
  event_type: string; patient_id: string; study_id: string; unique_patient_key: string;
  start_number_of_days_since_diagnosis?: number | null; end_number_of_days_since_diagnosis?: number | null;
  attributes?: { key: string; value: string }[];
};

export async function fetchClinicalEvents(db: ReadOnlyDb, q: ClinicalEventQuery): Promise<ClinicalEventRow[]> {
  const summary = q.projection !== 'ID';
  const order = q.sortBy && summary
    ? sql`${raw(whitelisted(CLINICAL_EVENT_SORT_COLUMNS, q.sortBy))} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')} NULLS LAST, e.event_key`
    : sql`e.event_key`;
  const page = sql`SELECT e.event_key, e.event_type, p.patient_id, s.study_id, unique_key(p.patient_id, s.study_id) AS unique_patient_key,
      e.start_date AS start_number_of_days_since_diagnosis, e.stop_date AS end_number_of_days_since_diagnosis,
      row_number() OVER (ORDER BY ${order}) AS ord
    ${fromWhere(q.scope)}
    ORDER BY ord LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`;
  const rows = await db.all<Omit<ClinicalEventRow, 'attributes'> & { event_key: number; ord: number; attributes: ClinicalEventRow['attributes'] | null }>(sql`
    WITH page AS (${page}),
    attrs AS (
      SELECT d.event_key, list(struct_pack(key := d.key, value := d.value) ORDER BY d.rowid) AS attributes
      FROM clinical_event_data d WHERE d.event_key IN (SELECT event_key FROM page) GROUP BY d.event_key)
    SELECT page.*, attrs.attributes FROM page LEFT JOIN attrs USING (event_key) ORDER BY page.ord`);
  return rows.map(({ event_key: _k, ord: _o, attributes, start_number_of_days_since_diagnosis, end_number_of_days_since_diagnosis, ...ids }) =>
    summary ? { ...ids, start_number_of_days_since_diagnosis, end_number_of_days_since_diagnosis, attributes: attributes ?? [] } : ids);
}
