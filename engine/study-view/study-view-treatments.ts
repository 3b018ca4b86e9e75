// Study View treatments (study-view.md 4.18): patient and sample (pre/post) treatment counts of the
// filtered cohort, per tier, and whether a study set has treatment data. Treatments are the filter's
// (engine/filter/treatments.ts `treatmentEvents`): events of type `treatment` (any case) with the
// tier's key. A sample's time is its earliest `Sample Acquisition`/`SPECIMEN` event whose SAMPLE_ID
// names it; as in the reference, that event's patient (not the sample's) is the one whose
// treatments the sample is compared with, and the sample is found by (event study, sample id).
import type { DerivedTables } from '../filter/cohort-cache.js';
import { inCohort, type Cohort } from '../filter/compile.js';
import { treatmentEvents } from '../filter/treatments.js';
import type { TreatmentTier } from '../filter/normalize.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { cohortSampleKeys, samplePatients } from '../resident/case-keys.js';
import { countPatientSets, patientSets, patientsOf } from '../resident/patient-set-counts.js';
import { countSampleTreatments } from '../resident/sample-treatment-counts.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';

export interface ClinicalEventSample {
  sampleId: string;
  patientId: string;
  studyId: string;
  timeTaken?: number;
}

export interface SampleTreatmentRow {
  time: 'Pre' | 'Post';
  treatment: string;
  count: number;
  samples: ClinicalEventSample[];
}

export interface PatientTreatmentRow {
  treatment: string;
  count: number;
  samples: ClinicalEventSample[];
}

export interface PatientTreatmentReport {
  totalPatients: number;
  totalSamples: number;
  patientTreatments: { treatment: string; count: number }[];
}

export interface SampleTreatmentReport {
  totalSamples: number;
  treatments: SampleTreatmentRow[];
}

/** Every study (the derived tables hold every study's rows). */
const ALL_STUDIES = sql`SELECT study_key FROM cancer_study`;

/** (study_key, patient_key, sample_key, t): earliest acquisition time per (event patient, sample). */
const ACQUISITIONS = sql`SELECT e.study_key, e.patient_key, s.sample_key, min(e.start_date) AS t FROM clinical_event e
  JOIN clinical_event_data d ON d.event_key = e.event_key
  JOIN sample s ON s.study_key = e.study_key AND s.sample_id = d.value
  WHERE lower(e.event_type) IN ('sample acquisition', 'specimen') AND upper(d.key) = 'SAMPLE_ID'
  GROUP BY e.study_key, e.patient_key, s.sample_key`;

/**
 * Acquisitions and treatments are read from tables derived from the event tables once (all
 * studies; they hold only the rows these queries want), narrowed to the studies and the cohort.
 */
interface Sources {
  /** (patient_key, sample_key, t) of the cohort's samples. */
  acquisitions: Fragment;
  /** The tier's treatments (treatmentEvents). */
  events: (tier: TreatmentTier) => Promise<Fragment>;
  /** (patient_key, treatment, t): each patient's earliest start of each of the tier's treatments. */
  starts: (tier: TreatmentTier) => Promise<Fragment>;
}

/** The table of every study's treatments of the tier (treatmentEvents). */
// The tier is one of three constants: a safe part of a table name.
const treatmentsOf = (tables: DerivedTables, tier: TreatmentTier) => tables.derived(`treatments_${tier}`, treatmentEvents(tier, ALL_STUDIES));

/** Every study's acquisitions (ACQUISITIONS). */
const acquisitionsOf = (tables: DerivedTables) => tables.derived('sample_acquisitions', ACQUISITIONS);

/** Every study's (study_key, patient_key, treatment, t): each patient's earliest start of each of the tier's treatments. */
const startsOf = async (tables: DerivedTables, tier: TreatmentTier) => tables.derived(`treatment_starts_${tier}`, sql`
  SELECT study_key, patient_key, treatment, min(start_date) AS t FROM ${await treatmentsOf(tables, tier)} GROUP BY ALL`);

async function sourcesOf(cohort: Cohort, studies: Fragment, tables: DerivedTables): Promise<Sources> {
  const acquired = await acquisitionsOf(tables);
  return {
    // An acquisition's sample is of the event's study (found by that study and its id).
    acquisitions: sql`SELECT a.patient_key, a.sample_key, a.t FROM ${acquired} a WHERE a.study_key IN (${studies}) AND ${inCohort(cohort, 'a')}`,
    events: async (tier) => sql`SELECT * FROM ${await treatmentsOf(tables, tier)} WHERE study_key IN (${studies})`,
    starts: async (tier) => sql`SELECT patient_key, treatment, t FROM ${await startsOf(tables, tier)} WHERE study_key IN (${studies})`,
  };
}

/** Patients having >= 1 sample of the cohort. */
const cohortPatients = (cohort: Cohort) => sql`SELECT DISTINCT s.patient_key FROM sample s WHERE ${inCohort(cohort, 's')}`;

/**
 * Pre/Post rows: one entry per (acquisition, treatment of the acquisition's patient); Pre when the
 * sample time is <= the treatment's earliest start. `treatedPatients` narrows whose treatments count
 * (the Legacy rows take only patients of the cohort; the column store every patient).
 * Columns time, treatment, count, samples (listed only `withSamples`; by study, sample, patient)
 * and `extra`, over the acquisitions `a`.
 */
async function sampleRowsQuery(tier: TreatmentTier, sources: Sources, treatedPatients: Fragment | null, withSamples: boolean, extra = sql``): Promise<Fragment> {
  const narrow = treatedPatients === null ? sql`TRUE` : sql`patient_key IN (${treatedPatients})`;
  // The samples' ids are joined only when listed (each join is one-to-one). Fields in the schema's order (JSON text).
  const [samples, joins] = withSamples
    ? [sql`list({'patientId': p.patient_id, 'sampleId': s.sample_id, 'studyId': c.study_id, 'timeTaken': a.t} ORDER BY c.study_id, s.sample_id, p.patient_id)`, sql`
      JOIN sample s ON s.sample_key = a.sample_key JOIN patient p ON p.patient_key = a.patient_key
      JOIN cancer_study c ON c.study_key = s.study_key`]
    : [sql`[]`, sql``];
  return sql`
    WITH a AS MATERIALIZED (${sources.acquisitions}),
    tr AS (SELECT * FROM (${await sources.starts(tier)}) WHERE ${narrow})
    SELECT CASE WHEN a.t <= tr.t THEN 'Pre' ELSE 'Post' END AS time, tr.treatment, count(*)::INTEGER AS count, ${samples} AS samples ${extra}
    FROM a JOIN tr ON tr.patient_key = a.patient_key ${joins}
    GROUP BY ALL`;
}

/** Rows ordered by treatment, Pre before Post. */
const SAMPLE_ROW_ORDER = sql`ORDER BY treatment, time DESC`;

/**
 * JSON texts of a query's rows, written by DuckDB (its columns named and ordered as the response
 * schema's fields), in batches: a whole study's rows list every sample, hundreds of thousands of
 * objects that took a second to convert to JS and serialize again.
 */
async function* jsonRows(db: ReadOnlyDb, rows: Fragment, order: Fragment): AsyncGenerator<string[], void, undefined> {
  for await (const batch of db.stream<{ json: string }>(sql`SELECT to_json(r)::VARCHAR AS json FROM (${rows}) r ${order}`)) yield batch.map((r) => r.json);
}

/**
 * sample-counts (column store; always tier Agent). `totalSamples` counts the distinct samples of
 * cohort acquisitions whose patient is a cohort patient with any treatment (the reference counts
 * their ids, one for samples of two studies with one id: Appendix B quirk 9, not followed).
 * Counted in memory (sample-treatment-counts.ts) unless the samples are listed (DETAILED).
 */
export async function fetchSampleTreatmentReport(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, studies: Fragment, detailed: boolean, tables: DerivedTables,
): Promise<SampleTreatmentReport> {
  if (!detailed) {
    // Every study's rows: the cohort's samples and their patients are of its studies.
    const { totalSamples, rows } = await countSampleTreatments(db, matrices, cohort, await acquisitionsOf(tables), await startsOf(tables, 'Agent'));
    return { totalSamples, treatments: rows.map((row) => ({ ...row, samples: [] })) };
  }
  const sources = await sourcesOf(cohort, studies, tables);
  // The total in the same statement: no row (no acquisition's patient treated) means a total of 0.
  // Treated patients are those of `tr` (every patient's treatments here: no narrowing).
  const rows = await db.all<SampleTreatmentRow & { total: number }>(sql`${await sampleRowsQuery('Agent', sources, null, true, sql`,
    (SELECT count(DISTINCT a.sample_key) FROM a
      WHERE a.patient_key IN (SELECT patient_key FROM tr WHERE patient_key IN (${cohortPatients(cohort)})))::INTEGER AS total`)} ${SAMPLE_ROW_ORDER}`);
  return { totalSamples: rows[0]?.total ?? 0, treatments: rows.map(({ total: _, ...row }) => row) };
}

/** treatments/sample (Legacy): as sample-counts with the tier, samples always listed; SampleTreatmentRow JSON texts. */
export async function fetchSampleTreatmentRows(
  db: ReadOnlyDb, tier: TreatmentTier, cohort: Cohort, studies: Fragment, tables: DerivedTables,
): Promise<AsyncGenerator<string[], void, undefined>> {
  return jsonRows(db, await sampleRowsQuery(tier, await sourcesOf(cohort, studies, tables), cohortPatients(cohort), true), SAMPLE_ROW_ORDER);
}

/**
 * patient-counts (column store; always tier Agent): per treatment, distinct cohort patients who
 * received it; totalPatients = cohort patients with any treatment; totalSamples is always 0.
 * Ordered by count desc, then treatment.
 */
export async function fetchPatientTreatmentReport(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, tables: DerivedTables): Promise<PatientTreatmentReport> {
  // Every study's treated patients: the cohort's patients are of its studies.
  const [sets, keys, patients] = await Promise.all([
    patientSets(db, matrices, 'treatments Agent', async () => sql`SELECT treatment AS label, patient_key FROM ${await treatmentsOf(tables, 'Agent')}`),
    cohortSampleKeys(db, matrices, cohort),
    samplePatients(db, matrices),
  ]);
  const { counts, withAny } = countPatientSets(sets, patientsOf(keys, patients));
  return { totalPatients: withAny, totalSamples: 0, patientTreatments: counts.map(({ label, count }) => ({ treatment: label, count })) };
}

/**
 * treatments/patient (Legacy): per treatment of the tier, distinct cohort patients who received it,
 * and every cohort sample of those patients (no timeTaken). Ordered by treatment; PatientTreatmentRow JSON texts.
 */
export async function fetchPatientTreatmentRows(
  db: ReadOnlyDb, tier: TreatmentTier, cohort: Cohort, studies: Fragment, tables: DerivedTables,
): Promise<AsyncGenerator<string[], void, undefined>> {
  const events = await (await sourcesOf(cohort, studies, tables)).events(tier);
  return jsonRows(db, sql`
    WITH tr AS (SELECT DISTINCT patient_key, treatment FROM (${events}) WHERE patient_key IN (${cohortPatients(cohort)}))
    SELECT tr.treatment, count(DISTINCT tr.patient_key)::INTEGER AS count,
      list({'patientId': p.patient_id, 'sampleId': s.sample_id, 'studyId': c.study_id} ORDER BY c.study_id, s.sample_id) AS samples
    FROM tr JOIN sample s ON s.patient_key = tr.patient_key AND ${inCohort(cohort, 's')}
    JOIN patient p ON p.patient_key = tr.patient_key JOIN cancer_study c ON c.study_key = s.study_key
    GROUP BY tr.treatment`, sql`ORDER BY treatment`);
}

const studiesOf = (studyIds: readonly string[]) =>
  sql`SELECT study_key FROM cancer_study WHERE study_id IN (SELECT unnest(${studyIds}::VARCHAR[]))`;

/** Keys of the given studies having treatments of the tier (of patients with a sample, as the reference joins). */
const treatedStudies = (studyIds: readonly string[], tier: TreatmentTier) => sql`
  SELECT DISTINCT p.study_key FROM (${treatmentEvents(tier, studiesOf(studyIds))}) t JOIN patient p USING (patient_key)
  WHERE t.patient_key IN (SELECT patient_key FROM sample)`;

/** display-patient: do the studies hold any treatment of the tier? */
export async function hasTreatmentData(db: ReadOnlyDb, studyIds: readonly string[], tier: TreatmentTier): Promise<boolean> {
  const row = await db.one<{ yes: boolean }>(sql`SELECT EXISTS (${treatedStudies(studyIds, tier)}) AS yes`);
  return row?.yes === true;
}

/**
 * display-sample: among the studies with treatments of the tier, is there an acquisition event
 * whose SAMPLE_ID is an existing sample id (of any study, as the reference joins on the id alone)?
 */
export async function hasSampleTreatmentData(db: ReadOnlyDb, studyIds: readonly string[], tier: TreatmentTier): Promise<boolean> {
  const row = await db.one<{ yes: boolean }>(sql`SELECT EXISTS (
    SELECT 1 FROM clinical_event e JOIN clinical_event_data d ON d.event_key = e.event_key
    WHERE e.study_key IN (${treatedStudies(studyIds, tier)}) AND lower(e.event_type) IN ('sample acquisition', 'specimen')
      AND upper(d.key) = 'SAMPLE_ID' AND d.value IN (SELECT sample_id FROM sample)) AS yes`);
  return row?.yes === true;
}
