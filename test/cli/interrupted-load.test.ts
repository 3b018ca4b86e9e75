// `duckportal load` end to end when it is interrupted (issue 21): a load killed (SIGKILL) at
// several points leaves the store as it was (it wrote a next generation beside it), the next load
// removes what it left and succeeds; a fatal DuckDB error in one study, or a closed stdout and
// stderr, do not stop the later studies of one command.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { storeFingerprint } from '../helpers/fingerprint.js';
import { studyDir, writeStudiesStore } from '../helpers/store.js';

const BIN = fileURLToPath(new URL('../../bin/duckportal.js', import.meta.url));
/** The study whose load is killed: the largest shared one (7 MB, 15 profiles). */
const LGG = 'lgg_ucsf_2014_test_generic_assay';

let dir: string;
/** A store holding the gene reference, the gene sets and study_hg38, closed cleanly. */
let basePath: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'duckportal-interrupted-'));
  basePath = join(dir, 'base.duckdb');
  await writeStudiesStore(['study_hg38'], basePath);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function storeCopy(name: string): string {
  const path = join(dir, name);
  copyFileSync(basePath, path);
  return path;
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function runCli(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

/** Kills the run with SIGKILL as soon as `when` holds (checked every 5 ms); fails if it ends first. */
async function killWhen(run: Run, when: () => boolean): Promise<void> {
  const timer = setInterval(() => {
    if (when()) {
      clearInterval(timer);
      run.child.kill('SIGKILL');
    }
  }, 5);
  const { signal } = await run.exited;
  clearInterval(timer);
  if (signal !== 'SIGKILL') throw new Error(`the load ended before it was killed:\n${run.output()}`);
}

async function fingerprint(path: string): Promise<Record<string, string>> {
  const db = await Db.open(path, { readOnly: true });
  try {
    return await storeFingerprint(db);
  } finally {
    db.close();
  }
}

async function studyIds(path: string): Promise<string[]> {
  const db = await Db.open(path, { readOnly: true });
  try {
    return (await db.all<{ study_id: string }>(sql`SELECT study_id FROM cancer_study ORDER BY study_key`)).map((r) => r.study_id);
  } finally {
    db.close();
  }
}

describe('a load killed mid-way', () => {
  it('leaves the served store untouched, and the next load removes what it left and succeeds', async () => {
    const path = storeCopy('killed.duckdb');
    // A load writes the next generation of the store beside it (engine/sql/store-writer.ts).
    const next = `${path}.next`;
    const spill = `${next}.tmp`;
    const before = await fingerprint(path);
    const { size: sizeBefore, ino, mtimeMs } = statSync(path);
    const grown = () => existsSync(next) && statSync(next).size > sizeBefore;
    const checkUntouched = async (point: string) => {
      expect(statSync(path), point).toMatchObject({ size: sizeBefore, ino, mtimeMs });
      expect(await fingerprint(path), point).toEqual(before);
    };
    const load = (env: NodeJS.ProcessEnv = {}) => runCli(['load', studyDir(LGG), '--db', path], env);

    // 1. When the next generation first grows: the transaction writes its first blocks.
    let started = Date.now();
    let run = load();
    let firstGrowth = 0;
    await killWhen(run, () => grown() && (firstGrowth = Date.now() - started) > 0);
    expect(statSync(next).size).toBeGreaterThan(sizeBefore);
    await checkUntouched('killed at its first write');

    // 2. At a random moment before any write: starting up, copying, reading files, inserting in memory.
    const delay = firstGrowth * (0.3 + 0.6 * Math.random());
    started = Date.now();
    run = load();
    await killWhen(run, () => Date.now() - started >= delay || grown());
    await checkUntouched(`killed after ${Math.round(delay)} ms`);

    // 3. While it spills: 64 MB of memory make DuckDB write temporary blocks beside the next generation.
    run = load({ DUCKPORTAL_LOAD_MEMORY_LIMIT: '64MB' });
    await killWhen(run, () => existsSync(spill) && readdirSync(spill).length > 0);
    expect(existsSync(spill)).toBe(true);
    await checkUntouched('killed while spilling');

    // 4. While a file of rows waits to be inserted (loaders/store/bulk-writer.ts): it is beside the next generation.
    const rowFiles = `${next}.rows`;
    run = load();
    await killWhen(run, () => existsSync(rowFiles) && readdirSync(rowFiles).length > 0);
    await checkUntouched('killed with a file of rows');

    // The next load succeeds, and what the killed ones left is gone.
    run = load();
    const { code } = await run.exited;
    expect(code, run.output()).toBe(0);
    expect(run.output()).toContain(`${LGG}: 61 samples, 23 patients, 15 profiles`);
    expect(await studyIds(path)).toEqual(['study_hg38', LGG]);
    expect(readdirSync(dir).filter((f) => f.startsWith('killed.duckdb.next'))).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.startsWith('killed.duckdb.'))).toEqual(['killed.duckdb.writer']);
  }, 180_000);
});

describe('a study whose failure invalidates the store', () => {
  it('does not stop the next ones: the store is opened again', async () => {
    // With 64 MB DuckDB runs out of memory as lgg's commit checkpoints: a fatal error, after which
    // the open database refuses every statement.
    const path = storeCopy('invalidated.duckdb');
    const run = runCli(['load', studyDir(LGG), studyDir('ascn-test-study'), '--db', path], { DUCKPORTAL_LOAD_MEMORY_LIMIT: '64MB' });
    const { code } = await run.exited;
    expect(run.output()).toMatch(new RegExp(`error: .*${LGG}: .*database has been invalidated.* — nothing of this study was written`, 's'));
    expect(run.output()).toContain('ascn_test_study: 6 samples, 1 patients, 2 profiles');
    expect(code).toBe(1);
    expect(await studyIds(path)).toEqual(['study_hg38', 'ascn_test_study']);
  }, 120_000);
});

describe('a closed stdout and stderr', () => {
  it('do not stop the load: every study given is loaded, exit code 0', async () => {
    const path = storeCopy('closed-output.duckdb');
    const run = runCli(['load', studyDir('ascn-test-study'), studyDir('genepanel_test_study'), studyDir('study_es_0'), '--db', path]);
    // `duckportal load a b c | head` once head has gone: writes fail with EPIPE.
    run.child.stdout?.destroy();
    run.child.stderr?.destroy();
    const { code, signal } = await run.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(await studyIds(path)).toEqual(['study_hg38', 'ascn_test_study', 'teststudy_genepanels', 'study_es_0']);
  }, 120_000);
});
