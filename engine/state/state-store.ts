// The state store: what changes while the server runs (engine/state/schema.sql), shared by every
// server and CLI command of a deployment. By default a small DuckDB file beside the study store
// (file-backend.ts); with a postgresql:// URL a PostgreSQL database (postgres-backend.ts), for
// servers on several machines. Readers get an in-memory snapshot, read again only when the
// backend's version says that something was written since.
import { EventEmitter } from 'node:events';
import { sql } from '../sql/sql.js';
import type { StateBackend, StateDb } from './state-backend.js';
import { epochMsOf } from './state-sql.js';
import { FileBackend } from './file-backend.js';
import { isPostgresUrl } from './state-location.js';

export interface TokenRow {
  token: string;
  username: string;
  /** Epoch milliseconds (UTC). */
  creation: number;
  expiration: number;
}

export interface VirtualStudyRow {
  id: string;
  owner: string;
  /** The VirtualStudyData object as stored. */
  data: Record<string, unknown>;
  published: boolean;
  created: number;
}

export interface StateSnapshot {
  /** Authorities of each enabled user. */
  authorities: ReadonlyMap<string, readonly string[]>;
  tokens: ReadonlyMap<string, TokenRow>;
  virtualStudies: ReadonlyMap<string, VirtualStudyRow>;
}

/** The state file of a study store file (':memory:' stays in memory). */
export const statePathOf = (storePath: string) => (storePath === ':memory:' ? ':memory:' : `${storePath}.state.duckdb`);

/**
 * A snapshot is kept under the version read before it was read: any write committed after that
 * read gives a version never seen before, so the next snapshot() reads the state again.
 */
export class StateStore {
  private cached?: { version: string; snapshot: Promise<StateSnapshot> };

  private constructor(
    readonly location: string,
    private readonly backend: StateBackend,
    /** 'lock-wait': an open found the state file locked by another process and will try again. */
    readonly events: EventEmitter,
  ) {}

  /** A state file (or ':memory:'), or a postgresql:// URL; StateStoreUnavailable when PostgreSQL cannot be reached. */
  static async open(location: string): Promise<StateStore> {
    const events = new EventEmitter();
    const backend = isPostgresUrl(location)
      ? await (await import('./postgres-backend.js')).PostgresBackend.open(location)
      : await FileBackend.open(location, () => events.emit('lock-wait'));
    return new StateStore(location, backend, events);
  }

  /** The current state; the same object until something writes. */
  async snapshot(): Promise<StateSnapshot> {
    const version = await this.backend.version();
    if (this.cached?.version !== version) {
      const snapshot = this.backend.read(readSnapshot);
      this.cached = { version, snapshot };
      snapshot.catch(() => {
        if (this.cached?.snapshot === snapshot) this.cached = undefined;
      });
    }
    return this.cached.snapshot;
  }

  /** Runs `work` on the state as it is now (a fresh read, not the snapshot). */
  read<T>(work: (db: StateDb) => Promise<T>): Promise<T> {
    return this.backend.read(work);
  }

  /**
   * Runs `work` in one transaction, which also bumps the generation. `work` uses only the `db`
   * given: the store's turn in this process is held until it ends.
   */
  write<T>(work: (db: StateDb) => Promise<T>): Promise<T> {
    return this.backend.write(work);
  }

  close(): Promise<void> {
    return this.backend.close();
  }
}

async function readSnapshot(db: StateDb): Promise<StateSnapshot> {
  const authorities = new Map<string, string[]>();
  const grants = await db.all<{ email: string; authority: string }>(sql`
    SELECT a.email, a.authority FROM authorities a LEFT JOIN users u USING (email)
    WHERE coalesce(u.enabled, true) ORDER BY a.email, a.authority`);
  for (const { email, authority } of grants) authorities.set(email, [...(authorities.get(email) ?? []), authority]);
  const tokens = await db.all<TokenRow>(sql`
    SELECT token, username, ${epochMsOf('creation')} AS creation, ${epochMsOf('expiration')} AS expiration FROM data_access_tokens`);
  const studies = await db.all<{ id: string; owner: string; data: string; published: boolean; created: number }>(sql`
    SELECT id, owner, data, published, ${epochMsOf('created')} AS created FROM virtual_study ORDER BY created, id`);
  return {
    authorities,
    tokens: new Map(tokens.map((t) => [t.token, t])),
    virtualStudies: new Map(studies.map((v) => [v.id, { ...v, data: JSON.parse(v.data) as Record<string, unknown> }])),
  };
}
