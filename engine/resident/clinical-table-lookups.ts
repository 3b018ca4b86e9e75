// What the Study View clinical tab (study-view-clinical-table.ts) reads, once, and keeps with the
// other resident lookups (profile-matrix.ts `keep`; the store is read-only while served): every
// stored clinical value by case, and per sort column the samples in its order (with each sample's
// ids, case-keys.ts, and the attributes' definitions, clinical-columns.ts). A page is then a walk
// over the cohort in that order: in DuckDB, counting, sorting and joining 272,000 samples' rows
// took ~40 ms a request.
import { pause } from '../pause.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { concatenate } from '../sql/numeric-chunks.js';
import { raw, sql, type Fragment } from '../sql/sql.js';
import { groupedByKey, offsetsByKey } from './case-keys.js';
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

export function clinicalValues(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<ClinicalValues> {
  return matrices.keep('clinical values', async () => {
    const [attrIds, texts, sample, patient] = await Promise.all([
      db.all<{ attr_id: string }>(sql`WITH ${POSITIONS} SELECT attr_id FROM attrs ORDER BY a`),
      db.all<{ attr_value: string }>(sql`WITH ${POSITIONS} SELECT attr_value FROM texts ORDER BY v`),
      // Table and column names are constants of ours.
      caseValues(db, raw('clinical_sample'), raw('sample_key')),
      caseValues(db, raw('clinical_patient'), raw('patient_key')),
    ]);
    return { attrIds: attrIds.map((r) => r.attr_id), texts: texts.map((r) => r.attr_value), sample, patient };
  }, (c) => BYTES_PER_ENTRY * (c.attrIds.length + c.texts.length) + [c.sample, c.patient].reduce((n, l) => n + l.offsets.byteLength + l.attrs.byteLength + l.values.byteLength, 0));
}

/**
 * One level's values, read in no order and grouped here (sorting millions of rows in DuckDB took
 * seconds): by attribute, then by case, two stable counting sorts, so that each case's values come
 * by attribute.
 */
async function caseValues(db: ReadOnlyDb, table: Fragment, key: Fragment): Promise<CaseValues> {
  const columns: Int32Array[][] = [[], [], []];
  // Millions of rows, read a chunk at a time.
  for await (const chunk of db.numericChunks(sql`WITH ${POSITIONS}
    SELECT c.${key}::DOUBLE, a::DOUBLE, v::DOUBLE FROM ${table} c JOIN attrs USING (attr_id) JOIN texts USING (attr_value)`)) {
    chunk.forEach((column, c) => columns[c].push(Int32Array.from(column)));
  }
  // Each pass over millions of rows in a turn of its own (engine/pause.ts): reading them in a
  // random order costs ~60 ns a row (the cache misses), and together they held the event loop for over a second.
  const [keys, attrs, values] = columns.map((parts) => concatenate(parts, false, Int32Array));
  await pause();
  const byAttr = groupedByKey(attrs).order;
  await pause();
  const { offsets, order } = groupedByKey(gathered(keys, byAttr));
  await pause();
  const rows = gathered(byAttr, order);
  await pause();
  const sortedAttrs = gathered(attrs, rows);
  await pause();
  return { offsets, attrs: sortedAttrs, values: gathered(values, rows) };
}

/** from[at[i]] for each i. */
function gathered(from: Int32Array, at: Int32Array): Int32Array {
  const out = new Int32Array(at.length);
  for (let i = 0; i < at.length; i++) out[i] = from[at[i]];
  return out;
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

export function sortOrder(db: ReadOnlyDb, matrices: ProfileMatrices, column: SortColumn): Promise<SortOrder> {
  const value = column === 'sampleId' ? sql`SELECT sample_key, sample_id AS k FROM sample`
    : column === 'patientId' ? sql`SELECT s.sample_key, p.patient_id AS k FROM sample s JOIN patient p USING (patient_key)`
      : sortValue(column);
  return matrices.keep(`clinical table order ${value.text} ${JSON.stringify(value.params)}`, async () => {
    // DuckDB compares the values, so that the order is its ORDER BY's (TRY_CAST's numbers, VARCHAR's order).
    const [keys, ranks] = await db.numericColumns(sql`
      SELECT s.sample_key::DOUBLE, r.rank::DOUBLE FROM sample s
      LEFT JOIN (SELECT sample_key, dense_rank() OVER (ORDER BY k) - 1 AS rank FROM (${value}) WHERE k IS NOT NULL) r USING (sample_key)
      ORDER BY r.rank NULLS LAST, s.sample_key`);
    // Ranks are dense from 0, those without a value last: a run per rank.
    const valued = ranks.findIndex(Number.isNaN);
    return { order: Int32Array.from(keys), runStarts: offsetsByKey(ranks.subarray(0, valued < 0 ? ranks.length : valued)) };
  }, (o) => o.order.byteLength + o.runStarts.byteLength);
}

function sortValue(column: { attrId: string; patient: boolean; numeric: boolean }): Fragment {
  const text = column.patient
    ? sql`SELECT s.sample_key, c.attr_value AS k FROM clinical_patient c JOIN sample s USING (patient_key) WHERE c.attr_id = ${column.attrId}`
    : sql`SELECT c.sample_key, c.attr_value AS k FROM clinical_sample c WHERE c.attr_id = ${column.attrId}`;
  return column.numeric ? sql`SELECT sample_key, TRY_CAST(k AS DOUBLE) AS k FROM (${text})` : text;
}
