// Files a process keeps in the system's temporary folder under a name holding its pid
// (`<prefix><pid>-…`), and their removal once that process is gone: a process killed (kill -9,
// a crash) cannot remove its own.
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The start of this process's names under `prefix` (e.g. for mkdtemp). */
export const ownPrefix = (prefix: string): string => join(tmpdir(), `${prefix}${process.pid}-`);

/** Removes the files and folders under `prefix` of processes that are no longer running. */
export function removeDeadProcessesFiles(prefix: string): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = name.startsWith(prefix) ? Number(name.slice(prefix.length).split('-')[0]) : NaN;
    if (!Number.isInteger(pid) || pid <= 0 || isAlive(pid)) continue;
    try {
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
    } catch {
      // Not ours to remove (another user's, in a shared temporary folder): left as it is.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
