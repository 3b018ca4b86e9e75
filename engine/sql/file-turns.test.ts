// A process's turns per DuckDB file, and the open that waits while another process holds its lock.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Db } from './db.js';
import { inTurn, openWhenUnlocked, takeTurn } from './file-turns.js';
import { sql } from './sql.js';

const dir = mkdtempSync(join(tmpdir(), 'file-turns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('takeTurn', () => {
  it('gives a file (however its path is written) to one task at a time, in the order asked', async () => {
    const file = join(dir, 'a.duckdb');
    const order: string[] = [];
    const endFirst = await takeTurn(file);
    const second = inTurn(relative(process.cwd(), file), async () => void order.push('second'));
    const third = inTurn(file, async () => void order.push('third'));
    const other = inTurn(join(dir, 'b.duckdb'), async () => void order.push('other file'));
    await other;
    await new Promise((done) => setTimeout(done, 20));
    expect(order).toEqual(['other file']);
    endFirst();
    await Promise.all([second, third]);
    expect(order).toEqual(['other file', 'second', 'third']);
  });

  it('ends a turn whose work failed', async () => {
    const file = join(dir, 'c.duckdb');
    await expect(inTurn(file, async () => { throw new Error('failed'); })).rejects.toThrow('failed');
    expect(await inTurn(file, async () => 'next')).toBe('next');
  });
});

describe('openWhenUnlocked', () => {
  it('tries again while another process holds the file, telling of each try that found it locked', async () => {
    const file = join(dir, 'held.duckdb');
    (await Db.open(file, { schema: '' })).close();
    const holder = spawn(process.execPath, ['--input-type=module', '-e', `
      import { DuckDBInstance } from '@duckdb/node-api';
      const instance = await DuckDBInstance.create(${JSON.stringify(file)});
      await instance.connect();
      console.log('held');
      setTimeout(() => {}, 60_000);`], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((held) => holder.stdout.once('data', () => held()));
    let waits = 0;
    const opened = openWhenUnlocked(file, { schema: '' }, { waitMs: 30_000, firstDelayMs: 5, maxDelayMs: 50, onWait: () => waits++ });
    await new Promise((done) => setTimeout(done, 300));
    expect(waits).toBeGreaterThan(0);
    holder.kill('SIGKILL');
    const db = await opened;
    expect(await db.one(sql`SELECT 1 AS one`)).toEqual({ one: 1 });
    db.close();
  });

  it('gives up at once on an error that is not a lock', async () => {
    await expect(openWhenUnlocked(join(dir, 'no-such-folder', 'x.duckdb'), { readOnly: true }, { waitMs: 10_000, firstDelayMs: 5, maxDelayMs: 50 })).rejects.toThrow();
  });
});
