// The state in a small DuckDB file beside the study store (`<store>.state.duckdb`), the default.
// The study store stays open read-only; this file is opened only for the moment of a read or a
// write, so that `duckportal users grant` and other servers on the same store can write it too.
// ':memory:' keeps one in-memory database open instead (tests, and buildApp without a state).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Db } from '../sql/db.js';
import { BUMP_GENERATION, type StateBackend, type StateDb } from './state-backend.js';
import { inTurn } from '../sql/file-turns.js';
import { openWaiting, readMark, writeMark } from './state-file.js';

const SCHEMA = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');

/**
 * How a reader knows that the state changed, exactly: every write, before it commits and while it
 * holds the file's write lock, replaces the mark (`<state file>.mark`) with the generation it bumped
 * and a fresh random id. A snapshot kept under the mark read before it was read is therefore never
 * kept past a later write. (The file's size and mtime, used before, stay the same across writes of
 * the same pages within one clock tick: a revoke could go unseen.) A write that fails after
 * replacing the mark costs one extra read.
 */
export class FileBackend implements StateBackend {
  /** The mark of an in-memory store, which has no file beside it. */
  private memoryMark = '-';

  private constructor(
    readonly path: string,
    private readonly onLockWait: () => void,
    /** Kept open for ':memory:' only. */
    private readonly memory?: Db,
  ) {}

  /** Opens the file (created with its schema if new); `onLockWait` is told of each open that found it locked by another process. */
  static async open(path: string, onLockWait: () => void): Promise<FileBackend> {
    const backend = new FileBackend(path, onLockWait, path === ':memory:' ? await Db.open(path, { schema: SCHEMA }) : undefined);
    await backend.write(async () => undefined); // creates the file, its schema and its mark
    return backend;
  }

  version(): string {
    return this.memory ? this.memoryMark : readMark(this.markPath);
  }

  read<T>(work: (db: StateDb) => Promise<T>): Promise<T> {
    return this.withDb(true, work);
  }

  write<T>(work: (db: StateDb) => Promise<T>): Promise<T> {
    return this.withDb(false, (db) =>
      db.transaction(async () => {
        const result = await work(db);
        const bumped = await db.one<{ generation: number }>(BUMP_GENERATION);
        const mark = `${bumped?.generation} ${randomUUID()}`;
        if (this.memory) this.memoryMark = mark;
        else writeMark(this.markPath, mark);
        return result;
      }),
    );
  }

  async close(): Promise<void> {
    this.memory?.close();
  }

  private get markPath(): string {
    return `${this.path}.mark`;
  }

  /** One open of the file at a time in this process (engine/sql/file-turns.ts says why). */
  private withDb<T>(readOnly: boolean, work: (db: Db) => Promise<T>): Promise<T> {
    const memory = this.memory;
    if (memory) return inTurn(memory, () => work(memory));
    return inTurn(this.path, async () => {
      const db = await openWaiting(this.path, { readOnly, schema: SCHEMA, onWait: this.onLockWait });
      try {
        return await work(db);
      } finally {
        db.close();
      }
    });
  }
}
