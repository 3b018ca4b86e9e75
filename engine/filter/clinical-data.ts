// clinicalDataFilters (study-view.md 3.4): one item → the samples whose own (sample-level) or
// patient's (patient-level) value matches; NA also selects samples of studies lacking the attribute.
import { raw, sql, type Fragment } from '../sql/sql.js';
import type { ClinicalDataFilter } from './normalize.js';
import { itemMatch } from './values.js';

/**
 * Each sample of the involved studies is joined to its value at the level its study defines the
 * attribute at (clinical_sample / clinical_patient hold only non-NA values, so no row = NA);
 * a study that does not define the attribute leaves m NULL, hence NA too (3.4 "Levels").
 */
export function compileClinicalDataFilter(filter: ClinicalDataFilter, studies: Fragment): Fragment {
  const id = filter.attributeId;
  const value = raw('coalesce(cs.attr_value, cp.attr_value)'); // constant column expression
  const defined = raw('m.study_key IS NOT NULL'); // "has a row" in the reference's dense model
  return sql`SELECT s.sample_key FROM sample s
    LEFT JOIN clinical_attribute_meta m ON m.study_key = s.study_key AND m.attr_id = ${id}
    LEFT JOIN clinical_sample cs ON NOT m.patient_attribute AND cs.sample_key = s.sample_key AND cs.attr_id = ${id}
    LEFT JOIN clinical_patient cp ON m.patient_attribute AND cp.patient_key = s.patient_key AND cp.attr_id = ${id}
    WHERE s.study_key IN (${studies}) AND ${itemMatch(value, filter.values, defined)}`;
}
