// Virtual studies in the state store (api.md 27): saved (session) and published ones.
import { sql } from '../sql/sql.js';
import type { StateDb } from './state-backend.js';
import { timestampOf } from './state-sql.js';
import type { StateStore } from './state-store.js';

export interface VirtualStudyRecord {
  id: string;
  owner: string;
  data: Record<string, unknown>;
  published: boolean;
}

/** Stores a new virtual study; false when the id is taken. */
export function insertVirtualStudy(store: StateStore, v: VirtualStudyRecord, now: number): Promise<boolean> {
  return store.write((db) => insertIn(db, v, now));
}

async function insertIn(db: StateDb, v: VirtualStudyRecord, now: number): Promise<boolean> {
  if (await db.one(sql`SELECT 1 FROM virtual_study WHERE id = ${v.id}`)) return false;
  await db.run(sql`INSERT INTO virtual_study VALUES (${v.id}, ${v.owner}, ${JSON.stringify(v.data)}, ${v.published}, ${timestampOf(now)})`);
  return true;
}

/**
 * Stores a virtual study saved by its owner (not published) unless the owner has `maxSaved` saved
 * ones already ('full'); counted in the write's transaction, so that saves at once cannot pass it.
 * Published ones are not counted: the publisher key put them in the public list.
 */
export function saveVirtualStudy(store: StateStore, v: Omit<VirtualStudyRecord, 'published'>, now: number, maxSaved: number): Promise<'stored' | 'taken' | 'full'> {
  return store.write(async (db) => {
    const saved = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM virtual_study WHERE owner = ${v.owner} AND NOT published`);
    if ((saved?.n ?? 0) >= maxSaved) return 'full';
    return (await insertIn(db, { ...v, published: false }, now)) ? 'stored' : 'taken';
  });
}

/** Deletes a saved (unpublished) virtual study of `owner`; false when there is none of that id. */
export function deleteSavedVirtualStudy(store: StateStore, id: string, owner: string): Promise<boolean> {
  return store.write(async (db) => {
    const row = await db.one(sql`SELECT 1 FROM virtual_study WHERE id = ${id} AND owner = ${owner} AND NOT published`);
    if (row) await db.run(sql`DELETE FROM virtual_study WHERE id = ${id}`);
    return row !== undefined;
  });
}

/** Publishes or unpublishes a stored virtual study, with data fields to set (typeOfCancerId, pmid). */
export function setPublished(store: StateStore, id: string, published: boolean, data: Record<string, unknown>): Promise<void> {
  return store.write(async (db) => {
    await db.run(sql`UPDATE virtual_study SET published = ${published}, data = ${JSON.stringify(data)} WHERE id = ${id}`);
  });
}

export function deleteVirtualStudy(store: StateStore, id: string): Promise<void> {
  return store.write(async (db) => {
    await db.run(sql`DELETE FROM virtual_study WHERE id = ${id}`);
  });
}

/**
 * The ids of the studies a virtual study is built from (its `origin`, and what a caller must be
 * allowed to read to use it): its listed studies and, for a dynamic one, every study its filter
 * names, since its members come from the filter whatever `studies` lists.
 */
export function virtualStudyOrigins(data: Record<string, unknown>): string[] {
  const ids = Array.isArray(data.studies) ? data.studies.map((s: { id?: unknown } | null) => String(s?.id)) : [];
  const filter = data.studyViewFilter as { studyIds?: unknown; sampleIdentifiers?: unknown } | null | undefined;
  if (data.dynamic === true && filter) {
    if (Array.isArray(filter.studyIds)) ids.push(...filter.studyIds.map(String));
    if (Array.isArray(filter.sampleIdentifiers)) ids.push(...filter.sampleIdentifiers.map((i: { studyId?: unknown } | null) => String(i?.studyId)));
  }
  return [...new Set(ids)];
}
