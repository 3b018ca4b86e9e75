// The ids a request can name a study by, with the study each belongs to: what a permission
// check needs before any query runs (server/security). Small (one row per study, profile and
// sample list), read once per server: the store is read-only while it serves.
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';

export interface StudyCatalog {
  /** Study id → its ';'-separated groups. */
  studies: ReadonlyMap<string, string>;
  /** Molecular profile id → study id. */
  profiles: ReadonlyMap<string, string>;
  /** Sample list id → study id. */
  sampleLists: ReadonlyMap<string, string>;
}

export async function loadStudyCatalog(db: ReadOnlyDb): Promise<StudyCatalog> {
  const studies = await db.all<{ study_id: string; groups: string }>(sql`SELECT study_id, groups FROM cancer_study`);
  const owned = (table: 'molecular_profile' | 'sample_list') =>
    db.all<{ id: string; study_id: string }>(sql`
      SELECT t.stable_id AS id, c.study_id FROM ${table === 'molecular_profile' ? sql`molecular_profile` : sql`sample_list`} t JOIN cancer_study c USING (study_key)`);
  return {
    studies: new Map(studies.map((s) => [s.study_id, s.groups])),
    profiles: new Map((await owned('molecular_profile')).map((r) => [r.id, r.study_id])),
    sampleLists: new Map((await owned('sample_list')).map((r) => [r.id, r.study_id])),
  };
}
