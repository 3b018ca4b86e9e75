// Clinical-data enrichments between groups of samples (study-view.md 4.23 and 6.4, api.md 23.4):
// compact per-group value lists and counts are gathered over the kept clinical columns
// (clinical-columns.ts; two groups of 136,000 samples took 1.6 s of joins in DuckDB);
// engine/stats/clinical-enrichment.ts runs the tests (in the worker pool); this module maps the
// results back to attributes.
import type { ReadOnlyDb } from '../sql/db.js';
import { isNaLike } from '../filter/values.js';
import { sql } from '../sql/sql.js';
import type { ClinicalEnrichmentInput, ClinicalEnrichmentOutput } from '../stats/clinical-enrichment.js';
import { caseKeys, forEachCaseKey, onePerPatient, samplePatients, sampleStudies, type SamplePatients } from '../resident/case-keys.js';
import { clinicalColumn, type ClinicalColumn } from '../resident/clinical-columns.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';

export interface SampleGroup {
  studyIds: readonly string[];
  sampleIds: readonly string[];
}

type Level = 'sample' | 'patient' | 'mixed';

interface AttributeMeta {
  clinical_attribute_id: string;
  study_id: string;
  display_name: string | null;
  description: string | null;
  datatype: string;
  patient_attribute: boolean;
  priority: string;
}

export interface ClinicalEnrichmentData {
  /** One entry per tested datatype: the deduplicated attribute rows and the id each test belongs to. */
  numeric: { attributes: AttributeMeta[]; ids: string[] };
  categorical: { attributes: AttributeMeta[]; ids: string[] };
  input: ClinicalEnrichmentInput;
  /** The groups with a sample that exists. */
  groups: number;
}

/**
 * Group members: the requested samples that exist, each once per group (a sample may be in
 * several groups), found in memory (case-keys.ts); groups left empty are dropped, the others kept
 * in request order.
 */
async function membersOf(db: ReadOnlyDb, matrices: ProfileMatrices, groups: readonly SampleGroup[]): Promise<Int32Array[]> {
  const cases = await caseKeys(db, matrices, 'sample');
  return groups.map((group) => {
    const keys = new Set<number>();
    forEachCaseKey(cases, group.sampleIds.length, (i) => group.studyIds[i], (i) => group.sampleIds[i], (key) => keys.add(key));
    return Int32Array.from(keys);
  }).filter((keys) => keys.length > 0);
}

/** Attribute ids by level among the deduplicated attributes of one datatype. */
function levelsOf(attributes: readonly AttributeMeta[]): Map<string, Level> {
  const levels = new Map<string, Level>();
  for (const a of attributes) {
    const level: Level = a.patient_attribute ? 'patient' : 'sample';
    const before = levels.get(a.clinical_attribute_id);
    levels.set(a.clinical_attribute_id, before === undefined || before === level ? level : 'mixed');
  }
  return levels;
}

/**
 * The samples of a group whose values of an attribute enter its test: sample-level ids every
 * sample, patient-level ids one sample per distinct patient (each holds its patient's value),
 * mixed-level ids the samples of the studies where the id is patient-level (only patient-level
 * values enter, as in both cBioPortal implementations).
 */
function entering(level: Level, keys: Int32Array, patients: SamplePatients, patientLevelIn: (sample: number) => boolean): Int32Array {
  if (level === 'sample') return keys;
  if (level === 'patient') return onePerPatient(keys, patients);
  return keys.filter(patientLevelIn);
}

export async function fetchClinicalEnrichmentData(db: ReadOnlyDb, matrices: ProfileMatrices, groups: readonly SampleGroup[]): Promise<ClinicalEnrichmentData> {
  const members = await membersOf(db, matrices, groups);
  const empty: ClinicalEnrichmentData = {
    numeric: { attributes: [], ids: [] }, categorical: { attributes: [], ids: [] }, input: { numeric: [], categorical: [] }, groups: members.length,
  };
  if (members.length < 2) return empty;
  const [studyOf, patients] = await Promise.all([sampleStudies(db, matrices), samplePatients(db, matrices)]);
  const studies = new Set<number>();
  for (const keys of members) for (const key of keys) studies.add(studyOf[key]);
  const involved = sql`SELECT unnest(${[...studies]}::INTEGER[])`;

  // Attributes of the involved studies, one per (id, level): the last imported study's metadata.
  const attributes = await db.all<AttributeMeta>(sql`
    SELECT m.attr_id AS clinical_attribute_id, s.study_id, m.display_name, m.description, m.datatype, m.patient_attribute, m.priority
    FROM clinical_attribute_meta m JOIN cancer_study s USING (study_key)
    WHERE m.study_key IN (${involved}) AND m.datatype IN ('NUMBER', 'STRING')
    QUALIFY row_number() OVER (PARTITION BY m.attr_id, m.patient_attribute ORDER BY m.study_key DESC) = 1
    ORDER BY m.attr_id, m.patient_attribute`);
  const numericAttributes = attributes.filter((a) => a.datatype === 'NUMBER');
  const categoricalAttributes = attributes.filter((a) => a.datatype === 'STRING');
  const numericLevels = levelsOf(numericAttributes);
  const categoricalLevels = levelsOf(categoricalAttributes);
  // Of the mixed-level ids: the involved studies where each is patient-level.
  const mixed = [...numericLevels, ...categoricalLevels].filter(([, level]) => level === 'mixed').map(([id]) => id);
  const patientLevelStudies = new Map<string, Set<number>>(mixed.map((id) => [id, new Set()]));
  if (mixed.length > 0) {
    for (const r of await db.all<{ attr_id: string; study_key: number }>(sql`
      SELECT attr_id, study_key FROM clinical_attribute_meta
      WHERE study_key IN (${involved}) AND patient_attribute AND attr_id IN (SELECT unnest(${mixed}::VARCHAR[]))`)) patientLevelStudies.get(r.attr_id)!.add(r.study_key);
  }
  const enteringOf = (id: string, level: Level) => members.map((keys) => entering(level, keys, patients, (sample) => patientLevelStudies.get(id)!.has(studyOf[sample])));

  const numericIds = [...numericLevels.keys()];
  const categoricalIds = [...categoricalLevels.keys()];
  const [numericColumns, categoricalColumns] = await Promise.all([
    Promise.all(numericIds.map((id) => clinicalColumn(db, matrices, id))),
    Promise.all(categoricalIds.map((id) => clinicalColumn(db, matrices, id))),
  ]);
  return {
    numeric: { attributes: numericAttributes, ids: numericIds },
    categorical: { attributes: categoricalAttributes, ids: categoricalIds },
    input: {
      numeric: numericIds.map((id, i) => numericInput(numericColumns[i], enteringOf(id, numericLevels.get(id)!))),
      categorical: categoricalIds.map((id, i) => categoricalInput(categoricalColumns[i], enteringOf(id, categoricalLevels.get(id)!))),
    },
    groups: members.length,
  };
}

/** Each group's finite numbers (decimal or scientific text: NumberUtils.isCreatable as cBioPortal uses it). */
function numericInput(column: ClinicalColumn, groups: readonly Int32Array[]): ClinicalEnrichmentInput['numeric'][number] {
  const values: number[] = [];
  const sizes = new Int32Array(groups.length);
  groups.forEach((keys, g) => {
    for (const key of keys) {
      const x = column.numbers[key];
      if (x === undefined || !Number.isFinite(x)) continue;
      values.push(x);
      sizes[g]++;
    }
  });
  return { values: Float64Array.from(values), sizes };
}

/** Each column's values that are not a category (NA-like: '', NA, NAN, N/A after trimming, any case). */
const naLikeOfColumns = new WeakMap<ClinicalColumn, Uint8Array>();

function naLikeOf(column: ClinicalColumn): Uint8Array {
  let naLike = naLikeOfColumns.get(column);
  if (naLike === undefined) {
    naLike = Uint8Array.from(column.names, (name) => (isNaLike(name) ? 1 : 0));
    naLikeOfColumns.set(column, naLike);
  }
  return naLike;
}

/** Counts per group and raw value (case-sensitive); the values any group holds, in the column's (VARCHAR) order. */
function categoricalInput(column: ClinicalColumn, groups: readonly Int32Array[]): ClinicalEnrichmentInput['categorical'][number] {
  const naLike = naLikeOf(column);
  const byGroup = groups.map((keys) => {
    const counts = new Float64Array(column.names.length);
    for (const key of keys) {
      const category = column.categories[key] ?? -1;
      if (category >= 0 && naLike[category] === 0) counts[category]++;
    }
    return counts;
  });
  const present: number[] = [];
  for (let category = 0; category < column.names.length; category++) if (byGroup.some((counts) => counts[category] > 0)) present.push(category);
  const counts = new Float64Array(groups.length * present.length);
  byGroup.forEach((groupCounts, g) => present.forEach((category, c) => (counts[g * present.length + c] = groupCounts[category])));
  return { counts, columns: present.length };
}

/**
 * ClinicalDataEnrichment rows: numeric results, then categorical ones, each by attribute id then
 * level. "Wilcoxon Test" when exactly two groups entered the numeric test (the column store), or
 * on the Legacy path when the request has two groups with samples (6.4 step 3).
 */
export type ClinicalDataEnrichmentRow = { clinical_attribute: AttributeMeta; score: number; method: string; p_value: number };

export function toClinicalDataEnrichments(data: ClinicalEnrichmentData, output: ClinicalEnrichmentOutput, legacy: boolean): ClinicalDataEnrichmentRow[] {
  const rows: ClinicalDataEnrichmentRow[] = [];
  const add = (kind: 'numeric' | 'categorical') => {
    const { attributes, ids } = data[kind];
    for (const attribute of attributes) {
      const test = output[kind][ids.indexOf(attribute.clinical_attribute_id)];
      if (!test) continue;
      const method = kind === 'categorical' ? 'Chi-squared Test' : (legacy ? data.groups : test.groups) === 2 ? 'Wilcoxon Test' : 'Kruskal Wallis Test';
      rows.push({ clinical_attribute: attribute, score: test.score, method, p_value: test.pValue });
    }
  };
  add('numeric');
  add('categorical');
  return rows;
}
