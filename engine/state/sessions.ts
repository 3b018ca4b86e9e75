// Sessions in the state store (cBioPortal's session service, built in): stored, read by id, found
// by user and origin, settings replaced in place. Each write is one transaction of the state store,
// and writes never interleave, so that the per-owner count cannot be passed by saves at once, from
// this server or another.
import { createHash } from 'node:crypto';
import { sql } from '../sql/sql.js';
import type { StateDb } from './state-backend.js';
import { epochMsOf, timestampOf } from './state-sql.js';
import type { StateStore } from './state-store.js';

export interface SessionRecord {
  id: string;
  type: string;
  owner: string;
  /** The JSON text stored. */
  data: string;
  checksum: string;
  /** Epoch milliseconds (UTC). */
  updated: number;
}

export interface NewSession {
  id: string;
  type: string;
  owner: string;
  data: unknown;
  /** The studies it is fetched by (groups, custom data, settings); sorted and made distinct here. */
  origin?: readonly string[];
  page?: string;
  /** The users whose lists it is put in (a group's or a saved gene list's owner). */
  members?: readonly string[];
}

export interface SessionLimits {
  /** Sessions one owner may have stored. */
  maxPerOwner: number;
  /** Owner-less types whose identical data answers the stored session (the session service's checksum). */
  deduplicated: boolean;
}

export const checksumOf = (text: string) => createHash('md5').update(text).digest('hex');

const originKey = (origin: readonly string[] = []) => [...new Set(origin)].sort();

const RECORD = sql`SELECT id, type, owner, data, checksum, ${epochMsOf('updated')} AS updated FROM session`;

/**
 * Stores a session and answers its id: a new one's, or that of the stored session of the same type
 * and checksum when `deduplicated`; 'full' when its owner has `maxPerOwner` sessions already.
 */
export function insertSession(store: StateStore, s: NewSession, now: number, limits: SessionLimits): Promise<string | 'full'> {
  const text = JSON.stringify(s.data);
  return store.write(async (db) => {
    if (limits.deduplicated) {
      const same = await db.one<{ id: string }>(sql`SELECT id FROM session WHERE type = ${s.type} AND checksum = ${checksumOf(text)} LIMIT 1`);
      if (same) return same.id;
    }
    if ((await countOf(db, s.owner)) >= limits.maxPerOwner) return 'full';
    await insertIn(db, s, text, now);
    return s.id;
  });
}

async function insertIn(db: StateDb, s: Omit<NewSession, 'data'>, text: string, now: number): Promise<void> {
  await db.run(sql`INSERT INTO session VALUES (${s.id}, ${s.type}, ${s.owner}, ${text}, ${checksumOf(text)}, ${originKey(s.origin)}::VARCHAR[],
    ${s.page ?? null}, ${timestampOf(now)}, ${timestampOf(now)})`);
  for (const user of s.members ?? []) await setMemberIn(db, s.type, s.id, user, true);
}

async function countOf(db: StateDb, owner: string): Promise<number> {
  return (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM session WHERE owner = ${owner}`))?.n ?? 0;
}

export function readSession(store: StateStore, type: string, id: string): Promise<SessionRecord | undefined> {
  return store.read((db) => db.one<SessionRecord>(sql`${RECORD} WHERE type = ${type} AND id = ${id}`));
}

/** The sessions of a type in `user`'s list (case-insensitive, as cBioPortal matches users), oldest first; of exactly `origin` when given. */
export function sessionsOfUser(store: StateStore, type: string, user: string, origin?: readonly string[]): Promise<SessionRecord[]> {
  const sameOrigin = origin === undefined ? sql`TRUE` : sql`origin = ${originKey(origin)}::VARCHAR[]`;
  return store.read((db) => db.all<SessionRecord>(sql`${RECORD}
    WHERE type = ${type} AND ${sameOrigin} AND id IN (SELECT id FROM "session_user" WHERE type = ${type} AND lower(username) = lower(${user}))
    ORDER BY created, id`));
}

/** The ids of a type's sessions (or virtual studies) in `user`'s list. */
export function memberIdsOf(store: StateStore, type: string, user: string): Promise<string[]> {
  return store.read(async (db) =>
    (await db.all<{ id: string }>(sql`SELECT id FROM "session_user" WHERE type = ${type} AND lower(username) = lower(${user}) ORDER BY id`)).map((r) => r.id));
}

/** The users whose lists hold each of `ids` (of one type). */
export function usersOf(store: StateStore, type: string, ids: readonly string[]): Promise<Map<string, string[]>> {
  return store.read(async (db) => {
    const rows = await db.all<{ id: string; users: string[] }>(sql`
      SELECT id, array_agg(username ORDER BY username) AS users FROM "session_user" WHERE type = ${type} AND id IN (SELECT unnest(${ids}::VARCHAR[])) GROUP BY id`);
    return new Map(rows.map((r) => [r.id, r.users]));
  });
}

/** Puts a session in a user's list, or takes it out (cBioPortal's add and delete operations). */
export function setMember(store: StateStore, type: string, id: string, user: string, member: boolean): Promise<void> {
  return store.write((db) => setMemberIn(db, type, id, user, member));
}

async function setMemberIn(db: StateDb, type: string, id: string, user: string, member: boolean): Promise<void> {
  if (member) await db.run(sql`INSERT INTO "session_user" VALUES (${type}, ${id}, ${user}) ON CONFLICT DO NOTHING`);
  else await db.run(sql`DELETE FROM "session_user" WHERE type = ${type} AND id = ${id} AND username = ${user}`);
}

/** The owner's most recently updated settings of a page and origin. */
export function settingsOf(store: StateStore, owner: string, page: string, origin: readonly string[]): Promise<SessionRecord | undefined> {
  return store.read((db) => db.one<SessionRecord>(sql`${RECORD}
    WHERE type = 'settings' AND lower(owner) = lower(${owner}) AND page = ${page} AND origin = ${originKey(origin)}::VARCHAR[]
    ORDER BY updated DESC LIMIT 1`));
}

/**
 * Replaces the owner's settings of a page and origin by `data` (`merge` builds it from the stored
 * data, if any), or stores new ones; 'full' as insertSession. Read and written in one transaction.
 */
export function putSettings(store: StateStore, s: Omit<NewSession, 'data'> & { type: 'settings'; page: string; origin: readonly string[] }, merge: (stored: unknown) => unknown, now: number, maxPerOwner: number): Promise<'stored' | 'full'> {
  return store.write(async (db) => {
    const stored = await db.one<{ id: string; data: string }>(sql`SELECT id, data FROM session
      WHERE type = 'settings' AND owner = ${s.owner} AND page = ${s.page} AND origin = ${originKey(s.origin)}::VARCHAR[] ORDER BY updated DESC LIMIT 1`);
    const text = JSON.stringify(merge(stored === undefined ? undefined : JSON.parse(stored.data)));
    if (stored) {
      await db.run(sql`UPDATE session SET data = ${text}, checksum = ${checksumOf(text)}, updated = ${timestampOf(now)} WHERE id = ${stored.id}`);
      return 'stored';
    }
    if ((await countOf(db, s.owner)) >= maxPerOwner) return 'full';
    await insertIn(db, s, text, now);
    return 'stored';
  });
}
