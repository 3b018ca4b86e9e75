// Users and their authorities in the state store (`duckportal users grant|revoke|list`).
import { sql } from '../sql/sql.js';
import type { StateStore } from './state-store.js';

export interface UserAuthorities {
  user: string;
  enabled: boolean;
  authorities: string[];
}

/** Gives `user` an authority (the user is created, enabled, if new). False if it was there already. */
export function grantAuthority(store: StateStore, user: string, authority: string): Promise<boolean> {
  return store.write(async (db) => {
    await db.run(sql`INSERT INTO users (email, name, enabled) VALUES (${user}, ${user}, true) ON CONFLICT DO NOTHING`);
    const had = await db.one(sql`SELECT 1 FROM authorities WHERE email = ${user} AND authority = ${authority}`);
    if (had) return false;
    await db.run(sql`INSERT INTO authorities (email, authority) VALUES (${user}, ${authority})`);
    return true;
  });
}

/** Takes an authority away; false if the user did not have it. */
export function revokeAuthority(store: StateStore, user: string, authority: string): Promise<boolean> {
  return store.write(async (db) => {
    const had = await db.one(sql`SELECT 1 FROM authorities WHERE email = ${user} AND authority = ${authority}`);
    if (had) await db.run(sql`DELETE FROM authorities WHERE email = ${user} AND authority = ${authority}`);
    return had !== undefined;
  });
}

export function listUsers(store: StateStore): Promise<UserAuthorities[]> {
  return store.read(async (db) => {
    const rows = await db.all<Omit<UserAuthorities, 'authorities'> & { authorities: string[] | null }>(sql`
      SELECT u.email AS "user", u.enabled, array_agg(a.authority ORDER BY a.authority) FILTER (WHERE a.authority IS NOT NULL) AS authorities
      FROM users u LEFT JOIN authorities a USING (email) GROUP BY u.email, u.enabled ORDER BY u.email`);
    return rows.map((r) => ({ ...r, authorities: r.authorities ?? [] }));
  });
}
