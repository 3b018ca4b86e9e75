// Data access tokens of the uuid method in the state store (api.md 26; seed.md section 3).
import { randomUUID } from 'node:crypto';
import { sql } from '../sql/sql.js';
import { timestampOf } from './state-sql.js';
import type { StateStore, TokenRow } from './state-store.js';

/**
 * A new token for `username`, valid for `ttlSeconds` from `now`. When the user already holds
 * `maxPerUser` tokens, the oldest ones are invalidated first (cBioPortal never refuses).
 */
export function createUuidToken(store: StateStore, username: string, options: { now: number; ttlSeconds: number; maxPerUser: number }): Promise<TokenRow> {
  const row: TokenRow = { token: randomUUID(), username, creation: options.now, expiration: options.now + options.ttlSeconds * 1000 };
  return store.write(async (db) => {
    const held = await db.all<{ token: string }>(sql`
      SELECT token FROM data_access_tokens WHERE username = ${username} ORDER BY creation, expiration, token`);
    const surplus = held.length + 1 - options.maxPerUser;
    if (surplus > 0) await db.run(sql`DELETE FROM data_access_tokens WHERE token IN (SELECT unnest(${held.slice(0, surplus).map((t) => t.token)}::VARCHAR[]))`);
    await db.run(sql`INSERT INTO data_access_tokens VALUES (${row.token}, ${username}, ${timestampOf(row.expiration)}, ${timestampOf(row.creation)})`);
    return row;
  });
}

/** Deletes the user's tokens (all, or the one given); the number deleted. */
export function deleteUuidTokens(store: StateStore, filter: { username: string } | { token: string }): Promise<number> {
  return store.write(async (db) => {
    const where = 'token' in filter ? sql`token = ${filter.token}` : sql`username = ${filter.username}`;
    const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM data_access_tokens WHERE ${where}`);
    await db.run(sql`DELETE FROM data_access_tokens WHERE ${where}`);
    return row?.n ?? 0;
  });
}
