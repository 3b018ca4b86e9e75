// Case ids (sample or patient ids of a study) resolved to their keys in memory. Requests may name
// 100,000 or 272,000 cases; resolving them in DuckDB costs more than the query they select for
// (the ids are bound as one string of megabytes, split and joined back), and a map lookup per id
// costs almost as much (random memory access over a map of 272,000 strings). But clients send back
// ids in the order the API gave them, which is key order: each id is first compared with the one
// after the last found, and only the others are looked up in the map. Every study's ids are read
// once, in key order (the store is read-only while served), and kept with the other resident
// lookups (profile-matrix.ts `keep`).
import { inCohort, type Cohort } from '../filter/compile.js';
import { pause } from '../pause.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql } from '../sql/sql.js';
import type { ProfileMatrices } from './profile-matrix.js';

/** Rough bytes per case held (its id, key and map entry). */
const BYTES_PER_CASE = 150;

/** Lookups of a case before the last one found tolerated: this many, or this share of the ids so far. */
const BACKWARDS_ALLOWED = 1024;
const BACKWARD_SHARE_ALLOWED = 1 / 8;

export type CaseKind = 'sample' | 'patient';

/** One study's cases in key order, and the position of each id. */
interface StudyCases {
  ids: string[];
  keys: number[];
  positionOf: Map<string, number>;
}

export interface CaseKeys {
  byStudy: Map<string, StudyCases>;
  /** Every key is below this. */
  keyBound: number;
}

export function caseKeys(db: ReadOnlyDb, matrices: ProfileMatrices, kind: CaseKind): Promise<CaseKeys> {
  // The table and its columns are ours (kind is one of two constants).
  const [table, id, key] = kind === 'sample' ? ['sample', 'sample_id', 'sample_key'] : ['patient', 'patient_id', 'patient_key'];
  return matrices.keep(`${kind} keys`, async () => {
    const keys: CaseKeys = { byStudy: new Map(), keyBound: 0 };
    for await (const rows of db.stream<{ study_id: string; id: string; key: number }>(sql`
      SELECT c.study_id, t.${raw(id)} AS id, t.${raw(key)} AS key FROM ${raw(table)} t JOIN cancer_study c USING (study_key) ORDER BY t.${raw(key)}`)) {
      for (const row of rows) {
        let study = keys.byStudy.get(row.study_id);
        if (study === undefined) keys.byStudy.set(row.study_id, (study = { ids: [], keys: [], positionOf: new Map() }));
        study.positionOf.set(row.id, study.ids.length);
        study.ids.push(row.id);
        study.keys.push(row.key);
        keys.keyBound = row.key + 1;
      }
    }
    return keys;
  }, (keys) => BYTES_PER_CASE * [...keys.byStudy.values()].reduce((n, study) => n + study.ids.length, 0));
}

/**
 * Looks up ids study by study, each first compared with the case after the last one found, and
 * looked up in the map otherwise (a list of some of the cases, in key order, skips the others).
 * `disordered`: so many ids lay before the last one found that the list is out of key order, and
 * better left to a join in DuckDB.
 */
export class OrderedLookup {
  private study: StudyCases | undefined;
  private next = 0;
  private looked = 0;
  private backwards = 0;

  constructor(private readonly keys: CaseKeys) {}

  /** The ids that follow are of this study. */
  inStudy(studyId: string): void {
    this.study = this.keys.byStudy.get(studyId);
    this.next = 0;
  }

  /** The key of the current study's case with this id; undefined when there is none. */
  keyOf(id: string): number | undefined {
    const study = this.study;
    if (study === undefined) return undefined;
    this.looked++;
    if (study.ids[this.next] !== id) {
      const position = study.positionOf.get(id);
      if (position === undefined) return undefined;
      if (position < this.next) this.backwards++;
      this.next = position;
    }
    return study.keys[this.next++];
  }

  get disordered(): boolean {
    return this.backwards > BACKWARDS_ALLOWED && this.backwards > this.looked * BACKWARD_SHARE_ALLOWED;
  }
}

/**
 * The key of each of `count` (study id, case id) pairs that exists, handed to `found` with the
 * pair's position: looked up a study at a time, in key order where the ids follow it (OrderedLookup).
 */
export function forEachCaseKey(
  cases: CaseKeys, count: number, studyIdAt: (i: number) => string, idAt: (i: number) => string, found: (key: number, i: number) => void,
): void {
  const lookup = new OrderedLookup(cases);
  let study: string | undefined;
  for (let i = 0; i < count; i++) {
    const studyId = studyIdAt(i);
    if (studyId !== study) lookup.inStudy((study = studyId));
    const key = lookup.keyOf(idAt(i));
    if (key !== undefined) found(key, i);
  }
}

/** Pairs looked up between two pauses of the event loop (engine/pause.ts): a body may list millions. */
const PAIRS_PER_PAUSE = 65_536;

/**
 * The cases that `count` (study id, case id) pairs name (looked up as forEachCaseKey does), marked
 * by key, and the studies of those found; repeats and unknown pairs count once and not at all.
 */
export async function chosenCases(cases: CaseKeys, count: number, studyIdAt: (i: number) => string, idAt: (i: number) => string): Promise<{ chosen: Uint8Array; studyIds: Set<string> }> {
  const chosen = new Uint8Array(cases.keyBound);
  const studyIds = new Set<string>();
  for (let from = 0; from < count; from += PAIRS_PER_PAUSE) {
    if (from > 0) await pause();
    forEachCaseKey(cases, Math.min(PAIRS_PER_PAUSE, count - from), (i) => studyIdAt(from + i), (i) => idAt(from + i), (key, i) => {
      chosen[key] = 1;
      studyIds.add(studyIdAt(from + i));
    });
  }
  return { chosen, studyIds };
}

/** Each patient's samples: patient p's are samples[offsets[p]] … samples[offsets[p + 1]]. */
export interface PatientSamples {
  offsets: Int32Array;
  samples: Float64Array;
}

export function patientSamples(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<PatientSamples> {
  return matrices.keep('patient samples', async () => {
    const [patients, samples] = await db.numericColumns(sql`SELECT patient_key::DOUBLE, sample_key::DOUBLE FROM sample ORDER BY 1, 2`);
    return { offsets: offsetsByKey(patients), samples };
  }, (p) => p.offsets.byteLength + p.samples.byteLength);
}

/** Each sample's patient key, by sample key. */
export interface SamplePatients {
  patientOf: Float64Array;
  /** Every patient key is below this. */
  patientBound: number;
}

/** patientSamples inverted. */
export function samplePatients(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<SamplePatients> {
  return matrices.keep('sample patients', async () => {
    const { offsets, samples } = await patientSamples(db, matrices);
    const patientOf = new Float64Array(samples.reduce((bound, key) => Math.max(bound, key + 1), 0)).fill(NaN);
    for (let patient = 0; patient + 1 < offsets.length; patient++)
      for (let j = offsets[patient]; j < offsets[patient + 1]; j++) patientOf[samples[j]] = patient;
    return { patientOf, patientBound: offsets.length - 1 };
  }, (p) => p.patientOf.byteLength);
}

/** Each sample's study key, by sample key (-1 where no sample has the key). */
export function sampleStudies(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<Int32Array> {
  return matrices.keep('sample studies', async () => {
    const [samples, studies] = await db.numericColumns(sql`SELECT sample_key::DOUBLE, study_key::DOUBLE FROM sample`);
    return indexedByKey(samples, (i) => studies[i]);
  }, (studyOf) => studyOf.byteLength);
}

/** Each sample's ids, by sample key (undefined where no sample has the key). */
export interface SampleIds {
  sampleId: (string | undefined)[];
  studyId: (string | undefined)[];
  patientId: (string | undefined)[];
  patientKey: Float64Array;
}

/** Built from the case id lookups, whose strings it shares. */
export function sampleIdsByKey(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<SampleIds> {
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

/**
 * Where each key's rows start in rows sorted by their (non-negative integer) key: key k's rows are
 * offsets[k] … offsets[k + 1], for every k up to the greatest key.
 */
export function offsetsByKey(sortedKeys: ArrayLike<number>): Int32Array {
  const offsets = new Int32Array((sortedKeys.length > 0 ? sortedKeys[sortedKeys.length - 1] : -1) + 2);
  for (let i = 0; i < sortedKeys.length; i++) offsets[sortedKeys[i] + 1]++;
  for (let k = 1; k < offsets.length; k++) offsets[k] += offsets[k - 1];
  return offsets;
}

/**
 * Rows grouped by their (non-negative integer) keys, in no given order, by a stable counting sort:
 * key k's rows are order[offsets[k]] … order[offsets[k + 1]] (row indices, ascending).
 */
export function groupedByKey(keys: ArrayLike<number>): { offsets: Int32Array; order: Int32Array } {
  let bound = 0;
  for (let i = 0; i < keys.length; i++) if (keys[i] >= bound) bound = keys[i] + 1;
  const offsets = new Int32Array(bound + 1);
  for (let i = 0; i < keys.length; i++) offsets[keys[i] + 1]++;
  for (let k = 1; k < offsets.length; k++) offsets[k] += offsets[k - 1];
  const next = offsets.slice(0, bound);
  const order = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) order[next[keys[i]]++] = i;
  return { offsets, order };
}

/** Integer values by their (non-negative integer) keys: key i's value at keys[i]; -1 where no key is given. */
export function indexedByKey(keys: ArrayLike<number>, valueOf: (i: number) => number): Int32Array {
  let bound = 0;
  for (let i = 0; i < keys.length; i++) bound = Math.max(bound, keys[i] + 1);
  const byKey = new Int32Array(bound).fill(-1);
  for (let i = 0; i < keys.length; i++) byKey[keys[i]] = valueOf(i);
  return byKey;
}

/** The one study of all the samples (their keys); undefined when they are of several, or none. */
export function singleStudyOf(sampleKeys: Int32Array, studyOf: Int32Array): number | undefined {
  if (sampleKeys.length === 0) return undefined;
  const study = studyOf[sampleKeys[0]];
  for (let i = 1; i < sampleKeys.length; i++) if (studyOf[sampleKeys[i]] !== study) return undefined;
  return study;
}

/** The studies of the samples (their keys). */
export function studiesOf(sampleKeys: Int32Array, studyOf: Int32Array): Set<number> {
  const studies = new Set<number>();
  for (const key of sampleKeys) studies.add(studyOf[key]);
  return studies;
}

/** Cohorts whose parameters are longer than this (unresolved id lists) are read afresh each time. */
const KEPT_COHORT_PARAMS = 10_000;

/**
 * A cohort's sample keys, for counting in memory over lookups indexed by sample key: ascending,
 * or by study key first (`byStudy`). The Study View asks a dozen times per filter: the keys of a
 * cohort (a materialised table or whole studies, cohort-cache.ts) are kept with the resident
 * lookups. Shared: callers do not change them.
 */
export function cohortSampleKeys(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, options: { byStudy?: boolean } = {}): Promise<Int32Array> {
  if (cohort.sampleKeys !== undefined) return options.byStudy ? byStudyOrder(db, matrices, cohort.sampleKeys) : Promise.resolve(cohort.sampleKeys);
  const order = options.byStudy ? sql`s.study_key, s.sample_key` : sql`s.sample_key`;
  const query = sql`SELECT s.sample_key::DOUBLE FROM sample s WHERE ${inCohort(cohort, 's')} ORDER BY ${order}`;
  const read = async () => Int32Array.from((await db.numericColumns(query))[0]);
  const params = JSON.stringify(query.params);
  return params.length > KEPT_COHORT_PARAMS ? read() : matrices.keep(`cohort keys ${query.text} ${params}`, read, (keys) => keys.byteLength, cohort.dependsOn);
}

/** Ascending sample keys in study key order, then sample key. */
async function byStudyOrder(db: ReadOnlyDb, matrices: ProfileMatrices, keys: Int32Array): Promise<Int32Array> {
  const studyOf = await sampleStudies(db, matrices);
  const { order } = groupedByKey(Array.from(keys, (key) => studyOf[key]));
  return Int32Array.from(order, (i) => keys[i]);
}

/** The marked positions (1s) as runs of consecutive positions, ascending: run i is firsts[i] … lasts[i]. */
export function markedRuns(marked: Uint8Array): { firsts: number[]; lasts: number[] } {
  const firsts: number[] = [];
  const lasts: number[] = [];
  for (let first = marked.indexOf(1); first !== -1; ) {
    const end = marked.indexOf(0, first);
    firsts.push(first);
    lasts.push((end === -1 ? marked.length : end) - 1);
    first = end === -1 ? -1 : marked.indexOf(1, end);
  }
  return { firsts, lasts };
}

/** Each key list's membership array, while the list is held (cohort keys are kept and shared). */
const memberships = new WeakMap<Int32Array, Uint8Array>();

/** 1 at each of the keys, 0 elsewhere (keys past the end are none of them). Shared: callers do not change it. */
export function membersOf(keys: Int32Array): Uint8Array {
  let members = memberships.get(keys);
  if (members !== undefined) return members;
  let bound = 0;
  for (let i = 0; i < keys.length; i++) if (keys[i] >= bound) bound = keys[i] + 1;
  members = new Uint8Array(bound);
  for (let i = 0; i < keys.length; i++) members[keys[i]] = 1;
  memberships.set(keys, members);
  return members;
}

/** Each key list's onePerPatient, while the list is held (cohort keys are kept and shared). */
const perPatient = new WeakMap<Int32Array, Int32Array>();

/** One sample of each patient of the samples (every sample of a patient holds the patient's values). */
export function onePerPatient(keys: Int32Array, patients: SamplePatients): Int32Array {
  let firsts = perPatient.get(keys);
  if (firsts === undefined) perPatient.set(keys, (firsts = firstOfEachPatient(keys, patients)));
  return firsts;
}

function firstOfEachPatient(keys: Int32Array, patients: SamplePatients): Int32Array {
  const seen = new Uint8Array(patients.patientBound);
  const firsts = new Int32Array(keys.length);
  let count = 0;
  for (const key of keys) {
    const patient = patients.patientOf[key];
    if (seen[patient] === 1) continue;
    seen[patient] = 1;
    firsts[count++] = key;
  }
  return firsts.subarray(0, count);
}
