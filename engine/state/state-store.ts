// The state store: a small DuckDB file beside the study store (`<store>.state.duckdb`) holding
// what changes while the server runs (engine/state/schema.sql). The study store stays open
// read-only; this file is opened only for the moment of a read or a write, so that
// `duckportal users grant` and other servers on the same store can write it too. Readers get an
// in-memory snapshot, read again only when the state's mark says that something was written, so
// a request pays the read of a 50-byte file, not a database open.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { inTurn, openWaiting, readMark, writeMark } from './state-file.js';

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

/**
 * How a reader knows that the state changed, exactly. Every write bumps `generation` (schema.sql)
 * in its own transaction and, before it commits and while it holds the file's write lock, replaces
 * the mark (`<state file>.mark`) with that generation and a fresh random id. A snapshot is kept
 * under the mark read before it was read: any write committed after that read replaced the mark
 * with a value never seen before, so the next snapshot() reads the file again. (The file's size
 * and mtime, used before, stay the same across writes of the same pages within one clock tick:
 * a revoke could go unseen.) A write that fails after replacing the mark costs one extra read.
 */
export class StateStore {
  /** 'lock-wait': an open found the file locked by another process and will try again. */
  readonly events = new EventEmitter();
  private cached?: { mark: string; snapshot: Promise<StateSnapshot> };
  /** The mark of an in-memory store, which has no file beside it. */
  private memoryMark = '-';

  private constructor(
    readonly path: string,
    /** Kept open for ':memory:' only. */
    private readonly memory?: Db,
  ) {}

  static async open(path: string): Promise<StateStore> {
    const store = path === ':memory:' ? new StateStore(path, await Db.open(path, { schema: SCHEMA })) : new StateStore(path);
    await store.write(async () => undefined); // creates the file, its schema and its mark
    return store;
  }

  /** The current state; the same object until something writes the file. */
  snapshot(): Promise<StateSnapshot> {
    const mark = this.memory ? this.memoryMark : readMark(this.markPath);
    if (this.cached?.mark !== mark) {
      const snapshot = this.withDb(true, readSnapshot);
      this.cached = { mark, snapshot };
      snapshot.catch(() => {
        if (this.cached?.snapshot === snapshot) this.cached = undefined;
      });
    }
    return this.cached.snapshot;
  }

  /** Runs `work` on the file as it is now (a fresh read, not the snapshot). */
  read<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.withDb(true, work);
  }

  /**
   * Runs `work` in one transaction on the writable file, which also bumps the generation. `work`
   * uses only the `db` given: the store's turn in this process is held until it ends.
   */
  write<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.withDb(false, (db) =>
      db.transaction(async () => {
        const result = await work(db);
        const bumped = await db.one<{ generation: number }>(sql`UPDATE generation SET generation = generation + 1 RETURNING generation`);
        const mark = `${bumped?.generation} ${randomUUID()}`;
        if (this.memory) this.memoryMark = mark;
        else writeMark(this.markPath, mark);
        return result;
      }),
    );
  }

  close(): void {
    this.memory?.close();
  }

  private get markPath(): string {
    return `${this.path}.mark`;
  }

  /** One open of the file at a time in this process (state-file.ts says why). */
  private withDb<T>(readOnly: boolean, work: (db: Db) => Promise<T>): Promise<T> {
    const memory = this.memory;
    if (memory) return inTurn(memory, () => work(memory));
    return inTurn(this.path, async () => {
      const db = await openWaiting(this.path, { readOnly, schema: SCHEMA, onWait: () => this.events.emit('lock-wait') });
      try {
        return await work(db);
      } finally {
        db.close();
      }
    });
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
