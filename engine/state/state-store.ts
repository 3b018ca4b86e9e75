// The state store: a small DuckDB file beside the study store (`<store>.state.duckdb`) holding
// what changes while the server runs (engine/state/schema.sql). The study store stays open
// read-only; this file is opened only for the moment of a read or a write, so that
// `duckportal users grant` and other servers on the same store can write it too. Readers get an
// in-memory snapshot, reloaded when the file changes (its size or mtime), so a request pays a
// stat, not a database open.
import { readFileSync, statSync } from 'node:fs';
import { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';

const SCHEMA = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');

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

/** How long an open waits for another process's lock on the file before giving up. */
const LOCK_WAIT_MS = 5_000;

export class StateStore {
  private cached?: { version: string; snapshot: Promise<StateSnapshot> };
  /** Bumped by every write of this process (an in-memory store has no file to stat). */
  private writes = 0;

  private constructor(
    readonly path: string,
    /** Kept open for ':memory:' only. */
    private readonly memory?: Db,
  ) {}

  static async open(path: string): Promise<StateStore> {
    if (path === ':memory:') return new StateStore(path, await Db.open(path, { schema: SCHEMA }));
    const store = new StateStore(path);
    await store.write(async () => undefined); // creates the file and its schema
    return store;
  }

  /** The current state; the same object until something writes the file. */
  snapshot(): Promise<StateSnapshot> {
    const version = this.version();
    if (this.cached?.version !== version) {
      const snapshot = this.withDb(true, readSnapshot);
      this.cached = { version, snapshot };
      snapshot.catch(() => (this.cached = undefined));
    }
    return this.cached.snapshot;
  }

  /** Runs `work` on the file as it is now (a fresh read, not the snapshot). */
  read<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.withDb(true, work);
  }

  /** Runs `work` in one transaction on the writable file. */
  async write<T>(work: (db: Db) => Promise<T>): Promise<T> {
    try {
      return await this.withDb(false, (db) => db.transaction(() => work(db)));
    } finally {
      this.writes++;
      this.cached = undefined;
    }
  }

  close(): void {
    this.memory?.close();
  }

  private version(): string {
    if (this.memory) return String(this.writes);
    const stat = (path: string) => {
      try {
        const s = statSync(path, { bigint: true });
        return `${s.size}/${s.mtimeNs}`;
      } catch {
        return '-';
      }
    };
    return `${this.writes}:${stat(this.path)}:${stat(`${this.path}.wal`)}`;
  }

  private async withDb<T>(readOnly: boolean, work: (db: Db) => Promise<T>): Promise<T> {
    if (this.memory) return work(this.memory);
    const db = await openWaiting(this.path, readOnly);
    try {
      return await work(db);
    } finally {
      db.close();
    }
  }
}

/** Opens the file, waiting while another process holds its lock (a write takes milliseconds). */
async function openWaiting(path: string, readOnly: boolean): Promise<Db> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
    try {
      return await Db.open(path, { readOnly, schema: SCHEMA });
    } catch (error) {
      if (!/lock/i.test(String(error)) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function readSnapshot(db: Db): Promise<StateSnapshot> {
  const authorities = new Map<string, string[]>();
  const grants = await db.all<{ email: string; authority: string }>(sql`
    SELECT a.email, a.authority FROM authorities a LEFT JOIN users u USING (email)
    WHERE coalesce(u.enabled, true) ORDER BY a.email, a.authority`);
  for (const { email, authority } of grants) authorities.set(email, [...(authorities.get(email) ?? []), authority]);
  const tokens = await db.all<TokenRow>(sql`
    SELECT token, username, epoch_ms(creation) AS creation, epoch_ms(expiration) AS expiration FROM data_access_tokens`);
  const studies = await db.all<{ id: string; owner: string; data: string; published: boolean; created: number }>(sql`
    SELECT id, owner, data, published, epoch_ms(created) AS created FROM virtual_study ORDER BY created, id`);
  return {
    authorities,
    tokens: new Map(tokens.map((t) => [t.token, t])),
    virtualStudies: new Map(studies.map((v) => [v.id, { ...v, data: JSON.parse(v.data) as Record<string, unknown> }])),
  };
}
