// OAuth2 logins under way in the state store (GET /api/data-access-token sends the browser to the
// provider, which sends it back to /api/data-access-token/oauth2 on any server of the deployment).
import { sql } from '../sql/sql.js';
import { timestampOf } from './state-sql.js';
import type { StateStore } from './state-store.js';

/** Remembers a login's `state` until `lapses` (epoch ms), forgetting those lapsed by `now`. */
export function startLogin(store: StateStore, state: string, times: { now: number; lapses: number }): Promise<void> {
  return store.write(async (db) => {
    await db.run(sql`DELETE FROM oauth2_login WHERE lapses < ${timestampOf(times.now)}`);
    await db.run(sql`INSERT INTO oauth2_login VALUES (${state}, ${timestampOf(times.lapses)})`);
  });
}

/** Whether a login of that `state` was under way and has not lapsed by `now`; it is over either way (one use). */
export function finishLogin(store: StateStore, state: string, now: number): Promise<boolean> {
  return store.write(async (db) => {
    const row = await db.one(sql`SELECT 1 FROM oauth2_login WHERE state = ${state} AND lapses >= ${timestampOf(now)}`);
    await db.run(sql`DELETE FROM oauth2_login WHERE state = ${state}`);
    return row !== undefined;
  });
}
