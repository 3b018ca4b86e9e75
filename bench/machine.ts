// The machine and code a benchmark ran on, so that a figure can be reproduced and compared:
// CPU, memory, Node and DuckDB versions, the git commit and whether the work tree had changes.
import { execFileSync } from 'node:child_process';
import { cpus, release, totalmem, type } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Db } from '../engine/sql/db.js';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  duckdb: string;
  commit: string;
  /** Uncommitted or untracked files in the work tree: the figures may not be the commit's. */
  dirty: boolean;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

export async function describeMachine(): Promise<Machine> {
  const db = await Db.open(':memory:');
  let duckdb: string;
  try {
    duckdb = String((await db.connection.runAndReadAll('SELECT version() AS v')).getRowObjectsJS()[0].v);
  } finally {
    db.close();
  }
  let commit = 'unknown';
  let dirty = false;
  try {
    commit = git('rev-parse', 'HEAD');
    // Earlier reports in bench/results do not make the code dirty.
    dirty = git('status', '--porcelain', '--', '.', ':!bench/results') !== '';
  } catch {
    // not a git work tree (e.g. an unpacked tarball): the report says "unknown"
  }
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${type()} ${release()}`,
    node: process.version,
    duckdb,
    commit,
    dirty,
  };
}
