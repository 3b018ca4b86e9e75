// Further Study View counts: clinical event types of the filtered cohort (study-view.md 4.17) and
// clinical attribute counts over a sample selection (4.24).
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { inCohort, type Cohort } from '../filter/compile.js';
import { cohortSampleKeys, samplePatients, sampleStudies, studiesOf } from '../resident/case-keys.js';
import { countPatientSets, patientSets, patientsOf } from '../resident/patient-set-counts.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';
import { BYTES_PER_ENTRY } from '../resident/resident-lookups.js';

export interface ClinicalEventTypeCount {
  eventType: string;
  count: number;
}

/** Per event type (exact string): distinct patients of the filtered samples with >= 1 such event. */
export async function fetchClinicalEventTypeCounts(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort): Promise<ClinicalEventTypeCount[]> {
  const [sets, keys, patients] = await Promise.all([
    patientSets(db, matrices, 'event types', async () => sql`SELECT event_type AS label, patient_key FROM clinical_event`),
    cohortSampleKeys(db, matrices, cohort),
    samplePatients(db, matrices),
  ]);
  return countPatientSets(sets, patientsOf(keys, patients)).counts.map(({ label, count }) => ({ eventType: label, count }));
}

export interface ClinicalAttributeCount {
  clinicalAttributeId: string;
  count: number;
}

/** Per study, per attribute id: its sample attribute's stored rows, its patient attribute's rows once per sample of the patient. */
type StudyAttributeCounts = Map<number, { sample: Map<string, number>; patient: Map<string, number> }>;

function studyAttributeCounts(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<StudyAttributeCounts> {
  return matrices.keep('clinical attribute counts by study', async () => {
    const byStudy: StudyAttributeCounts = new Map();
    for (const r of await db.all<{ study_key: number; level: number; attr_id: string; n: number }>(sql`
      SELECT study_key, 0 AS level, attr_id, count(*)::INTEGER AS n FROM clinical_sample GROUP BY ALL
      UNION ALL
      SELECT s.study_key, 1, c.attr_id, count(*)::INTEGER FROM clinical_patient c JOIN sample s ON s.patient_key = c.patient_key GROUP BY ALL`)) {
      let study = byStudy.get(r.study_key);
      if (study === undefined) byStudy.set(r.study_key, (study = { sample: new Map(), patient: new Map() }));
      (r.level === 0 ? study.sample : study.patient).set(r.attr_id, r.n);
    }
    return byStudy;
  }, (byStudy) => BYTES_PER_ENTRY * [...byStudy.values()].reduce((n, s) => n + s.sample.size + s.patient.size, 0));
}

/**
 * Selected samples having a stored row per sample attribute, then selected samples whose patient
 * has a stored row per patient attribute (one per selected sample); the two lists are concatenated,
 * each ordered by attribute id. The selection is a cohort (sample identifiers compiled as a Study
 * View base set, or compileSampleListMembers): unknown samples / an unknown sample list select nothing.
 * A selection of whole studies (a study's full list, say) adds up the studies' counts, kept.
 */
export async function fetchClinicalAttributeCounts(db: ReadOnlyDb, matrices: ProfileMatrices, selection: Cohort): Promise<ClinicalAttributeCount[]> {
  if (selection.wholeStudies !== undefined) {
    const [keys, studyOf, byStudy] = await Promise.all([cohortSampleKeys(db, matrices, selection), sampleStudies(db, matrices), studyAttributeCounts(db, matrices)]);
    const studies = studiesOf(keys, studyOf);
    const added = (level: 'sample' | 'patient') => {
      const counts = new Map<string, number>();
      for (const study of studies) for (const [id, n] of byStudy.get(study)?.[level] ?? []) counts.set(id, (counts.get(id) ?? 0) + n);
      // By attribute id, as DuckDB orders VARCHAR (byte order of these ASCII ids).
      return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([clinicalAttributeId, count]) => ({ clinicalAttributeId, count }));
    };
    return [...added('sample'), ...added('patient')];
  }
  return db.all<ClinicalAttributeCount>(sql`
    WITH sel AS (SELECT s.sample_key, s.patient_key FROM sample s WHERE ${inCohort(selection, 's')}),
    -- A stored value is unique per (sample or patient, attribute), and sel per sample: count(*).
    counts AS (
      SELECT 0 AS level, c.attr_id, count(*) AS n
      FROM clinical_sample c WHERE ${inCohort(selection, 'c')} GROUP BY c.attr_id
      UNION ALL
      SELECT 1, c.attr_id, count(*)
      FROM clinical_patient c JOIN sel ON sel.patient_key = c.patient_key GROUP BY c.attr_id)
    SELECT attr_id AS "clinicalAttributeId", n::INTEGER AS count FROM counts ORDER BY level, attr_id`);
}

/** The members of a sample list, as a cohort for fetchClinicalAttributeCounts. */
export function compileSampleListMembers(sampleListId: string): Cohort {
  return sql`SELECT m.sample_key FROM sample_list_member m JOIN sample_list l USING (list_key) WHERE l.stable_id = ${sampleListId}`;
}
