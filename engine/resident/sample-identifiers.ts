// Sample identifiers (studyId, sampleId) resolved to sample keys in memory (case-keys.ts), instead
// of binding 272,000 ids for DuckDB to join; the keys found are kept as runs of consecutive keys: a
// whole study is one run, whatever its size.
import type { ResolvedSampleIdentifiers } from '../filter/normalize.js';
import { pause } from '../pause.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { caseKeys, markedRuns, OrderedLookup } from './case-keys.js';
import type { ProfileMatrices } from './profile-matrix.js';

/** Identifiers looked up between two pauses of the event loop (engine/pause.ts). */
const IDENTIFIERS_PER_PAUSE = 65_536;

/** Identifiers between two checks of whether the list is out of order (and left to DuckDB). */
const CHECK_EVERY = 4096;

/**
 * The studies a list of sample identifiers names and the keys of the samples found (an id that
 * names no sample selects nothing, as in the join it replaces); items that are not a pair of
 * strings are skipped, as normalizeStudyViewFilter does. Undefined: the list is mostly out of
 * key order, and better joined by DuckDB.
 */
export function resolveSampleIdentifiers(db: ReadOnlyDb, matrices: ProfileMatrices, list: readonly unknown[]): Promise<ResolvedSampleIdentifiers | undefined> {
  // One list resolved once per generation, however many cohorts compile it.
  return matrices.forList('resolved sample identifiers', list, () => resolve(db, matrices, list));
}

async function resolve(db: ReadOnlyDb, matrices: ProfileMatrices, list: readonly unknown[]): Promise<ResolvedSampleIdentifiers | undefined> {
  const keys = await caseKeys(db, matrices, 'sample');
  const lookup = new OrderedLookup(keys);
  const found = new Uint8Array(keys.keyBound);
  const studyIds = new Set<string>();
  let lastStudy: string | undefined;
  for (let i = 0; i < list.length; i++) {
    if (i % CHECK_EVERY === 0 && lookup.disordered) return undefined;
    if (i > 0 && i % IDENTIFIERS_PER_PAUSE === 0) await pause();
    const item = list[i] as { studyId?: unknown; sampleId?: unknown } | null;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const { studyId, sampleId } = item;
    if (typeof studyId !== 'string' || typeof sampleId !== 'string') continue;
    if (studyId !== lastStudy) {
      studyIds.add(studyId);
      lookup.inStudy((lastStudy = studyId));
    }
    const key = lookup.keyOf(sampleId);
    if (key !== undefined) found[key] = 1;
  }
  if (lookup.disordered) return undefined;
  // Frozen: the sql tag packs each list once.
  const { firsts, lasts } = markedRuns(found);
  return { studyIds: Object.freeze([...studyIds]), firsts: Object.freeze(firsts), lasts: Object.freeze(lasts) };
}
