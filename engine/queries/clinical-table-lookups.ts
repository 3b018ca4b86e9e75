// What the Study View clinical tab (study-view-clinical-table.ts) reads, once, and keeps with the
// other resident lookups (profile-matrix.ts `keep`; the store is read-only while served): every
// stored clinical value by case, the ids of each sample, the attributes' definitions, and per sort
// column the samples in its order. A page is then a walk over the cohort in that order: in DuckDB,
// counting, sorting and joining 272,000 samples' rows took ~40 ms a request.
import type { Db } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { caseKeys, samplePatients } from './case-keys.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { BYTES_PER_ENTRY } from './resident-lookups.js';

/** One level's stored values: case k's are attrs/values[offsets[k]] … [offsets[k + 1]], by attribute id. */
export interface CaseValues {
  offsets: Int32Array;
  /** Positions in ClinicalValues.attrIds. */
  attrs: Int32Array;
  /** Positions in ClinicalValues.texts. */
  values: Int32Array;
}

export interface ClinicalValues {
  /** The attribute ids and the distinct values stored, each sorted (as DuckDB sorts VARCHAR). */
  attrIds: string[];
  texts: string[];
  /** By sample key, and by patient key. */
  sample: CaseValues;
  patient: CaseValues;
}

const STORED = sql`SELECT attr_id, attr_value FROM clinical_sample UNION ALL SELECT attr_id, attr_value FROM clinical_patient`;
const POSITIONS = sql`
  attrs AS MATERIALIZED (SELECT attr_id, row_number() OVER (ORDER BY attr_id) - 1 AS a FROM (SELECT DISTINCT attr_id FROM (${STORED}))),
  texts AS MATERIALIZED (SELECT attr_value, row_number() OVER (ORDER BY attr_value) - 1 AS v FROM (SELECT DISTINCT attr_value FROM (${STORED})))`;

export function clinicalValues(db: Db, matrices: ProfileMatrices): Promise<ClinicalValues> {
  return matrices.keep('clinical values', async () => {
    const [attrIds, texts, rows] = await Promise.all([
      db.all<{ attr_id: string }>(sql`WITH ${POSITIONS} SELECT attr_id FROM attrs ORDER BY a`),
      db.all<{ attr_value: string }>(sql`WITH ${POSITIONS} SELECT attr_value FROM texts ORDER BY v`),
      readRows(db),
    ]);
    return { attrIds: attrIds.map((r) => r.attr_id), texts: texts.map((r) => r.attr_value), sample: byCase(rows, 0), patient: byCase(rows, 1) };
  }, (c) => BYTES_PER_ENTRY * (c.attrIds.length + c.texts.length) + [c.sample, c.patient].reduce((n, l) => n + l.offsets.byteLength + l.attrs.byteLength + l.values.byteLength, 0));
}

/** Every stored value as (level: 0 sample, 1 patient; case key; attribute position; value position), in no order. */
async function readRows(db: Db): Promise<Int32Array[]> {
  const columns: Int32Array[][] = [[], [], [], []];
  // Millions of rows, read a chunk at a time; grouped by case here, as sorting them in DuckDB took seconds.
  for await (const chunk of db.numericChunks(sql`WITH ${POSITIONS}
    SELECT 0::DOUBLE, c.sample_key::DOUBLE, a::DOUBLE, v::DOUBLE FROM clinical_sample c JOIN attrs USING (attr_id) JOIN texts USING (attr_value)
    UNION ALL
    SELECT 1, c.patient_key, a, v FROM clinical_patient c JOIN attrs USING (attr_id) JOIN texts USING (attr_value)`)) {
    chunk.forEach((column, c) => columns[c].push(Int32Array.from(column)));
  }
  return columns.map(joined);
}

/** One level's rows grouped by case key (a counting sort), each case's by attribute position. */
function byCase([levels, keys, attrs, values]: Int32Array[], level: number): CaseValues {
  let bound = 0;
  for (let i = 0; i < levels.length; i++) if (levels[i] === level && keys[i] >= bound) bound = keys[i] + 1;
  const offsets = new Int32Array(bound + 1);
  for (let i = 0; i < levels.length; i++) if (levels[i] === level) offsets[keys[i] + 1]++;
  for (let k = 1; k < offsets.length; k++) offsets[k] += offsets[k - 1];
  const next = offsets.slice(0, bound);
  const out: CaseValues = { offsets, attrs: new Int32Array(offsets[bound]), values: new Int32Array(offsets[bound]) };
  for (let i = 0; i < levels.length; i++) {
    if (levels[i] !== level) continue;
    const at = next[keys[i]]++;
    out.attrs[at] = attrs[i];
    out.values[at] = values[i];
  }
  // A case has a few dozen values at most: insertion sort.
  for (let k = 0; k < bound; k++) {
    for (let i = offsets[k] + 1; i < offsets[k + 1]; i++) {
      const attr = out.attrs[i];
      const value = out.values[i];
      let j = i - 1;
      for (; j >= offsets[k] && out.attrs[j] > attr; j--) {
        out.attrs[j + 1] = out.attrs[j];
        out.values[j + 1] = out.values[j];
      }
      out.attrs[j + 1] = attr;
      out.values[j + 1] = value;
    }
  }
  return out;
}

function joined(parts: readonly Int32Array[]): Int32Array {
  const out = new Int32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Each sample's ids, by sample key (undefined where no sample has the key). */
export interface SampleIds {
  sampleId: (string | undefined)[];
  studyId: (string | undefined)[];
  patientId: (string | undefined)[];
  patientKey: Float64Array;
}

/** Built from the case id lookups, whose strings it shares. */
export function sampleIds(db: Db, matrices: ProfileMatrices): Promise<SampleIds> {
  return matrices.keep('sample ids by key', async () => {
    const [samples, patients, { patientOf }] = await Promise.all([caseKeys(db, matrices, 'sample'), caseKeys(db, matrices, 'patient'), samplePatients(db, matrices)]);
    const patientIdOf: string[] = [];
    for (const study of patients.byStudy.values()) study.keys.forEach((key, i) => (patientIdOf[key] = study.ids[i]));
    const ids: SampleIds = { sampleId: [], studyId: [], patientId: [], patientKey: patientOf };
    for (const [studyId, study] of samples.byStudy) {
      study.keys.forEach((key, i) => {
        ids.sampleId[key] = study.ids[i];
        ids.studyId[key] = studyId;
        ids.patientId[key] = patientIdOf[patientOf[key]];
      });
    }
    return ids;
  }, (ids) => 24 * ids.sampleId.length);
}

/** Per attribute id, the studies defining it (by study key ascending): level and datatype. */
export type AttributeDefinitions = Map<string, { study: number; patient: boolean; numeric: boolean }[]>;

export function attributeDefinitions(db: Db, matrices: ProfileMatrices): Promise<AttributeDefinitions> {
  return matrices.keep('clinical attribute definitions', async () => {
    const definitions: AttributeDefinitions = new Map();
    for (const row of await db.all<{ attr_id: string; study_key: number; patient_attribute: boolean; datatype: string }>(sql`
      SELECT attr_id, study_key, patient_attribute, datatype FROM clinical_attribute_meta ORDER BY study_key`)) {
      const studies = definitions.get(row.attr_id) ?? [];
      studies.push({ study: row.study_key, patient: row.patient_attribute, numeric: row.datatype === 'NUMBER' });
      definitions.set(row.attr_id, studies);
    }
    return definitions;
  }, (d) => BYTES_PER_ENTRY * [...d.values()].reduce((n, studies) => n + studies.length, 0));
}

/** What a table is sorted by: an id, or an attribute of one level, compared as a number or as text. */
export type SortColumn = 'sampleId' | 'patientId' | { attrId: string; patient: boolean; numeric: boolean };

/**
 * Every sample key, by the sort column's value ascending (ties by key), those without a value
 * (none stored, or not a number for a numeric column) last, by key. The values with the same
 * value are a run: run r is order[runStarts[r]] … order[runStarts[r + 1]], and
 * runStarts[runStarts.length - 1] is where the samples without a value start.
 */
export interface SortOrder {
  order: Int32Array;
  runStarts: Int32Array;
}

export function sortOrder(db: Db, matrices: ProfileMatrices, column: SortColumn): Promise<SortOrder> {
  const value = column === 'sampleId' ? sql`SELECT sample_key, sample_id AS k FROM sample`
    : column === 'patientId' ? sql`SELECT s.sample_key, p.patient_id AS k FROM sample s JOIN patient p USING (patient_key)`
      : sortValue(column);
  return matrices.keep(`clinical table order ${value.text} ${JSON.stringify(value.params)}`, async () => {
    // DuckDB compares the values, so that the order is its ORDER BY's (TRY_CAST's numbers, VARCHAR's order).
    const [keys, ranks] = await db.numericColumns(sql`
      SELECT s.sample_key::DOUBLE, r.rank::DOUBLE FROM sample s
      LEFT JOIN (SELECT sample_key, dense_rank() OVER (ORDER BY k) - 1 AS rank FROM (${value}) WHERE k IS NOT NULL) r USING (sample_key)
      ORDER BY r.rank NULLS LAST, s.sample_key`);
    const runStarts: number[] = [];
    let i = 0;
    for (; i < ranks.length && !Number.isNaN(ranks[i]); i++) if (i === 0 || ranks[i] !== ranks[i - 1]) runStarts.push(i);
    runStarts.push(i);
    return { order: Int32Array.from(keys), runStarts: Int32Array.from(runStarts) };
  }, (o) => o.order.byteLength + o.runStarts.byteLength);
}

function sortValue(column: { attrId: string; patient: boolean; numeric: boolean }): Fragment {
  const text = column.patient
    ? sql`SELECT s.sample_key, c.attr_value AS k FROM clinical_patient c JOIN sample s USING (patient_key) WHERE c.attr_id = ${column.attrId}`
    : sql`SELECT c.sample_key, c.attr_value AS k FROM clinical_sample c WHERE c.attr_id = ${column.attrId}`;
  return column.numeric ? sql`SELECT sample_key, TRY_CAST(k AS DOUBLE) AS k FROM (${text})` : text;
}
