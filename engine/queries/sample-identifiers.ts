// Sample identifiers (studyId, sampleId) resolved to sample keys in memory. A Study View body may
// list every one of 272,000 samples; handing those ids to DuckDB (joined into one string of
// megabytes, split and joined back to the sample table) cost more than the query they select for.
// Every study's sample ids are read once, in key order (the store is read-only while served; kept
// with the other resident lookups, profile-matrix.ts `keep`). Clients send back lists in the order
// the API gave them, which is key order: each identifier is compared with the one after the last
// found, and only the others are looked up in a map, which costs a hundred times more (random
// memory access over a map of 272,000 strings). A list mostly out of that order is left to
// DuckDB's join (undefined). The keys found are kept as runs of consecutive keys: a whole study is
// one run, whatever its size.
import type { ResolvedSampleIdentifiers } from '../filter/normalize.js';
import { pause } from '../pause.js';
import type { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import type { ProfileMatrices } from './profile-matrix.js';

/** Rough bytes per sample held (its id, key and map entry). */
const BYTES_PER_SAMPLE = 150;

/** Identifiers looked up between two pauses of the event loop (engine/pause.ts). */
const IDENTIFIERS_PER_PAUSE = 65_536;

/** Lookups out of order tolerated: this many, or this share of the identifiers so far. */
const MISSES_ALLOWED = 1024;
const MISS_SHARE_ALLOWED = 1 / 8;

/** A study's samples in key order, and the position of each id. */
interface StudySamples {
  ids: string[];
  keys: number[];
  positionOf: Map<string, number>;
}

interface SampleKeys {
  byStudy: Map<string, StudySamples>;
  /** Every key is below this. */
  keyBound: number;
}

function sampleKeys(db: Db, matrices: ProfileMatrices): Promise<SampleKeys> {
  return matrices.keep('sample keys', async () => {
    const keys: SampleKeys = { byStudy: new Map(), keyBound: 0 };
    for await (const rows of db.stream<{ study_id: string; sample_id: string; sample_key: number }>(sql`
      SELECT c.study_id, s.sample_id, s.sample_key FROM sample s JOIN cancer_study c USING (study_key) ORDER BY s.sample_key`)) {
      for (const { study_id, sample_id, sample_key } of rows) {
        let study = keys.byStudy.get(study_id);
        if (study === undefined) keys.byStudy.set(study_id, (study = { ids: [], keys: [], positionOf: new Map() }));
        study.positionOf.set(sample_id, study.ids.length);
        study.ids.push(sample_id);
        study.keys.push(sample_key);
        keys.keyBound = sample_key + 1;
      }
    }
    return keys;
  }, (keys) => BYTES_PER_SAMPLE * [...keys.byStudy.values()].reduce((n, study) => n + study.ids.length, 0));
}

/** One list resolved once, however many cohorts of a request compile it. */
const resolvedLists = new WeakMap<readonly unknown[], Promise<ResolvedSampleIdentifiers | undefined>>();

/**
 * The studies a list of sample identifiers names and the keys of the samples found (an id that
 * names no sample selects nothing, as in the join it replaces); items that are not a pair of
 * strings are skipped, as normalizeStudyViewFilter does. Undefined: the list is mostly out of
 * key order, and better joined by DuckDB.
 */
export function resolveSampleIdentifiers(db: Db, matrices: ProfileMatrices, list: readonly unknown[]): Promise<ResolvedSampleIdentifiers | undefined> {
  let resolved = resolvedLists.get(list);
  if (resolved === undefined) resolvedLists.set(list, (resolved = resolve(db, matrices, list)));
  return resolved;
}

async function resolve(db: Db, matrices: ProfileMatrices, list: readonly unknown[]): Promise<ResolvedSampleIdentifiers | undefined> {
  const { byStudy, keyBound } = await sampleKeys(db, matrices);
  const found = new Uint8Array(keyBound);
  const studyIds = new Set<string>();
  let lastStudy: string | undefined;
  let study: StudySamples | undefined;
  let next = 0;
  let misses = 0;
  for (let i = 0; i < list.length; i++) {
    if (i > 0 && i % IDENTIFIERS_PER_PAUSE === 0) await pause();
    const item = list[i] as { studyId?: unknown; sampleId?: unknown } | null;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const { studyId, sampleId } = item;
    if (typeof studyId !== 'string' || typeof sampleId !== 'string') continue;
    if (studyId !== lastStudy) {
      studyIds.add(studyId);
      lastStudy = studyId;
      study = byStudy.get(studyId);
      next = 0;
    }
    if (study === undefined) continue;
    if (study.ids[next] !== sampleId) {
      if (++misses > MISSES_ALLOWED && misses > i * MISS_SHARE_ALLOWED) return undefined;
      const position = study.positionOf.get(sampleId);
      if (position === undefined) continue;
      next = position;
    }
    found[study.keys[next++]] = 1;
  }
  return { studyIds: Object.freeze([...studyIds]), ...runsOf(found) };
}

/** The marked keys as runs of consecutive keys, ascending; frozen (the sql tag packs each once). */
function runsOf(marked: Uint8Array): { firsts: readonly number[]; lasts: readonly number[] } {
  const firsts: number[] = [];
  const lasts: number[] = [];
  for (let key = marked.indexOf(1); key !== -1; ) {
    const end = marked.indexOf(0, key);
    firsts.push(key);
    lasts.push((end === -1 ? marked.length : end) - 1);
    key = end === -1 ? -1 : marked.indexOf(1, end);
  }
  return { firsts: Object.freeze(firsts), lasts: Object.freeze(lasts) };
}
