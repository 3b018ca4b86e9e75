// POST /api/survival-data/fetch (api.md 10.2), as cBioPortal's ClinicalEventServiceImpl.getSurvivalData:
// per patient, months from a start event to an end event (1:EVENT) or to the last censoring
// event (0:CENSORED). Only events with at least one attribute row take part.
import type { Db } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { patientKeysOf, type EventRequest, type PatientPairs } from './clinical-events-meta.js';

export interface EventIdentifier { clinicalEventRequests?: readonly EventRequest[]; position: 'FIRST' | 'LAST' }

export interface SurvivalQuery {
  patients: PatientPairs;
  attributeIdPrefix: string;
  start: EventIdentifier;
  end: EventIdentifier;
  censored?: EventIdentifier;
}

interface Timeline { patient_key: number; patient_id: string; study_id: string; start_date: number; stop_date: number }

/** An event matches a request of its type; if the request lists attributes, one of its (key, value) rows must equal one. */
function matchClause(requests: readonly EventRequest[]): Fragment {
  if (requests.length === 0) return sql`TRUE`;
  const types: string[] = [];
  const keys: string[] = [];
  const values: string[] = [];
  const anyRow: number[] = [];
  for (const r of requests) {
    if (!r.attributes?.length) { types.push(r.eventType); keys.push(''); values.push(''); anyRow.push(1); }
    for (const a of r.attributes ?? []) {
      if (a.key !== undefined && a.value !== undefined) { types.push(r.eventType); keys.push(a.key); values.push(a.value); anyRow.push(0); }
    }
  }
  return sql`EXISTS (SELECT 1 FROM (SELECT unnest(${types}::VARCHAR[]) AS event_type, unnest(${keys}::VARCHAR[]) AS key,
      unnest(${values}::VARCHAR[]) AS value, unnest(${anyRow}::INTEGER[]) = 1 AS any_row) q
    WHERE q.event_type = e.event_type AND (q.any_row OR (q.key = d.key AND q.value = d.value)))`;
}

/** Per patient: start = first START_DATE, stop = max(last START_DATE, last STOP_DATE or 0). */
async function timelines(db: Db, patients: Fragment, requests: readonly EventRequest[]): Promise<Map<number, Timeline>> {
  const rows = await db.all<Timeline>(sql`
    SELECT e.patient_key, p.patient_id, s.study_id, min(e.start_date) AS start_date,
      greatest(max(e.start_date), coalesce(max(e.stop_date), 0)) AS stop_date
    FROM clinical_event e JOIN clinical_event_data d ON d.event_key = e.event_key
      JOIN patient p ON p.patient_key = e.patient_key JOIN cancer_study s ON s.study_key = e.study_key
    WHERE e.patient_key IN (${patients}) AND ${matchClause(requests)}
    GROUP BY e.patient_key, p.patient_id, s.study_id
    ORDER BY e.patient_key`);
  return new Map(rows.map((r) => [r.patient_key, r]));
}

const keysOf = (m: Map<number, Timeline>): Fragment => sql`SELECT unnest(${[...m.keys()]}::INTEGER[])`;
const positionOf = (id: EventIdentifier | undefined) => (t: Timeline) => (id?.position === 'FIRST' ? t.start_date : t.stop_date);

export interface SurvivalDatum { study_id: string; patient_id: string; clinical_attribute_id: string; value: string }

export async function fetchSurvivalData(db: Db, q: SurvivalQuery): Promise<SurvivalDatum[]> {
  const startPos = positionOf(q.start);
  const endPos = positionOf(q.end);
  const censoredPos = positionOf(q.censored);
  const starts = await timelines(db, patientKeysOf(q.patients), q.start.clinicalEventRequests ?? []);
  const ends = starts.size ? await timelines(db, keysOf(starts), q.end.clinicalEventRequests ?? []) : new Map<number, Timeline>();
  // A patient whose end event does not come after its start is dropped.
  for (const [key, start] of starts) {
    const end = ends.get(key);
    if (end && !(startPos(start) < endPos(end))) starts.delete(key);
  }
  const censored = starts.size ? await timelines(db, keysOf(starts), q.censored?.clinicalEventRequests ?? []) : new Map<number, Timeline>();
  const out: SurvivalDatum[] = [];
  for (const [key, start] of starts) {
    const end = ends.get(key);
    const cens = censored.get(key);
    let days: number;
    if (end) days = endPos(end) - startPos(start);
    else if (cens && startPos(start) < censoredPos(cens)) days = censoredPos(cens) - startPos(start);
    else continue;
    const item = { study_id: start.study_id, patient_id: start.patient_id };
    out.push({ ...item, clinical_attribute_id: `${q.attributeIdPrefix}_MONTHS`, value: javaDoubleText(days / 30.4) });
    out.push({ ...item, clinical_attribute_id: `${q.attributeIdPrefix}_STATUS`, value: end ? '1:EVENT' : '0:CENSORED' });
  }
  return out;
}

/** Java's Double.toString: plain with at least one decimal in [1e-3, 1e7), else `d.dddE±n`. */
export function javaDoubleText(x: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'NaN' : x > 0 ? 'Infinity' : '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(x);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(x);
    return s.includes('.') ? s : `${s}.0`;
  }
  const [mantissa, exponent] = x.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}
