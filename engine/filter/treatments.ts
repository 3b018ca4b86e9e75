// Treatment filters (study-view.md 3.13): treatments are events of type `treatment` (any case)
// with data key AGENT / AGENT_CLASS / AGENT_TARGET (targets split on commas). Patient filters:
// all samples of patients who received the treatment. Sample filters: sample time (earliest
// `Sample Acquisition`/`SPECIMEN` event whose SAMPLE_ID is the sample) ≤ (Pre) or > (Post) the
// earliest start of that treatment. The Group/Target tiers, ignored by the column store, are applied.
import { raw, sql, type Fragment } from '../sql/sql.js';
import { TREATMENT_KEYS, type TreatmentTier } from './normalize.js';
import { union } from './values.js';

/** (study_key, patient_key, treatment, start) of the tier's treatments in the involved studies. */
export function treatmentEvents(tier: TreatmentTier, studies: Fragment): Fragment {
  const key = raw(`'${TREATMENT_KEYS[tier]}'`); // constant from TREATMENT_KEYS
  const treatment = tier === 'AgentTarget' ? sql`unnest(regexp_split_to_array(d.value, ',\\s*'))` : sql`d.value`;
  return sql`SELECT e.study_key, e.patient_key, ${treatment} AS treatment, e.start_date FROM clinical_event e
    JOIN clinical_event_data d ON d.event_key = e.event_key
    WHERE e.study_key IN (${studies}) AND lower(e.event_type) = 'treatment' AND upper(d.key) = ${key}`;
}

export function compilePatientTreatmentFilter(tier: TreatmentTier, anyOf: readonly string[], studies: Fragment): Fragment {
  return sql`SELECT s.sample_key FROM sample s WHERE s.study_key IN (${studies}) AND s.patient_key IN
    (SELECT patient_key FROM (${treatmentEvents(tier, studies)}) WHERE treatment IN (SELECT unnest(${anyOf}::VARCHAR[])))`;
}

/**
 * Earliest sample-acquisition time of each sample, with the patient of the event: as cBioPortal,
 * the sample is found by study and SAMPLE_ID, and compared with the treatments of the event's
 * patient (the same rule as the treatment endpoints, engine/study-view/study-view-treatments.ts).
 */
function sampleTimes(studies: Fragment): Fragment {
  return sql`SELECT s.sample_key, e.patient_key, min(e.start_date) AS t FROM clinical_event e
    JOIN clinical_event_data d ON d.event_key = e.event_key
    JOIN sample s ON s.study_key = e.study_key AND s.sample_id = d.value
    WHERE e.study_key IN (${studies}) AND lower(e.event_type) IN ('sample acquisition', 'specimen') AND upper(d.key) = 'SAMPLE_ID'
    GROUP BY s.sample_key, e.patient_key`;
}

export function compileSampleTreatmentFilter(tier: TreatmentTier, anyOf: readonly { treatment: string; time: 'Pre' | 'Post' }[], studies: Fragment): Fragment {
  return union(anyOf.map(({ treatment, time }) => sql`SELECT st.sample_key FROM (${sampleTimes(studies)}) st
    JOIN (SELECT patient_key, min(start_date) AS t FROM (${treatmentEvents(tier, studies)}) WHERE treatment = ${treatment} GROUP BY patient_key) tt
      ON tt.patient_key = st.patient_key
    WHERE ${time === 'Pre' ? sql`st.t <= tt.t` : sql`st.t > tt.t`}`));
}
