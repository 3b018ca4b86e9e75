import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownPrefix, removeDeadProcessesFiles } from './dead-process-files.js';

describe('removeDeadProcessesFiles', () => {
  it('removes the files and folders of processes that ended, not those of running ones nor other names', () => {
    const deadPid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const deadFolder = join(tmpdir(), `duckportal-sweep-test-${deadPid}-abc`);
    const deadFile = join(tmpdir(), `duckportal-sweep-test-${deadPid}-x.duckdb`);
    const living = `${ownPrefix('duckportal-sweep-test-')}def`;
    const other = join(tmpdir(), 'duckportal-sweep-test-notapid');
    mkdirSync(deadFolder);
    writeFileSync(join(deadFolder, 'rows.tsv'), 'a\n');
    for (const file of [deadFile, living, other]) writeFileSync(file, '');
    removeDeadProcessesFiles('duckportal-sweep-test-');
    expect([deadFolder, deadFile, living, other].map(existsSync)).toEqual([false, false, true, true]);
    for (const file of [living, other]) rmSync(file);
  });
});
