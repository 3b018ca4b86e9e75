// What passes from one store generation's resident state to the next: the decision (which studies
// are unchanged, which entries survive), and the lookups and answers taken over by it.
import { describe, expect, it } from 'vitest';
import { CohortCache } from '../engine/filter/cohort-cache.js';
import { compileCohort } from '../engine/filter/compile.js';
import { Db } from '../engine/sql/db.js';
import { sql } from '../engine/sql/sql.js';
import type { StoreStamps } from '../engine/sql/study-stamps.js';
import { ProfileMatrices } from '../engine/resident/profile-matrix.js';
import type { StatsPool } from '../engine/stats/pool/pool.js';
import { carries, changedStudies, deletedStudies, unchangedStudies } from './carry-over.js';

const stamps = (studies: Record<string, string | undefined>, reference = 'genes 1'): StoreStamps => ({ studies: new Map(Object.entries(studies)), reference });

describe('the carry-over decision', () => {
  const before = stamps({ a: '1 x', b: '2 y', c: '3 z', old: undefined });

  it('keeps the studies with the same key and load stamp, and none when the reference data changed', () => {
    const after = stamps({ a: '1 x2', b: '2 y', d: '3 w', old: undefined });
    expect([...unchangedStudies(before, after)]).toEqual(['b']);
    expect(changedStudies(before, after)).toEqual(['a', 'd', 'old']);
    expect(deletedStudies(before, after)).toEqual(['c']);
    expect([...unchangedStudies(before, stamps({ a: '1 x', b: '2 y' }, 'genes 2'))]).toEqual([]);
    // A study deleted and loaded again gets a new stamp (and maybe a new key).
    expect([...unchangedStudies(before, stamps({ b: '2 y', c: '4 z2' }))]).toEqual(['b']);
  });

  it('carries an entry only when every study it depends on is unchanged; an entry of the whole store never', () => {
    const unchanged = new Set(['b', 'e']);
    expect(carries(['b'], unchanged)).toBe(true);
    expect(carries(['b', 'e'], unchanged)).toBe(true);
    expect(carries(['b', 'a'], unchanged)).toBe(false);
    expect(carries(['unknown'], unchanged)).toBe(false);
    expect(carries(undefined, unchanged)).toBe(false);
    expect(carries(undefined, new Set())).toBe(false);
  });
});

describe('ProfileMatrices.carryFrom', () => {
  const stats = { run: async () => undefined, close: async () => {} } as unknown as StatsPool;

  it('takes over the lookups read whole from unchanged studies, and counts what each generation read', async () => {
    const db = await Db.open(':memory:', { schema: '' });
    try {
      const earlier = new ProfileMatrices(db, stats, { profileStudies: new Map([[7, 'b']]) });
      const later = new ProfileMatrices(db, stats, { profileStudies: new Map([[7, 'b']]) });
      let reads = 0;
      const read = (value: string) => async () => (reads++, value);
      await earlier.keep('of b', read('b1'), () => 10, earlier.dependsOnProfile(7));
      await earlier.keep('of a and b', read('ab1'), () => 10, ['a', 'b']);
      await earlier.keep('of the store', read('s1'), () => 10);
      void earlier.keep('still read', () => new Promise(() => {}), () => 10, ['b']);
      expect(earlier.buildCounts()).toEqual({ wholeStore: 1, byStudy: { a: 1, b: 3 }, carried: 0 });

      expect(later.carryFrom(earlier, (dependsOn) => carries(dependsOn, new Set(['b'])))).toBe(1);
      expect(later.keys()).toEqual(['of b']);
      expect(await later.keep('of b', read('b2'), () => 10, ['b'])).toBe('b1');
      expect(await later.keep('of a and b', read('ab2'), () => 10, ['a', 'b'])).toBe('ab2');
      expect(reads).toBe(4);
      expect(later.buildCounts()).toEqual({ wholeStore: 0, byStudy: { a: 1, b: 1 }, carried: 1 });
      // Nothing is carried twice, nor over an entry the later generation has.
      expect(later.carryFrom(earlier, () => true)).toBe(1);
      expect(later.keys().sort()).toEqual(['of a and b', 'of b', 'of the store']);
    } finally {
      db.close();
    }
  });

  it('keeps what it takes over within its own budget, least recently used dropped first', async () => {
    const db = await Db.open(':memory:', { schema: '' });
    try {
      const earlier = new ProfileMatrices(db, stats, { budget: 100 });
      const later = new ProfileMatrices(db, stats, { budget: 25 });
      for (const key of ['oldest', 'older', 'newest']) await earlier.keep(key, async () => key, () => 10, ['b']);
      expect(later.carryFrom(earlier, () => true)).toBe(3);
      expect(later.keys()).toEqual(['older', 'newest']);
      expect(later.usage()).toEqual({ entries: 2, bytes: 20 });
    } finally {
      db.close();
    }
  });
});

describe('CohortCache.carryFrom', () => {
  it("copies the cohorts of unchanged studies into the next generation's scratch database, under the same names", async () => {
    const open = async () => {
      const db = await Db.open(':memory:');
      await db.exec(`
        INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 'a', 'x', 'A', now()), (2, 'b', 'x', 'B', now());
        INSERT INTO patient VALUES (1, 1, 'p1'), (2, 2, 'p2');
        INSERT INTO sample VALUES (1, 1, 1, 's1', 'Primary Solid Tumor'), (2, 2, 2, 's2', 'Primary Solid Tumor'), (3, 2, 2, 's3', 'Metastatic');`);
      return { db, cache: await CohortCache.open(db) };
    };
    const earlier = await open();
    const later = await open();
    try {
      const of = (studyId: string, ...sampleIds: string[]) => compileCohort({ sampleIdentifiers: sampleIds.map((sampleId) => ({ studyId, sampleId })) });
      const b = await earlier.cache.resolve(of('b', 's3'));
      const a = await earlier.cache.resolve(of('a', 's1'));
      expect([b.dependsOn, a.dependsOn]).toEqual([['b'], ['a']]);
      await earlier.cache.resolve(sql`SELECT sample_key FROM sample WHERE sample_key = 2`); // of the whole store
      expect(await later.cache.carryFrom(earlier.cache, (dependsOn) => carries(dependsOn, new Set(['b'])))).toBe(1);
      expect(later.cache.carried).toBe(1);
      // The carried cohort is read from the same table name, holding the same samples; the others are made anew.
      expect((await later.cache.resolve(of('b', 's3'))).text).toBe(b.text);
      expect(await later.db.all(sql`SELECT sample_key FROM (${b})`)).toEqual([{ sample_key: 3 }]);
      expect((await later.cache.resolve(of('a', 's1'))).text).not.toBe(a.text);
      expect(later.cache.size).toBe(2);
      // A cohort computed in memory passes with its keys; its table is written in the next generation when first read.
      await earlier.cache.resolve(of('b', 's2'), async () => ({ keys: Int32Array.of(2) }));
      expect(await later.cache.carryFrom(earlier.cache, (dependsOn) => carries(dependsOn, new Set(['b'])))).toBe(1);
      const carried = await later.cache.resolve(of('b', 's2'), () => Promise.reject(new Error('computed again')));
      expect([...carried.sampleKeys!]).toEqual([2]);
      expect(await later.db.all(sql`SELECT sample_key FROM (${carried})`)).toEqual([{ sample_key: 2 }]);
    } finally {
      for (const { db, cache } of [earlier, later]) {
        await cache.close();
        db.close();
      }
    }
  });
});
