// POST /api/clinical-events-meta/fetch (api.md 10.1): the event types of some patients with
// their distinct attribute (key, value) pairs, all lower-cased, as cBioPortal's getClinicalEventsMeta.
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';

export interface PatientPairs { studyIds: readonly string[]; patientIds: readonly string[] }
export interface EventRequest { eventType: string; attributes?: readonly { key?: string; value?: string }[] }

/** The patients of (studyId, patientId) pairs, resolved to keys by one join. */
export function patientKeysOf(pairs: PatientPairs): Fragment {
  return sql`SELECT p.patient_key FROM (SELECT unnest(${pairs.studyIds}::VARCHAR[]) AS study_id, unnest(${pairs.patientIds}::VARCHAR[]) AS patient_id) r
    JOIN cancer_study s ON s.study_id = r.study_id JOIN patient p ON p.study_key = s.study_key AND p.patient_id = r.patient_id`;
}

/**
 * Requests as one table (event type, attribute key, any-key flag) for a join: an event
 * row matches a request of its type, and when the request lists attributes only its rows whose
 * key is listed (values are ignored here) are kept.
 */
function requestTable(requests: readonly EventRequest[]): Fragment {
  const types: string[] = [];
  const keys: string[] = [];
  const anyKey: number[] = [];
  for (const r of requests) {
    const listed = (r.attributes ?? []).filter((a) => a.key !== undefined);
    if (!r.attributes?.length) { types.push(r.eventType); keys.push(''); anyKey.push(1); }
    for (const a of listed) { types.push(r.eventType); keys.push(a.key as string); anyKey.push(0); }
  }
  return sql`SELECT unnest(${types}::VARCHAR[]) AS event_type, unnest(${keys}::VARCHAR[]) AS key,
    unnest(${anyKey}::INTEGER[]) = 1 AS any_key`;
}

/** An event type of the patients, with its distinct attributes (lower case). */
export type ClinicalEventMetaRow = { event_type: string; attributes: { key: string; value: string }[] };

export async function fetchClinicalEventsMeta(db: ReadOnlyDb, pairs: PatientPairs, requests: readonly EventRequest[]): Promise<ClinicalEventMetaRow[]> {
  const filter = requests.length === 0
    ? sql`TRUE`
    : sql`EXISTS (SELECT 1 FROM (${requestTable(requests)}) q WHERE q.event_type = e.event_type AND (q.any_key OR q.key = d.key))`;
  return db.all<ClinicalEventMetaRow>(sql`
    SELECT event_type, list(struct_pack(key := key, value := value) ORDER BY key, value) AS attributes
    FROM (
      SELECT DISTINCT lower(e.event_type) AS event_type, lower(d.key) AS key, lower(d.value) AS value
      FROM clinical_event e JOIN clinical_event_data d ON d.event_key = e.event_key
      WHERE e.patient_key IN (${patientKeysOf(pairs)}) AND ${filter})
    GROUP BY event_type
    ORDER BY event_type`);
}
