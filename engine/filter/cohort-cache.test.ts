import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { CohortCache } from './cohort-cache.js';
import { compileCohort, inCohort } from './compile.js';

let db: Db;
beforeAll(async () => {
  db = await Db.open(':memory:');
  await db.exec(`
    INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 'st1', 'x', 'S1', now());
    INSERT INTO patient VALUES (1, 1, 'p1');
    INSERT INTO sample VALUES (1, 1, 1, 's1', 'Primary Solid Tumor'), (2, 1, 1, 's2', 'Primary Solid Tumor'), (3, 1, 1, 's3', 'Metastatic');`);
});
afterAll(() => db.close());

const keys = async (cohort: ReturnType<typeof compileCohort>) =>
  (await db.all<{ k: number }>(sql`SELECT sample_key AS k FROM (${cohort}) ORDER BY 1`)).map((r) => r.k);
const identifiers = (...ids: string[]) => compileCohort({ sampleIdentifiers: ids.map((sampleId) => ({ studyId: 'st1', sampleId })) });
const tables = async () => (await db.all(sql`SELECT table_name FROM duckdb_tables() WHERE database_name = 'cohort_cache'`)).length;

describe('CohortCache', () => {
  it('materialises a cohort once and reads it back; whole studies pass through', async () => {
    const cache = await CohortCache.open(db);
    const first = await cache.resolve(identifiers('s3', 's1'));
    expect(first.text).toMatch(/FROM cohort_cache\.c1$/);
    expect(await keys(first)).toEqual([1, 3]);
    expect((await cache.resolve(identifiers('s3', 's1'))).text).toBe(first.text);
    expect(await keys(await cache.resolve(identifiers('s2')))).toEqual([2]);
    const whole = compileCohort({ studyIds: ['st1'] });
    expect(await cache.resolve(whole)).toBe(whole);
    expect(cache.size).toBe(2);
    expect(await tables()).toBe(2);
    await cache.close();
  });

  it('keeps the keys of a cohort computed in memory, and writes its table only when a statement first reads it', async () => {
    const cache = await CohortCache.open(db);
    let computed = 0;
    const resident = async () => (computed++, { keys: Int32Array.of(1, 3) });
    const cohort = await cache.resolve(identifiers('s3', 's1'), resident);
    expect([...cohort.sampleKeys!]).toEqual([1, 3]);
    expect(await tables()).toBe(0);
    const [a, b] = await Promise.all([keys(cohort), db.all(sql`SELECT count(*) AS n FROM sample s WHERE ${inCohort(cohort, 's')}`)]);
    expect(a).toEqual([1, 3]);
    expect(b).toEqual([{ n: 2 }]);
    expect(await tables()).toBe(1);
    // The same filter again: neither computed nor written again.
    expect(await keys(await cache.resolve(identifiers('s3', 's1'), resident))).toEqual([1, 3]);
    expect(computed).toBe(1);
    expect(await tables()).toBe(1);
    await cache.close();
  });

  it('marks a cohort holding every sample of its studies as whole studies', async () => {
    const cache = await CohortCache.open(db);
    const all = await cache.resolve(identifiers('s1', 's2', 's3'));
    expect(all.wholeStudies).toBeDefined();
    expect(inCohort(all, 'x').text).toMatch(/^x\.study_key IN \(SELECT unnest/);
    expect(await keys(all)).toEqual([1, 2, 3]);
    expect((await cache.resolve(identifiers('s1', 's2'))).wholeStudies).toBeUndefined();
    expect((await cache.resolve(identifiers('nope'))).wholeStudies).toBeUndefined();
    await cache.close();
  });

  it('drops the least recently used entries beyond its capacity, not within the grace time', async () => {
    const cache = await CohortCache.open(db, { capacity: 1, graceMs: 0 });
    await cache.resolve(identifiers('s1'));
    await cache.resolve(identifiers('s2'));
    expect(cache.size).toBe(1);
    expect(await tables()).toBe(1);
    await cache.close();
    const patient = await CohortCache.open(db, { capacity: 1, graceMs: 60_000 });
    await patient.resolve(identifiers('s1'));
    await patient.resolve(identifiers('s2'));
    expect(patient.size).toBe(2);
    await patient.close();
  });

  it('drops a table written from kept keys after its entry was dropped, once the grace time passed', async () => {
    const cache = await CohortCache.open(db, { capacity: 1, graceMs: 0 });
    const resident = (...k: number[]) => async () => ({ keys: Int32Array.from(k) });
    const late = await cache.resolve(identifiers('s1'), resident(1));
    await cache.resolve(identifiers('s2'), resident(2)); // drops s1's entry, whose table was never written
    expect(await tables()).toBe(0);
    // A request still holding s1's cohort reads it: its table is written, and the answer is right.
    expect(await keys(late)).toEqual([1]);
    expect(await tables()).toBe(1);
    await cache.resolve(identifiers('s3'), resident(3));
    expect(await tables()).toBe(0);
    await cache.close();
  });

  it('removes the scratch files of processes that died without closing their cache, not the living ones', async () => {
    const deadPid = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const dead = join(tmpdir(), `duckportal-cohorts-${deadPid}-test.duckdb`);
    const living = join(tmpdir(), `duckportal-cohorts-${process.pid}-test.duckdb`);
    for (const file of [dead, `${dead}.wal`, living]) writeFileSync(file, '');
    const cache = await CohortCache.open(db);
    expect([existsSync(dead), existsSync(`${dead}.wal`), existsSync(living)]).toEqual([false, false, true]);
    rmSync(living);
    await cache.close();
  });
});
