// The Study View's sample treatment counts (study-view.md 4.18, sample-counts without its samples)
// counted in memory: every sample acquisition and every patient's first start of each treatment
// are read once and kept with the other resident lookups (profile-matrix.ts `keep`; the store is
// read-only while served). Joining them in DuckDB for a cohort took 55-60 ms at 272,000 samples.
import type { Cohort } from '../filter/compile.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { cohortSampleKeys, membersOf, offsetsByKey, samplePatients } from './case-keys.js';
import { patientsOf } from './patient-set-counts.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { BYTES_PER_ENTRY, readTextPositions } from './resident-lookups.js';

/** Acquisition rows: per (event patient, sample), the earliest acquisition day. */
interface Acquisitions {
  patients: Int32Array;
  samples: Int32Array;
  days: Float64Array;
}

/** `table`: (patient_key, sample_key, t) rows. */
function acquisitions(db: ReadOnlyDb, matrices: ProfileMatrices, table: Fragment): Promise<Acquisitions> {
  return matrices.keep(`acquisitions ${table.text}`, async () => {
    const [patients, samples, days] = await db.numericColumns(sql`SELECT patient_key::DOUBLE, sample_key::DOUBLE, t::DOUBLE FROM ${table}`);
    return { patients: Int32Array.from(patients), samples: Int32Array.from(samples), days };
  }, (a) => a.patients.byteLength + a.samples.byteLength + a.days.byteLength);
}

/** Each patient's treatments (positions in `names`, in DuckDB's VARCHAR order) and their first start days. */
interface TreatmentStarts {
  names: string[];
  /** Patient p's starts are treatments[offsets[p]] … treatments[offsets[p + 1]] (patients past the end have none). */
  offsets: Int32Array;
  treatments: Int32Array;
  days: Float64Array;
}

/** `table`: (patient_key, treatment, t) rows, one per patient and treatment. */
function treatmentStarts(db: ReadOnlyDb, matrices: ProfileMatrices, table: Fragment): Promise<TreatmentStarts> {
  return matrices.keep(`treatment starts ${table.text}`, async () => {
    const { texts, columns: [patients, treatments, days] } = await readTextPositions(db,
      sql`SELECT patient_key, treatment AS text, t FROM ${table}`, sql`patient_key::DOUBLE, position, t::DOUBLE`, { order: sql`ORDER BY 1, 2` });
    return { names: texts.map((r) => r.text), offsets: offsetsByKey(patients), treatments: Int32Array.from(treatments), days };
  }, (s) => s.offsets.byteLength + s.treatments.byteLength + s.days.byteLength + BYTES_PER_ENTRY * s.names.length);
}

export interface SampleTreatmentCount {
  time: 'Pre' | 'Post';
  treatment: string;
  count: number;
}

/**
 * Per treatment, the (acquisition of a cohort sample, start of that treatment for the
 * acquisition's patient) pairs, Pre when the acquisition is on or before the start; rows by
 * treatment, Pre before Post, those without pairs left out. `totalSamples`: the distinct samples
 * of the cohort's acquisitions whose patient is a cohort patient with any treatment (by key, not
 * by id as the reference: Appendix B quirk 9).
 * `acquired` and `starts` are the tables of sourcesOf (study-view-treatments.ts), every study's.
 */
export async function countSampleTreatments(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, acquired: Fragment, starts: Fragment,
): Promise<{ totalSamples: number; rows: SampleTreatmentCount[] }> {
  const [a, s, keys, patients] = await Promise.all([
    acquisitions(db, matrices, acquired),
    treatmentStarts(db, matrices, starts),
    cohortSampleKeys(db, matrices, cohort),
    samplePatients(db, matrices),
  ]);
  const member = membersOf(keys);
  const cohortPatient = patientsOf(keys, patients);
  const pairs = new Float64Array(2 * s.names.length);
  const counted = new Uint8Array(member.length);
  let totalSamples = 0;
  for (let i = 0; i < a.samples.length; i++) {
    if (member[a.samples[i]] !== 1) continue;
    const p = a.patients[i];
    const from = s.offsets[p] ?? 0;
    const to = s.offsets[p + 1] ?? 0;
    for (let j = from; j < to; j++) pairs[2 * s.treatments[j] + (a.days[i] <= s.days[j] ? 0 : 1)]++;
    if (to > from && cohortPatient[p] === 1 && counted[a.samples[i]] === 0) {
      counted[a.samples[i]] = 1;
      totalSamples++;
    }
  }
  const rows: SampleTreatmentCount[] = [];
  s.names.forEach((treatment, t) => {
    if (pairs[2 * t] > 0) rows.push({ time: 'Pre', treatment, count: pairs[2 * t] });
    if (pairs[2 * t + 1] > 0) rows.push({ time: 'Post', treatment, count: pairs[2 * t + 1] });
  });
  return { totalSamples, rows };
}
