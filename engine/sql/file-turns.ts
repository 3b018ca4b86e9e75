// Opening a DuckDB file that other processes, and other tasks of this one, may hold. Across
// processes DuckDB's file lock excludes a writer from everybody else, and an open that finds the
// file locked waits and tries again. Within one process that lock excludes nothing (a POSIX record
// lock is held per process): two opens of one file in one process would each write their own view
// of it, and one write would be lost. So the tasks of a process take turns per file first.
import { resolve } from 'node:path';
import { Db } from './db.js';

/** The last turn queued per file (its resolved path) or in-memory store; gone once it ends. */
const lastTurns = new Map<unknown, Promise<void>>();

/** Waits until every earlier turn on `file` (a path, or an in-memory store) has ended; gives this turn's end. */
export async function takeTurn(file: string | object): Promise<() => void> {
  const key = typeof file === 'string' ? resolve(file) : file;
  const previous = lastTurns.get(key);
  let end!: () => void;
  const turn = new Promise<void>((done) => (end = done));
  lastTurns.set(key, turn);
  await previous;
  return () => {
    end();
    if (lastTurns.get(key) === turn) lastTurns.delete(key);
  };
}

/** Runs `work` in a turn on `file` (takeTurn). */
export async function inTurn<T>(file: string | object, work: () => Promise<T>): Promise<T> {
  const end = await takeTurn(file);
  try {
    return await work();
  } finally {
    end();
  }
}

/**
 * Opens the file at `path`, trying again while another process holds its lock, for at most
 * `waitMs`, after delays doubling from `firstDelayMs` up to `maxDelayMs`; `onWait` is told of each
 * try that found the file locked.
 */
export async function openWhenUnlocked(
  path: string, options: Parameters<typeof Db.open>[1], wait: { waitMs: number; firstDelayMs: number; maxDelayMs: number; onWait?: () => void },
): Promise<Db> {
  const deadline = Date.now() + wait.waitMs;
  for (let delay = wait.firstDelayMs; ; delay = Math.min(delay * 2, wait.maxDelayMs)) {
    try {
      return await Db.open(path, options);
    } catch (error) {
      if (!/lock/i.test(String(error)) || Date.now() > deadline) throw error;
      wait.onWait?.();
      await new Promise((done) => setTimeout(done, delay));
    }
  }
}
