// Opening the state file safely from several places at once. Across processes DuckDB's file lock
// excludes a writer from everybody else, and an open that finds the file locked waits for it.
// Within one process that lock excludes nothing (it is a POSIX record lock, held per process), so
// two instances of one process on the file would each write their own view of it and one write
// would be lost: every open of a file takes a turn in this process first.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Db } from '../sql/db.js';

/** How long an open waits for another process's lock on the file before giving up. */
const LOCK_WAIT_MS = 5_000;

/** The last turn queued per file (its resolved path) or in-memory store; gone once it ends. */
const lastTurns = new Map<unknown, Promise<void>>();

/** Runs `work` when every earlier turn on `file` (a path, or an in-memory store) has ended. */
export async function inTurn<T>(file: string | object, work: () => Promise<T>): Promise<T> {
  const key = typeof file === 'string' ? resolve(file) : file;
  const previous = lastTurns.get(key);
  let end!: () => void;
  const turn = new Promise<void>((done) => (end = done));
  lastTurns.set(key, turn);
  try {
    await previous;
    return await work();
  } finally {
    end();
    if (lastTurns.get(key) === turn) lastTurns.delete(key);
  }
}

/**
 * Opens the file, waiting while another process holds its lock (a write takes milliseconds);
 * `onWait` is told of each open that found it locked.
 */
export async function openWaiting(path: string, options: { readOnly: boolean; schema: string; onWait: () => void }): Promise<Db> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
    try {
      return await Db.open(path, { readOnly: options.readOnly, schema: options.schema });
    } catch (error) {
      if (!/lock/i.test(String(error)) || Date.now() > deadline) throw error;
      options.onWait();
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The file naming the state's last write (see StateStore); '-' before any. */
export function readMark(markPath: string): string {
  try {
    return readFileSync(markPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '-';
    throw error;
  }
}

/** Replaces the mark whole (a rename), so that a reader never sees half of it. */
export function writeMark(markPath: string, mark: string): void {
  writeFileSync(`${markPath}.tmp`, mark);
  renameSync(`${markPath}.tmp`, markPath);
}
