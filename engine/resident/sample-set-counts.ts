// The Study View's sample list counts (study-view.md 4.2) and molecular profile sample counts
// (4.3): each list's members and each profile's profiled samples are read once and kept with the
// other resident lookups (profile-matrix.ts `keep`; the store is read-only while served), then
// counted over the cohort's membership array, where a join per request took 6-10 ms at 272,000
// samples (and was most of the request).
import type { Cohort } from '../filter/compile.js';
import { STUDY_VIEW_PROFILING } from '../filter/profiling.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { cohortSampleKeys, membersOf } from './case-keys.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { BYTES_PER_ENTRY } from './resident-lookups.js';

export type CaseListDataCountRow = {
  value: string;
  label: string | null;
  count: number;
};

/** Sample lists or molecular profiles, ascending by key, each with its (distinct) samples. */
interface SampleSets {
  /** Set i's chart value (its stable id without "<studyId>_") and label. */
  values: string[];
  labels: (string | null)[];
  /** Set i's samples are samples[offsets[i]] … samples[offsets[i + 1]]. */
  offsets: Int32Array;
  samples: Int32Array;
}

/**
 * `sets`: (set key, value, label) of every set shown; `members`: (set key, sample key) pairs,
 * distinct (the loader writes sets), both ordered by set key.
 */
async function readSampleSets(db: ReadOnlyDb, sets: Fragment, members: Fragment): Promise<SampleSets> {
  const [meta, [setOf, samples]] = await Promise.all([
    db.all<{ set_key: number; value: string; label: string | null }>(sql`${sets} ORDER BY set_key`),
    db.numericColumns(sql`SELECT set_key::DOUBLE, sample_key::DOUBLE FROM (${members}) WHERE set_key IN (SELECT set_key FROM (${sets})) ORDER BY 1, 2`),
  ]);
  const offsets = new Int32Array(meta.length + 1);
  let row = 0;
  meta.forEach(({ set_key: key }, i) => {
    offsets[i] = row;
    while (row < setOf.length && setOf[row] === key) row++;
  });
  offsets[meta.length] = row;
  return { values: meta.map((m) => m.value), labels: meta.map((m) => m.label), offsets, samples: Int32Array.from(samples) };
}

const setBytes = (s: SampleSets) => s.samples.byteLength + s.offsets.byteLength + BYTES_PER_ENTRY * s.values.length;

/** `<studyId>_rest` → `rest` (alias `cs` is the owning cancer_study). */
function stripStudyPrefix(column: Fragment): Fragment {
  return sql`CASE WHEN starts_with(${column}, cs.study_id || '_') THEN substr(${column}, length(cs.study_id) + 2) ELSE ${column} END`;
}

/** Sample lists with a name (the reference's chart leaves out the unnamed ones) and their members. */
function sampleLists(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<SampleSets> {
  return matrices.keep('sample list members', () => readSampleSets(db,
    sql`SELECT l.list_key AS set_key, ${stripStudyPrefix(sql`l.stable_id`)} AS value, l.name AS label
      FROM sample_list l JOIN cancer_study cs USING (study_key) WHERE l.name <> ''`,
    sql`SELECT list_key AS set_key, sample_key FROM sample_list_member`), setBytes);
}

/** Molecular profiles and their profiled samples. */
function profiles(db: ReadOnlyDb, matrices: ProfileMatrices): Promise<SampleSets> {
  return matrices.keep('profile samples', () => readSampleSets(db,
    sql`SELECT mp.profile_key AS set_key, ${stripStudyPrefix(sql`mp.stable_id`)} AS value, mp.name AS label
      FROM molecular_profile mp JOIN cancer_study cs USING (study_key)`,
    sql`SELECT profile_key AS set_key, sample_key FROM ${STUDY_VIEW_PROFILING}`), setBytes);
}

/**
 * The cohort's samples in each set, merged by value across studies: counts summed, the label of
 * the set with the smallest key kept; sets without a cohort sample left out; ordered by value.
 */
function countSets(sets: SampleSets, keys: Int32Array): CaseListDataCountRow[] {
  const member = membersOf(keys);
  const byValue = new Map<string, CaseListDataCountRow>();
  for (let set = 0; set < sets.values.length; set++) {
    let count = 0;
    for (let i = sets.offsets[set]; i < sets.offsets[set + 1]; i++) count += member[sets.samples[i]] === 1 ? 1 : 0;
    if (count === 0) continue;
    const row = byValue.get(sets.values[set]);
    if (row === undefined) byValue.set(sets.values[set], { value: sets.values[set], label: sets.labels[set], count });
    else row.count += count;
  }
  // As DuckDB orders VARCHAR (by UTF-8 byte; code units here): the two orders differ only between
  // characters beyond U+FFFF and U+E000-U+FFFF, which stable ids do not hold.
  return [...byValue.values()].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** Filtered samples per sample list (4.2), keyed by the list's stable id without "<studyId>_". */
export async function fetchSampleListCounts(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort): Promise<CaseListDataCountRow[]> {
  const [sets, keys] = await Promise.all([sampleLists(db, matrices), cohortSampleKeys(db, matrices, cohort)]);
  return countSets(sets, keys);
}

/** Filtered samples per molecular profile (4.3), keyed by the profile's stable id without "<studyId>_". */
export async function fetchMolecularProfileSampleCounts(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort): Promise<CaseListDataCountRow[]> {
  const [sets, keys] = await Promise.all([profiles(db, matrices), cohortSampleKeys(db, matrices, cohort)]);
  return countSets(sets, keys);
}
