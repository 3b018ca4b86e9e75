// Opening the state file safely from several places at once (engine/sql/file-turns.ts says how:
// every open takes a turn in this process, and waits while another process holds the file), and
// the mark file naming its last write.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Db } from '../sql/db.js';
import { openWhenUnlocked } from '../sql/file-turns.js';

/** How long an open waits for another process's lock on the file before giving up. */
const LOCK_WAIT_MS = 5_000;

/**
 * Opens the file, waiting while another process holds its lock (a write takes milliseconds);
 * `onWait` is told of each try that found it locked.
 */
export const openWaiting = (path: string, options: { readOnly: boolean; schema: string; onWait: () => void }): Promise<Db> =>
  openWhenUnlocked(path, { readOnly: options.readOnly, schema: options.schema }, { waitMs: LOCK_WAIT_MS, firstDelayMs: 5, maxDelayMs: 200, onWait: options.onWait });

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
