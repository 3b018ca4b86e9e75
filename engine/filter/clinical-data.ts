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
  const value = raw('v.attr_value'); // constant column expression
  const defined = raw('m.study_key IS NOT NULL'); // "has a row" in the reference's dense model
  // The attribute's values per sample: its own for sample attributes, its patient's for patient
  // attributes (the loader stores each at the level its study defines). Plain equi-joins keep
  // this a hash join; a join condition that mixes in the level made DuckDB loop over all pairs.
  return sql`WITH v AS (
      SELECT cs.sample_key, cs.attr_value FROM clinical_sample cs
      WHERE cs.attr_id = ${id} AND cs.study_key IN (${studies})
      UNION ALL
      SELECT x.sample_key, cp.attr_value FROM clinical_patient cp JOIN sample x ON x.patient_key = cp.patient_key
      WHERE cp.attr_id = ${id} AND cp.study_key IN (${studies}))
    SELECT s.sample_key FROM sample s
    LEFT JOIN clinical_attribute_meta m ON m.study_key = s.study_key AND m.attr_id = ${id}
    LEFT JOIN v ON v.sample_key = s.sample_key
    WHERE s.study_key IN (${studies}) AND ${itemMatch(value, filter.values, defined)}`;
}
