// What a server keeps in memory or beside the store between requests, for one generation of the
// store (live-store.ts): the lookups and matrices (one budget, least recently used dropped first),
// the materialised cohorts and the kept answers. Several apps may share one (the warm-up's app).
// The next generation takes over what was built from studies it holds unchanged (`carryResident`).
import type { Db } from '../engine/sql/db.js';
import { sql } from '../engine/sql/sql.js';
import type { DependsOn } from '../engine/sql/study-stamps.js';
import { CohortCache } from '../engine/filter/cohort-cache.js';
import { ProfileMatrices } from '../engine/resident/profile-matrix.js';
import { createStatsPool, type StatsPool } from '../engine/stats/pool/pool.js';
import { carries } from './carry-over.js';
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
  const profiles = await db.all<{ profile_key: number; study_id: string }>(sql`SELECT p.profile_key, c.study_id FROM molecular_profile p JOIN cancer_study c USING (study_key)`);
  const profileStudies = new Map(profiles.map((p) => [p.profile_key, p.study_id]));
  return { stats, cohorts: await CohortCache.open(db), matrices: new ProfileMatrices(db, stats, { profileStudies }), answers: new KeptAnswers(), ownsStats: options.stats === undefined };
}

/**
 * Makes `next` (a later generation's) take over what `earlier` built from the studies `unchanged`
 * alone (server/carry-over.ts); says how many lookups, cohorts and answers.
 */
export async function carryResident(earlier: Resident, next: Resident, unchanged: ReadonlySet<string>): Promise<{ lookups: number; cohorts: number; answers: number }> {
  const valid = (dependsOn: DependsOn) => carries(dependsOn, unchanged);
  return {
    lookups: next.matrices.carryFrom(earlier.matrices, valid),
    answers: next.answers.carryFrom(earlier.answers, valid),
    cohorts: await next.cohorts.carryFrom(earlier.cohorts, valid),
  };
}

/** Closes the cohorts' scratch database and drops what is kept, so that nothing outlives the generation it was built from. */
export async function closeResident(resident: Resident): Promise<void> {
  await resident.cohorts.close();
  resident.matrices.clear();
  resident.answers.clear();
  if (resident.ownsStats) await resident.stats.close();
}
