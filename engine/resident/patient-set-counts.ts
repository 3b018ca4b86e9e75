// Labels held by patients (clinical event types, treatments), each with its distinct patients,
// read once and kept with the other resident lookups (profile-matrix.ts `keep`; the store is
// read-only while served), then counted over a cohort's patients: the Study View asks on every
// filter change, and scanning the event rows for a cohort took 30-50 ms at 272,000 samples.
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { offsetsByKey, type SamplePatients } from './case-keys.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { BYTES_PER_ENTRY, readTextPositions } from './resident-lookups.js';

/** Labels in DuckDB's VARCHAR order, each with its distinct patients. */
export interface PatientSets {
  labels: string[];
  /** Label i's patients are patients[offsets[i]] … patients[offsets[i + 1]]. */
  offsets: Int32Array;
  patients: Int32Array;
}

/** `pairs`: (label, patient_key) rows, repeats allowed; `key` names the lookup. */
export function patientSets(db: ReadOnlyDb, matrices: ProfileMatrices, key: string, pairs: () => Promise<Fragment>): Promise<PatientSets> {
  return matrices.keep(`patient sets ${key}`, async () => {
    const { texts, columns: [positions, patients] } = await readTextPositions(db,
      sql`SELECT DISTINCT label AS text, patient_key FROM (${await pairs()})`, sql`position, patient_key::DOUBLE`, { order: sql`ORDER BY 1, 2` });
    // Every label has rows: its runs' offsets are one per label, and one past the last.
    return { labels: texts.map((r) => r.text), offsets: offsetsByKey(positions), patients: Int32Array.from(patients) };
  }, (s) => s.offsets.byteLength + s.patients.byteLength + BYTES_PER_ENTRY * s.labels.length);
}

/** Each cohort's patients (1 by patient key), while its sample keys are held (they are kept and shared). */
const patientMemberships = new WeakMap<Int32Array, Uint8Array>();

/** 1 at the patients of the samples (their keys). Shared: callers do not change it. */
export function patientsOf(sampleKeys: Int32Array, patients: SamplePatients): Uint8Array {
  let members = patientMemberships.get(sampleKeys);
  if (members === undefined) {
    members = new Uint8Array(patients.patientBound);
    for (const key of sampleKeys) members[patients.patientOf[key]] = 1;
    patientMemberships.set(sampleKeys, members);
  }
  return members;
}

/**
 * Per label, the cohort's patients holding it (labels none holds left out), by count descending,
 * then label; and how many of the cohort's patients hold any label.
 */
export function countPatientSets(sets: PatientSets, member: Uint8Array): { counts: { label: string; count: number }[]; withAny: number } {
  const counts: { label: string; count: number }[] = [];
  const seen = new Uint8Array(member.length);
  let withAny = 0;
  sets.labels.forEach((label, i) => {
    let count = 0;
    for (let j = sets.offsets[i]; j < sets.offsets[i + 1]; j++) {
      const patient = sets.patients[j];
      if (member[patient] !== 1) continue;
      count++;
      if (seen[patient] === 0) {
        seen[patient] = 1;
        withAny++;
      }
    }
    if (count > 0) counts.push({ label, count });
  });
  // Labels ascend as DuckDB orders VARCHAR: a stable sort by count keeps them so among equal counts.
  return { counts: counts.sort((a, b) => b.count - a.count), withAny };
}
