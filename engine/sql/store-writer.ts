// Writing a store that servers may be reading: every change is made to the next generation of the
// file, a copy beside it (`<store>.next`), and published by renaming that copy over the store. A
// rename replaces the directory entry at once: a server that opened the store before keeps reading
// the file it opened (its inode), and opens the new one when it notices the change
// (the server's live store). Nothing writes the served file itself, so a failed or killed write
// changes nothing that is served; what it leaves (`<store>.next`, its log, spill and row files) is
// removed by the next writer. One writer at a time per store: a second waits for the first.
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { Db } from './db.js';
import { openWhenUnlocked, takeTurn } from './file-turns.js';
import { tidyAfterKilledWriter } from './killed-writer.js';

/** The next generation of the store at `path`, written before it is published. */
export const nextGenerationOf = (path: string) => `${path}.next`;

/**
 * Where a writer of the store at `path` keeps its temporary files of rows (loaders/store/bulk-writer.ts):
 * beside the store, so that what a killed writer left goes with the rest of its generation.
 */
export const rowFilesFolderOf = (path: string) => `${path}.rows`;

/** The file whose lock (DuckDB's, held per process and dropped by the system when the process dies) makes writers take turns. */
const writerLockOf = (path: string) => `${path}.writer`;

/** DuckDB's memory limit at least, while a generation is checkpointed before it is published. */
const CHECKPOINT_MEMORY_BYTES = 512 * 2 ** 20;

/** How long a writer waits for another one to finish before it gives up. */
const WRITER_WAIT_MS = 30 * 60_000;

export interface StoreWriter {
  /** The next generation, open for writing. */
  readonly db: Db;
  /** Makes what was written the store that is served, and ends the writer. */
  publish(): Promise<void>;
  /** Drops what was written (the served store stays as it was) and ends the writer. */
  abandon(): void;
}

/**
 * Opens the next generation of the store at `path` for writing: a copy of the store (or a new
 * store if there is none yet). `memoryLimit`: DuckDB's while writing. `onWait` is told once when
 * another writer holds the store.
 */
export async function openStoreWriter(path: string, options: { memoryLimit?: string; onWait?: () => void } = {}): Promise<StoreWriter> {
  if (path === ':memory:') throw new Error('an in-memory store has no generations to publish');
  // Within this process, writers of one store take turns (a process's own lock excludes nothing of its own).
  const endTurn = await takeTurn(path);
  let lock: Db | undefined;
  try {
    lock = await takeWriterLock(path, options.onWait);
    const next = nextGenerationOf(path);
    removeGeneration(next);
    if (existsSync(path)) {
      copyFileSync(path, next);
      // A store written in place by an earlier version may hold committed changes in its log still.
      if (existsSync(`${path}.wal`)) copyFileSync(`${path}.wal`, `${next}.wal`);
    }
    const db = await Db.open(next, { memoryLimit: options.memoryLimit });
    try {
      await tidyAfterKilledWriter(db, next);
    } catch (error) {
      db.close();
      throw error;
    }
    const held = lock;
    let ended = false;
    const end = () => {
      ended = true;
      held.close();
      endTurn();
    };
    return {
      db,
      async publish() {
        if (ended) throw new Error('this store writer has ended');
        try {
          // Everything in the file itself: the log would not follow the rename. A checkpoint pins
          // blocks of every table it rewrites at once (~64 MB for the gene reference alone), and
          // fails fatally below that whatever the load did: it gets at least CHECKPOINT_MEMORY_BYTES.
          if (bytesOf(options.memoryLimit) < CHECKPOINT_MEMORY_BYTES) await db.exec(`SET memory_limit = '${CHECKPOINT_MEMORY_BYTES}B'`);
          await db.exec('CHECKPOINT');
          db.close();
          renameSync(next, path);
          removeGeneration(next); // what is left of it: its log (empty after the checkpoint), its empty folder of row files
          // An earlier version's log of the store, copied into this generation above, is stale now.
          rmSync(`${path}.wal`, { force: true });
        } catch (error) {
          db.close();
          removeGeneration(next);
          throw error;
        } finally {
          end();
        }
      },
      abandon() {
        if (ended) return;
        db.close();
        removeGeneration(next);
        end();
      },
    };
  } catch (error) {
    lock?.close();
    endTurn();
    throw error;
  }
}

/** Runs `work` on the next generation of the store and publishes it; a failure publishes nothing. */
export async function withStoreWriter<T>(path: string, options: { memoryLimit?: string; onWait?: () => void }, work: (db: Db) => Promise<T>): Promise<T> {
  const writer = await openStoreWriter(path, options);
  let result: T;
  try {
    result = await work(writer.db);
  } catch (error) {
    writer.abandon();
    throw error;
  }
  await writer.publish();
  return result;
}

const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40 };

/** The bytes of a DuckDB memory setting such as '64MB' or '2GiB'; Infinity if none or not understood (DuckDB's default is most of the machine). */
function bytesOf(setting: string | undefined): number {
  const m = setting?.trim().match(/^(\d+(?:\.\d+)?)\s*([kmgt]i?b|b)?$/i);
  return m ? Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()] : Infinity;
}

function removeGeneration(file: string): void {
  for (const f of [file, `${file}.wal`, `${file}.tmp`, rowFilesFolderOf(file)]) rmSync(f, { recursive: true, force: true });
}

/** Opens the writer lock file for writing, waiting while another process holds it; `onWait` is told once. */
function takeWriterLock(path: string, onWait?: () => void): Promise<Db> {
  let told = false;
  const once = () => {
    if (!told) onWait?.();
    told = true;
  };
  return openWhenUnlocked(writerLockOf(path), { schema: '' }, { waitMs: WRITER_WAIT_MS, firstDelayMs: 20, maxDelayMs: 500, onWait: once });
}
