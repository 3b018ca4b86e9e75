// What a server keeps in memory or beside the store between requests, for one generation of the
// store (live-store.ts): the lookups and matrices (one budget, least recently used dropped first),
// the materialised cohorts and the kept answers. Several apps may share one (the warm-up's app).
import type { Db } from '../engine/sql/db.js';
import { CohortCache } from '../engine/filter/cohort-cache.js';
import { ProfileMatrices } from '../engine/queries/profile-matrix.js';
import { createStatsPool, type StatsPool } from '../engine/stats/pool/pool.js';
import { KeptAnswers } from './kept-answers.js';

export interface Resident {
  stats: StatsPool;
  cohorts: CohortCache;
  matrices: ProfileMatrices;
  /** Large answers kept compressed for their next request (kept-answers.ts). */
  answers: KeptAnswers;
  /** closeResident closes `stats` (false: a pool the opener was given). */
  ownsStats: boolean;
}

/**
 * Resident state for apps on `db`, closed by the caller (`closeResident`) after them. `stats`: a
 * pool of the caller's (default: one of its own, whose threads start on first use unless `warmStats`).
 */
export async function openResident(db: Db, options: { stats?: StatsPool; warmStats?: boolean } = {}): Promise<Resident> {
  const stats = options.stats ?? createStatsPool({ warm: options.warmStats });
  return { stats, cohorts: await CohortCache.open(db), matrices: new ProfileMatrices(db, stats), answers: new KeptAnswers(), ownsStats: options.stats === undefined };
}

/** Closes the cohorts' scratch database and drops what is kept, so that nothing outlives the generation it was built from. */
export async function closeResident(resident: Resident): Promise<void> {
  await resident.cohorts.close();
  resident.matrices.clear();
  resident.answers.clear();
  if (resident.ownsStats) await resident.stats.close();
}
