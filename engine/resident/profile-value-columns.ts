// One gene's or generic entity's values in the profiles of one type (`<studyId>_<profileType>` of
// every study), read once and kept with the other resident lookups (profile-matrix.ts `keep`; the
// store is read-only while served), for the Study View's molecular charts (histograms 4.9, 4.12;
// discrete CNA counts 4.8). Counting a cohort's values over these is one loop, where the join per
// request took 25-40 ms at 272,000 samples; and a cohort asked for again gets the same list, so the
// binner's per-list work (classify, tally) is done once.
import { naLike } from '../filter/values.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { caseCount, type CountedValue } from '../stats/binning.js';
import { membersOf } from './case-keys.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { BYTES_PER_ENTRY, readTextPositions } from './resident-lookups.js';

/** Non-NA values, one row per stored cell, ordered by patient, value and sample. */
export interface ValueColumn {
  /** The distinct values, as DuckDB orders VARCHAR. */
  names: string[];
  /** Each name's TRY_CAST(name AS DOUBLE); null when it is not a number. */
  doubles: (number | null)[];
  samples: Int32Array;
  patients: Int32Array;
  /** Each row's position in `names`. */
  values: Int32Array;
}

/** `cells`: (sample_key, patient_key, value) of every stored cell, NA-like ones included. */
async function readValueColumn(db: ReadOnlyDb, cells: Fragment): Promise<ValueColumn> {
  const { texts, columns: [samples, patients, values] } = await readTextPositions<{ double: number | null }>(db,
    sql`SELECT sample_key, patient_key, value AS text FROM (${cells}) WHERE NOT ${naLike(sql`value`)}`,
    sql`sample_key::DOUBLE, patient_key::DOUBLE, position`,
    { order: sql`ORDER BY patient_key, position, sample_key`, perText: sql`, TRY_CAST(text AS DOUBLE) AS double` });
  return { names: texts.map((r) => r.text), doubles: texts.map((r) => r.double), samples: Int32Array.from(samples), patients: Int32Array.from(patients), values: Int32Array.from(values) };
}

const columnBytes = (c: ValueColumn) => c.samples.byteLength + c.patients.byteLength + c.values.byteLength + 2 * BYTES_PER_ENTRY * c.names.length;

/** The values of the gene whose symbol is `symbol` (exactly) in the gene profiles of the type. */
export function geneValueColumn(db: ReadOnlyDb, matrices: ProfileMatrices, profileType: string, symbol: string): Promise<ValueColumn> {
  return matrices.keep(`gene values ${JSON.stringify([profileType, symbol])}`, () => readValueColumn(db, sql`
    SELECT gv.sample_key, s.patient_key, gv.value
    FROM gene_value gv JOIN sample s USING (sample_key) JOIN molecular_profile p USING (profile_key) JOIN cancer_study c ON c.study_key = p.study_key
    WHERE gv.entrez_gene_id IN (SELECT entrez_gene_id FROM gene WHERE hugo_gene_symbol = ${symbol})
      AND p.stable_id = c.study_id || '_' || ${profileType}`), columnBytes);
}

/** The values of the generic entity `stableId` in the generic assay profiles of the type. */
export function entityValueColumn(db: ReadOnlyDb, matrices: ProfileMatrices, profileType: string, stableId: string): Promise<ValueColumn> {
  return matrices.keep(`entity values ${JSON.stringify([profileType, stableId])}`, () => readValueColumn(db, sql`
    SELECT v.sample_key, s.patient_key, v.value
    FROM generic_assay_value v JOIN sample s USING (sample_key) JOIN molecular_profile p USING (profile_key) JOIN cancer_study c ON c.study_key = p.study_key
    WHERE v.entity_key IN (SELECT entity_key FROM generic_entity WHERE stable_id = ${stableId})
      AND p.genetic_alteration_type = 'GENERIC_ASSAY' AND p.stable_id = c.study_id || '_' || ${profileType}`), columnBytes);
}

/** The studies whose generic assay profile of the type is patient-level (its values copied to every sample of a patient). */
export function patientLevelStudies(db: ReadOnlyDb, matrices: ProfileMatrices, profileType: string): Promise<Set<string>> {
  return matrices.keep(`patient-level studies ${JSON.stringify(profileType)}`, async () => new Set((await db.all<{ study_id: string }>(sql`
    SELECT c.study_id FROM molecular_profile p JOIN cancer_study c ON c.study_key = p.study_key
    WHERE p.genetic_alteration_type = 'GENERIC_ASSAY' AND p.stable_id = c.study_id || '_' || ${profileType} AND p.patient_level`)).map((r) => r.study_id)),
  (studies) => BYTES_PER_ENTRY * (studies.size + 1));
}

/**
 * What is counted: every cell of the cohort's samples (`cells`), each (sample, value) once
 * (`samples`), or each (patient, value) once (`patients`).
 */
export type CountedUnit = 'cells' | 'samples' | 'patients';

/** The lists counted, per column and cohort (its kept keys), by unit and NA. */
const countedLists = new WeakMap<ValueColumn, WeakMap<Int32Array, Map<string, CountedValue[]>>>();

/**
 * Per value (in `names` order), how many units of the cohort (its sample keys) hold it; values no
 * unit holds left out. `units`: the cohort's units, when the rest are to be counted as one `NA`
 * entry at the end (if any). The answer is shared while the cohort's keys are kept: callers do
 * not change it.
 */
export function countValuesIn(column: ValueColumn, keys: Int32Array, unit: CountedUnit, options: { units?: number } = {}): readonly CountedValue[] {
  let byCohort = countedLists.get(column);
  if (byCohort === undefined) countedLists.set(column, (byCohort = new WeakMap()));
  let lists = byCohort.get(keys);
  if (lists === undefined) byCohort.set(keys, (lists = new Map()));
  const name = `${unit} ${options.units ?? ''}`;
  let counted = lists.get(name);
  if (counted === undefined) {
    counted = count(column, membersOf(keys), unit);
    const missing = options.units === undefined ? 0 : options.units - caseCount(counted);
    if (missing > 0) counted.push({ value: 'NA', count: missing });
    lists.set(name, counted);
  }
  return counted;
}

function count(column: ValueColumn, member: Uint8Array, unit: CountedUnit): CountedValue[] {
  const { samples, values } = column;
  const units = unit === 'patients' ? column.patients : samples;
  const counts = new Float64Array(column.names.length);
  // Rows are ordered by patient, value and sample: a unit's rows of one value are adjacent.
  let lastUnit = -1;
  let lastValue = -1;
  for (let i = 0; i < samples.length; i++) {
    if (member[samples[i]] !== 1) continue;
    if (unit !== 'cells' && units[i] === lastUnit && values[i] === lastValue) continue;
    lastUnit = units[i];
    lastValue = values[i];
    counts[values[i]]++;
  }
  const out: CountedValue[] = [];
  counts.forEach((n, position) => n > 0 && out.push({ value: column.names[position], count: n }));
  return out;
}
