// Virtual studies in the state store (api.md 27): saved (session) and published ones.
import { sql } from '../sql/sql.js';
import type { StateStore } from './state-store.js';

export interface VirtualStudyRecord {
  id: string;
  owner: string;
  data: Record<string, unknown>;
  published: boolean;
}

/** Stores a new virtual study; false when the id is taken. */
export function insertVirtualStudy(store: StateStore, v: VirtualStudyRecord, now: number): Promise<boolean> {
  return store.write(async (db) => {
    if (await db.one(sql`SELECT 1 FROM virtual_study WHERE id = ${v.id}`)) return false;
    await db.run(sql`INSERT INTO virtual_study VALUES (${v.id}, ${v.owner}, ${JSON.stringify(v.data)}, ${v.published}, make_timestamp(${now * 1000}::BIGINT))`);
    return true;
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
