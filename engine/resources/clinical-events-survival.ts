// POST /api/survival-data/fetch (api.md 10.2), as cBioPortal's ClinicalEventServiceImpl.getSurvivalData:
// per patient, months from a start event to an end event (1:EVENT) or to the last censoring
// event (0:CENSORED). Only events with at least one attribute row take part.
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { caseKeys, forEachCaseKey } from '../resident/case-keys.js';
import type { EventRequest, PatientPairs } from './clinical-events-meta.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';

export interface EventIdentifier { clinicalEventRequests?: readonly EventRequest[]; position: 'FIRST' | 'LAST' }

/** What a survival answer measures, for the patients asked for. */
export interface SurvivalEvents {
  start: EventIdentifier;
  end: EventIdentifier;
  censored?: EventIdentifier;
}

/** A patient asked for that exists: its key, and its ids as the request spells them (the store's). */
export interface SurvivalPatient { key: number; studyId: string; patientId: string }

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

/** Per patient key: the first START_DATE of its events matching some requests, and their stop (NaN: no such event). */
interface Timelines {
  start: Float64Array;
  /** max(last START_DATE, last STOP_DATE or 0). */
  stop: Float64Array;
}

/**
 * Every patient's timeline of the events matching the requests, read once per set of requests and
 * kept with the other resident lookups (profile-matrix.ts `keep`; the store is read-only while
 * served): a survival chart asks for every patient of a study, 194,000 at GENIE's size, whose ids
 * and rows took seconds to pass through DuckDB on each request.
 */
function timelines(db: ReadOnlyDb, matrices: ProfileMatrices, requests: readonly EventRequest[]): Promise<Timelines> {
  const match = matchClause(requests);
  return matrices.keep(`event timelines ${match.text} ${JSON.stringify(match.params)}`, async () => {
    const [patients, starts, stops] = await db.numericColumns(sql`
      SELECT e.patient_key::DOUBLE, min(e.start_date)::DOUBLE, greatest(max(e.start_date), coalesce(max(e.stop_date), 0))::DOUBLE
      FROM clinical_event e JOIN clinical_event_data d ON d.event_key = e.event_key
      WHERE ${match} GROUP BY e.patient_key`);
    const bound = patients.reduce((max, key) => Math.max(max, key + 1), 0);
    const t: Timelines = { start: new Float64Array(bound).fill(NaN), stop: new Float64Array(bound).fill(NaN) };
    patients.forEach((key, i) => {
      t.start[key] = starts[i];
      t.stop[key] = stops[i];
    });
    return t;
  }, (t) => t.start.byteLength + t.stop.byteLength);
}

/** The day an identifier's position picks in a patient's timeline (NaN: the patient has none). */
const dayOf = (t: Timelines, id: EventIdentifier | undefined, patient: number): number =>
  (id?.position === 'FIRST' ? t.start : t.stop)[patient] ?? NaN;

/** The requested patients that exist, by key ascending (each once). */
export async function requestedPatients(db: ReadOnlyDb, matrices: ProfileMatrices, pairs: PatientPairs): Promise<SurvivalPatient[]> {
  const found = new Map<number, SurvivalPatient>();
  const { studyIds, patientIds } = pairs;
  forEachCaseKey(await caseKeys(db, matrices, 'patient'), patientIds.length, (i) => studyIds[i], (i) => patientIds[i],
    (key, i) => found.set(key, { key, studyId: studyIds[i], patientId: patientIds[i] }));
  return [...found.values()].sort((a, b) => a.key - b.key);
}

/** One patient's survival: days from its start to its end event (an event) or to its last censoring event. */
export interface SurvivalRow {
  studyId: string;
  patientId: string;
  days: number;
  event: boolean;
}

/**
 * In the order of `patients` (requestedPatients'). A patient without a start event, or whose end
 * does not come after its start, is left out.
 */
export async function fetchSurvivalData(db: ReadOnlyDb, matrices: ProfileMatrices, patients: readonly SurvivalPatient[], q: SurvivalEvents): Promise<SurvivalRow[]> {
  const [starts, ends, censored] = await Promise.all([
    timelines(db, matrices, q.start.clinicalEventRequests ?? []),
    timelines(db, matrices, q.end.clinicalEventRequests ?? []),
    timelines(db, matrices, q.censored?.clinicalEventRequests ?? []),
  ]);
  const out: SurvivalRow[] = [];
  for (const { key, studyId, patientId } of patients) {
    const start = dayOf(starts, q.start, key);
    if (Number.isNaN(start)) continue;
    const end = dayOf(ends, q.end, key);
    if (!Number.isNaN(end)) {
      if (start < end) out.push({ studyId, patientId, days: end - start, event: true });
      continue;
    }
    const censoredAt = dayOf(censored, q.censored, key);
    if (start < censoredAt) out.push({ studyId, patientId, days: censoredAt - start, event: false });
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
