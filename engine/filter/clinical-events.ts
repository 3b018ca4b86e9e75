// clinicalEventFilters (study-view.md 3.12): all samples of patients having ≥ 1 event of any
// listed type (exact, case-sensitive).
import { sql, type Fragment } from '../sql/sql.js';

export function compileClinicalEventFilter(eventTypes: readonly string[], studies: Fragment): Fragment {
  return sql`SELECT s.sample_key FROM sample s
    WHERE s.study_key IN (${studies}) AND s.patient_key IN (SELECT e.patient_key FROM clinical_event e
      WHERE e.study_key IN (${studies}) AND e.event_type IN (SELECT unnest(${eventTypes}::VARCHAR[])))`;
}
