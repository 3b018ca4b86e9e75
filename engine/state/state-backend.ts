// What the state store runs on: the embedded DuckDB file (file-backend.ts) or a PostgreSQL server
// (postgres-backend.ts). The operations (users.ts, tokens.ts, …) run the same `sql` statements on
// either, through StateDb; state-sql.ts holds the few expressions written for both.
import { sql, type Sql } from '../sql/sql.js';

/** Runs statements: the part of engine/sql/db.ts's Db the state's operations use. */
export interface StateDb {
  run(query: Sql): Promise<void>;
  all<T = Record<string, unknown>>(query: Sql): Promise<T[]>;
  one<T = Record<string, unknown>>(query: Sql): Promise<T | undefined>;
}

export interface StateBackend {
  /** Names the last committed write: a value never seen before after each write (StateStore.snapshot). */
  version(): string | Promise<string>;
  /** Runs `work` on the state as it is now, seeing one consistent state. */
  read<T>(work: (db: StateDb) => Promise<T>): Promise<T>;
  /** Runs `work` in one transaction that also bumps the generation; writes never interleave. */
  write<T>(work: (db: StateDb) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Every write bumps the state's one-row generation (schema.sql) in its transaction. */
export const BUMP_GENERATION = sql`UPDATE generation SET generation = generation + 1 RETURNING generation`;

/** The state store cannot be reached or set up (a PostgreSQL server down, a wrong URL or password). */
export class StateStoreUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StateStoreUnavailable';
  }
}
