import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Busy } from '../errors.js';
import { Db } from './db.js';
import { sql } from './sql.js';

describe('Db', () => {
  it('runs the queries of a read-only store concurrently: a quick one does not wait for a slow one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'duckportal-db-'));
    const path = join(dir, 'store.duckdb');
    (await Db.open(path)).close();
    const db = await Db.open(path, { readOnly: true });
    const finished: string[] = [];
    const slow = db.all(sql`SELECT sum(hash(i)) AS s FROM range(100000000) t(i)`).then(() => finished.push('slow'));
    const quick = db.all(sql`SELECT count(*) AS n FROM type_of_cancer`).then(() => finished.push('quick'));
    await Promise.all([slow, quick]);
    expect(finished).toEqual(['quick', 'slow']);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs at most a few queries at once (streams too); the others wait, and a check never waits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'duckportal-db-'));
    const path = join(dir, 'store.duckdb');
    (await Db.open(path)).close();
    const db = await Db.open(path, { readOnly: true });
    const finished: string[] = [];
    // Six slow queries and a stream, more than the slots: all finish, in turn.
    const slow = Array.from({ length: 6 }, (_, i) => db.all(sql`SELECT sum(hash(i + ${i})) AS s FROM range(30000000) t(i)`).then(() => finished.push(`slow${i}`)));
    const streamed = (async () => {
      let n = 0;
      for await (const rows of db.stream<{ i: number }>(sql`SELECT i FROM range(5000) t(i)`)) n += rows.length;
      finished.push(`stream ${n}`);
    })();
    const check = db.succeeds(sql`SELECT 42 AS n`).then((ok) => finished.push(`check ${ok}`));
    await Promise.all([...slow, streamed, check]);
    expect(finished[0]).toBe('check true');
    expect(finished).toHaveLength(8);
    expect(finished).toContain('stream 5000');
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a query that waited beyond the limit for its turn with Busy; a stream its consumer holds keeps no turn', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'duckportal-db-'));
    const path = join(dir, 'store.duckdb');
    (await Db.open(path)).close();
    const db = await Db.open(path, { readOnly: true, turns: { maxRunning: 1, maxWaitMs: 100, maxWaiting: 10 } });
    // A stream read one chunk and then left waiting, as for a client that stopped reading.
    const stream = db.stream<{ i: number }>(sql`SELECT i FROM range(100000) t(i)`);
    expect((await stream.next()).value).toHaveLength(2048);
    expect(await db.all(sql`SELECT 42 AS n`)).toEqual([{ n: 42 }]);
    // A slow query holds the one turn: the next waits 100 ms, then is refused.
    const slow = db.all(sql`SELECT sum(hash(i)) AS s FROM range(300000000) t(i)`);
    const refused = await db.all(sql`SELECT 1 AS n`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Busy);
    expect((refused as Busy).message).toMatch(/^The server is busy: all 1 turns for queries are taken and none came free within 0.1 s/);
    await slow;
    let rows = 2048;
    for await (const chunk of { [Symbol.asyncIterator]: () => stream }) rows += chunk.length;
    expect(rows).toBe(100000);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('checks a statement: true when it runs, false when it fails; repeated, and with parameters', async () => {
    const db = await Db.open(':memory:');
    expect(await db.succeeds(sql`SELECT 1 AS n`)).toBe(true);
    expect(await db.succeeds(sql`SELECT 1 AS n`)).toBe(true);
    expect(await db.succeeds(sql`SELECT CASE WHEN ${2} > 1 THEN 1 ELSE error('no') END`)).toBe(true);
    expect(await db.succeeds(sql`SELECT CASE WHEN ${0} > 1 THEN 1 ELSE error('no') END`)).toBe(false);
    expect(await db.succeeds(sql`SELECT * FROM no_such_table`)).toBe(false);
    // Concurrent checks of one statement share a run.
    const [a, b] = [db.succeeds(sql`SELECT 2 AS n`), db.succeeds(sql`SELECT 2 AS n`)];
    expect(a).toBe(b);
    expect(await a).toBe(true);
    db.close();
  });

  it('reads DOUBLE columns as typed arrays, chunk by chunk (NULL → NaN)', async () => {
    const db = await Db.open(':memory:');
    const chunks = [];
    for await (const columns of db.numericChunks(sql`
      SELECT i::DOUBLE AS k, CASE WHEN i % 2 = 0 THEN i / 2 END::DOUBLE AS half FROM range(3000) t(i) ORDER BY i`)) chunks.push(columns);
    expect(chunks.length).toBeGreaterThan(1); // DuckDB chunks hold 2048 rows
    const [k, half] = chunks[0];
    expect(Array.from(k.subarray(0, 4))).toEqual([0, 1, 2, 3]);
    expect(Array.from(half.subarray(0, 3))).toEqual([0, NaN, 1]);
    expect(chunks.reduce((n, c) => n + c[0].length, 0)).toBe(3000);
    await expect(db.numericChunks(sql`SELECT 1::INTEGER AS i`).next()).rejects.toThrow(/INTEGER where DOUBLE is expected/);
    db.close();
  });

  it('gathers DOUBLE columns whole across chunks, and gives empty columns for no row', async () => {
    const db = await Db.open(':memory:');
    const [k, twice] = await db.numericColumns(sql`SELECT i::DOUBLE, (2 * i)::DOUBLE FROM range(5000) t(i) ORDER BY i`);
    expect(k).toHaveLength(5000);
    expect([k[0], k[2048], k[4999], twice[4999]]).toEqual([0, 2048, 4999, 9998]);
    expect(await db.numericColumns(sql`SELECT 1::DOUBLE, 2::DOUBLE WHERE FALSE`)).toEqual([new Float64Array(0), new Float64Array(0)]);
    db.close();
  });

  it('marks exactly the NULL rows NaN, among runs of valid ones and at chunk ends', async () => {
    const db = await Db.open(':memory:');
    const nulls = [0, 7, 8, 17, 2047, 2048, 2050, 4999];
    const [i, x] = await db.numericColumns(sql`SELECT i::DOUBLE, CASE WHEN i NOT IN (SELECT unnest(${nulls}::INTEGER[])) THEN i END::DOUBLE FROM range(5000) t(i) ORDER BY i`);
    expect(Array.from(i).filter((_, r) => Number.isNaN(x[r]))).toEqual(nulls);
    expect(Array.from(i).every((v, r) => Number.isNaN(x[r]) || x[r] === v)).toBe(true);
    db.close();
  });

  it('streams DOUBLE columns chunk by chunk, NULL as NaN', async () => {
    const db = await Db.open(':memory:');
    const chunks = [];
    for await (const columns of db.numericStream(sql`SELECT i::DOUBLE, CASE WHEN i % 3 = 0 THEN i END::DOUBLE FROM range(5000) t(i)`)) chunks.push(columns);
    expect(chunks.length).toBeGreaterThan(1);
    const rows = chunks.flatMap(([i, third]) => Array.from(i, (v, r) => [v, third[r]]));
    expect(rows).toHaveLength(5000);
    expect(rows.filter(([, third]) => !Number.isNaN(third)).every(([i, third]) => i === third && i % 3 === 0)).toBe(true);
    await expect(db.numericStream(sql`SELECT 1::INTEGER AS i`).next()).rejects.toThrow(/INTEGER where DOUBLE is expected/);
    db.close();
  });
});
