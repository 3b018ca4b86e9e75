// Resident profile matrices over a tiny cells table: the dense layout, what is derived from it,
// and the memory budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { TASKS, type TaskName } from '../stats/pool/tasks.js';
import { columnsOf, ProfileMatrices } from './profile-matrix.js';

/** The pool's tasks run inline, counted. */
const calls: string[] = [];
const inline: StatsPool = {
  run: async (task: TaskName, input: never) => {
    calls.push(task);
    return (TASKS[task] as (i: never) => unknown)(input) as never;
  },
  close: async () => {},
} as StatsPool;

describe('ProfileMatrices', () => {
  let db: Db;
  beforeAll(async () => {
    db = await Db.open(':memory:', { schema: 'CREATE TABLE cells (profile INTEGER, entity INTEGER, sample_key INTEGER, x DOUBLE)' });
    // Profile 1: entities 30 and 10 over samples 7, 5, 9 (entity 30 lacks sample 9; one NULL).
    await db.run(sql`INSERT INTO cells VALUES
      (1, 30, 7, 2.0), (1, 30, 5, 1.0), (1, 10, 5, 4.0), (1, 10, 7, NULL), (1, 10, 9, 8.0),
      (2, 1, 1, 1.0), (2, 1, 2, 2.0), (3, 1, 1, 3.0), (3, 1, 2, 4.0),
      (4, 1, 1, -2.0), (4, 1, 2, -1.0), (4, 1, 3, 3.0)`);
  });
  afterAll(() => db.close());
  const cells = (profile: number) => sql`SELECT entity, sample_key, x FROM cells WHERE profile = ${profile}`;

  it('reads a profile into a dense matrix: entities and samples ascending, NaN where no number', async () => {
    const m = await new ProfileMatrices(db, inline).get('p1', cells(1)).matrix;
    expect(Array.from(m.entities)).toEqual([10, 30]);
    expect(Array.from(m.samples)).toEqual([5, 7, 9]);
    expect(Array.from(m.values)).toEqual([4, NaN, 8, 1, 2, NaN]);
    expect(Array.from(m.missing)).toEqual([1, 1]);
    expect(m.values.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(columnsOf(m, [9, 6, 5]))).toEqual([2, -1, 0]);
  });

  it('derives log2 values and ranks once per profile', async () => {
    const matrices = new ProfileMatrices(db, inline);
    const profile = matrices.get('p2', cells(2));
    calls.length = 0;
    expect(Array.from(await profile.log2())).toEqual([1, Math.log2(3)]);
    await profile.log2();
    expect(Array.from((await matrices.get('p2', cells(2)).ranks()).ranks)).toEqual([0, 2]);
    expect(calls).toEqual(['log2MatrixRows', 'rankMatrixRows']);
    let computed = 0;
    const twice = await Promise.all([1, 2].map(() => profile.derive('n', async (m) => (computed++, m.entities.length))));
    expect([twice, computed]).toEqual([[1, 1], 1]);
  });

  it('keeps a profile read log2 only transformed, ranked before (its negative numbers stay apart)', async () => {
    const profile = new ProfileMatrices(db, inline).get('p4', cells(4), { log2: true });
    expect(Array.from((await profile.matrix).values)).toEqual([0, 0, 2]);
    expect(await profile.log2()).toBe((await profile.matrix).values);
    expect(Array.from((await profile.ranks()).ranks)).toEqual([0, 2, 4]);
  });

  it('keeps profiles within its budget, the least recently used dropped first', async () => {
    // Each matrix here is 2 cells (16 bytes) and 1 missing flag: 17 bytes.
    const matrices = new ProfileMatrices(db, inline, { budget: 40 });
    await matrices.get('p2', cells(2)).matrix;
    await matrices.get('p3', cells(3)).matrix;
    expect(matrices.keys()).toEqual(['p2', 'p3']);
    await matrices.get('p2', cells(2)).log2(); // 16 bytes more: p3, the least recently used, goes
    expect(matrices.keys()).toEqual(['p2']);
    const alone = new ProfileMatrices(db, inline, { budget: 10 });
    const over = alone.get('p2', cells(2));
    expect(Array.from((await over.matrix).values)).toEqual([1, 2]); // still read for its request
    expect(alone.keys()).toEqual([]);
  });

  it('derives a value from a list object once per kind, again after a failure, and drops it when cleared', async () => {
    const matrices = new ProfileMatrices(db, inline);
    const list = [1, 2, 3];
    let builds = 0;
    const sum = () => matrices.forList('sum', list, async () => (builds++, list.reduce((a, b) => a + b)));
    expect([await sum(), await sum()]).toEqual([6, 6]);
    expect(await matrices.forList('sum', [1, 2, 3], async () => (builds++, -1))).toBe(-1);
    expect(await matrices.forList('count', list, async () => (builds++, list.length))).toBe(3);
    expect(builds).toBe(3);
    await expect(matrices.forList('failing', list, async () => { throw new Error('read failed'); })).rejects.toThrow('read failed');
    expect(await matrices.forList('failing', list, async () => 'read')).toBe('read');
    matrices.clear();
    expect(await sum()).toBe(6);
    expect(builds).toBe(4);
  });

  it('keeps other values read once under their own keys, within the same budget', async () => {
    const matrices = new ProfileMatrices(db, inline, { budget: 40 });
    let reads = 0;
    const read = async () => (reads++, 'value');
    expect(await Promise.all([matrices.keep('v', read, () => 30), matrices.keep('v', read, () => 30)])).toEqual(['value', 'value']);
    expect(reads).toBe(1);
    await matrices.get('p2', cells(2)).matrix; // 17 bytes more: over budget, so 'v' (least recently used) goes
    expect(matrices.keys()).toEqual(['p2']);
    await matrices.keep('v', read, () => 30);
    expect(reads).toBe(2);
  });
});
