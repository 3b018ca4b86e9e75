// Sample identifiers resolved in memory, against the SQL join they replace: the same sample keys
// for lists in key order, out of order, with repeats, unknown ids and malformed items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCohort } from '../filter/compile.js';
import type { SampleIdentifier } from '../filter/normalize.js';
import { Db } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { ProfileMatrices } from './profile-matrix.js';
import { resolveSampleIdentifiers } from './sample-identifiers.js';

let db: Db;
let matrices: ProfileMatrices;
/** Study a: samples a0 … a2999 (keys 1 … 3000); study b: b0 … b9 (keys 3001 … 3010), inserted out of order. */
const A = Array.from({ length: 3000 }, (_, i) => `a${i}`);
const B = Array.from({ length: 10 }, (_, i) => `b${i}`);

beforeAll(async () => {
  db = await Db.open(':memory:');
  await db.exec(`
    INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 'a', 'x', 'A', now()), (2, 'b', 'x', 'B', now());
    INSERT INTO patient VALUES (1, 1, 'pa'), (2, 2, 'pb');
    INSERT INTO sample SELECT 3001 + i, 2, 2, 'b' || i, 'Primary Solid Tumor' FROM range(10) t(i);
    INSERT INTO sample SELECT 1 + i, 1, 1, 'a' || i, 'Primary Solid Tumor' FROM range(3000) t(i);`);
  matrices = new ProfileMatrices(db, {} as StatsPool);
});
afterAll(() => db.close());

/** A cohort's keys as a set (the join repeats a sample listed twice; cohorts are materialised distinct). */
const keysOf = async (cohort: Fragment) => (await db.all<{ k: number }>(sql`SELECT DISTINCT sample_key AS k FROM (${cohort}) ORDER BY 1`)).map((r) => r.k);
const ids = (studyId: string, sampleIds: string[]): SampleIdentifier[] => sampleIds.map((sampleId) => ({ studyId, sampleId }));

/** The keys of the list resolved in memory, and by the join (compiled without resolving). */
async function bothWays(list: unknown[]): Promise<{ resolved: number[] | undefined; joined: number[] }> {
  const filter = { sampleIdentifiers: list as SampleIdentifier[] };
  const identifiers = await resolveSampleIdentifiers(db, matrices, list);
  return {
    resolved: identifiers && (await keysOf(compileCohort(filter, { identifiers }))),
    joined: await keysOf(compileCohort(filter)),
  };
}

describe('resolveSampleIdentifiers', () => {
  it('resolves whole studies, in key order, to one run each', async () => {
    const list = [...ids('a', A), ...ids('b', B)];
    const resolved = await resolveSampleIdentifiers(db, matrices, list);
    expect(resolved).toEqual({ studyIds: ['a', 'b'], firsts: [1], lasts: [3010] });
    const { resolved: keys, joined } = await bothWays(list);
    expect(keys).toEqual(joined);
    expect(joined).toHaveLength(3010);
  });

  it('agrees with the join on gaps, repeats, unknown ids and studies, and malformed items', async () => {
    const list: unknown[] = [
      ...ids('b', ['b9', 'b2', 'b3', 'b3', 'nope']),
      ...ids('a', A.filter((_, i) => i % 7 !== 3)),
      { studyId: 'c', sampleId: 'a5' }, null, 'a1', { studyId: 'a', sampleId: 5 }, [], { studyId: 'a' },
      ...ids('a', ['a3', 'a2999']),
    ];
    const resolved = await resolveSampleIdentifiers(db, matrices, list);
    expect(resolved?.studyIds).toEqual(['b', 'a', 'c']);
    const { resolved: keys, joined } = await bothWays(list);
    expect(keys).toEqual(joined);
    expect(joined).toContain(4);
    expect(joined).not.toContain(11);
  });

  it('leaves a list mostly out of key order to the join', async () => {
    const shuffled = ids('a', A.filter((_, i) => i % 2 === 0).reverse());
    expect(await resolveSampleIdentifiers(db, matrices, shuffled)).toBeUndefined();
    // Some of the samples, in key order, are looked up past the others.
    const some = ids('a', A.filter((_, i) => i % 3 !== 0));
    expect(await resolveSampleIdentifiers(db, matrices, some)).toBeDefined();
    expect((await bothWays(some)).resolved).toHaveLength(2000);
    // A few out of order are looked up.
    const few = ids('a', [...A.slice(0, 1500).reverse().slice(0, 900), ...A.slice(1500)]);
    const { resolved, joined } = await bothWays(few);
    expect(resolved).toEqual(joined);
  });

  it('resolves an empty list to no sample', async () => {
    const { resolved, joined } = await bothWays([]);
    expect(resolved).toEqual([]);
    expect(joined).toEqual([]);
  });
});
