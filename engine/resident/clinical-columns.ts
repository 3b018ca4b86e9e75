// One clinical attribute's values by sample key, read once and kept with the other resident
// lookups (profile-matrix.ts `keep`; the store is read-only while served), for the Study View
// charts that count or pair attributes over a cohort (study-view-counts.ts, study-view-plots.ts):
// joining 272,000 samples' values in DuckDB took 100-150 ms a request, these arrays take one loop
// over the cohort.
import { isPrintableAscii } from '../filter/values.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { NUMERIC_VALUE_PATTERN } from '../resources/molecular-data-value.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { BYTES_PER_ENTRY, readTextPositions } from './resident-lookups.js';

export interface ClinicalColumn {
  /** The attribute's distinct non-empty values, sorted (as DuckDB sorts VARCHAR); frozen, so that a statement binding them joins them once. */
  names: readonly string[];
  /** Every name is printable ASCII (engine/filter/values.ts `isPrintableAscii`). */
  printable: boolean;
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
export function clinicalColumn(db: ReadOnlyDb, matrices: ProfileMatrices, attrId: string): Promise<ClinicalColumn> {
  return matrices.keep(`clinical column ${attrId}`, async () => {
    const values = sql`
      SELECT c.sample_key, c.attr_value AS text FROM clinical_sample c WHERE c.attr_id = ${attrId} AND c.attr_value <> ''
      UNION ALL
      SELECT s.sample_key, c.attr_value FROM clinical_patient c JOIN sample s USING (patient_key)
      WHERE c.attr_id = ${attrId} AND c.attr_value <> ''`;
    const { texts, columns: [keys, numbers, positions] } = await readTextPositions(db, values, sql`
      sample_key::DOUBLE, CASE WHEN regexp_full_match(text, ${NUMERIC_VALUE_PATTERN}) THEN text::DOUBLE END, position`);
    const bound = keys.reduce((max, key) => Math.max(max, key + 1), 0);
    const names = Object.freeze(texts.map((r) => r.text));
    const column: ClinicalColumn = { names, printable: names.every(isPrintableAscii), categories: new Int32Array(bound).fill(-1), numbers: new Float64Array(bound).fill(NaN) };
    keys.forEach((key, i) => {
      column.categories[key] = positions[i];
      column.numbers[key] = numbers[i];
    });
    return column;
  }, (c) => c.categories.byteLength + c.numbers.byteLength + 60 * c.names.length);
}

/** A study's definition of a clinical attribute. */
export interface AttributeDefinition {
  study: number;
  studyId: string;
  patient: boolean;
  numeric: boolean;
}

/** Per attribute id, the studies defining it, by study key ascending (read once and kept). */
export function attributeDefinitions(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<Map<string, AttributeDefinition[]>> {
  return matrices.keep('clinical attribute definitions', async () => {
    const definitions = new Map<string, AttributeDefinition[]>();
    for (const r of await db.all<{ attr_id: string; study_key: number; study_id: string; patient_attribute: boolean; datatype: string }>(sql`
      SELECT m.attr_id, m.study_key, s.study_id, m.patient_attribute, m.datatype FROM clinical_attribute_meta m JOIN cancer_study s USING (study_key)
      ORDER BY m.study_key`)) {
      const studies = definitions.get(r.attr_id) ?? [];
      studies.push({ study: r.study_key, studyId: r.study_id, patient: r.patient_attribute, numeric: r.datatype === 'NUMBER' });
      definitions.set(r.attr_id, studies);
    }
    return definitions;
  }, (d) => BYTES_PER_ENTRY * [...d.values()].reduce((n, studies) => n + studies.length, 0));
}
