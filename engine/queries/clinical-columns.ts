// One clinical attribute's values by sample key, read once and kept with the other resident
// lookups (profile-matrix.ts `keep`; the store is read-only while served), for the Study View
// charts that count or pair attributes over a cohort (study-view-counts.ts, study-view-plots.ts):
// joining 272,000 samples' values in DuckDB took 100-150 ms a request, these arrays take one loop
// over the cohort.
import type { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { NUMERIC_VALUE_PATTERN } from './molecular-data-value.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { readTextPositions } from './resident-lookups.js';

export interface ClinicalColumn {
  /** The attribute's distinct non-empty values, sorted (as DuckDB sorts VARCHAR). */
  names: string[];
  /** By sample key: the position of the sample's value in `names`, -1 for none. */
  categories: Int32Array;
  /** By sample key: the value as a number; NaN for none, or for text that is not plain numeric. */
  numbers: Float64Array;
}

/**
 * Attribute `attrId` (matched exactly) of every sample: its own value, or its patient's. A case
 * holds at most one value per attribute (the loader keeps one row per case and rejects an
 * attribute in both the sample and the patient file). Keys past the arrays have no value.
 */
export function clinicalColumn(db: Db, matrices: ProfileMatrices, attrId: string): Promise<ClinicalColumn> {
  return matrices.keep(`clinical column ${attrId}`, async () => {
    const values = sql`
      SELECT c.sample_key, c.attr_value AS text FROM clinical_sample c WHERE c.attr_id = ${attrId} AND c.attr_value <> ''
      UNION ALL
      SELECT s.sample_key, c.attr_value FROM clinical_patient c JOIN sample s USING (patient_key)
      WHERE c.attr_id = ${attrId} AND c.attr_value <> ''`;
    const { texts, columns: [keys, numbers, positions] } = await readTextPositions(db, values, sql`
      sample_key::DOUBLE, CASE WHEN regexp_full_match(text, ${NUMERIC_VALUE_PATTERN}) THEN text::DOUBLE END, position`);
    const bound = keys.reduce((max, key) => Math.max(max, key + 1), 0);
    const column: ClinicalColumn = { names: texts.map((r) => r.text), categories: new Int32Array(bound).fill(-1), numbers: new Float64Array(bound).fill(NaN) };
    keys.forEach((key, i) => {
      column.categories[key] = positions[i];
      column.numbers[key] = numbers[i];
    });
    return column;
  }, (c) => c.categories.byteLength + c.numbers.byteLength + 60 * c.names.length);
}
