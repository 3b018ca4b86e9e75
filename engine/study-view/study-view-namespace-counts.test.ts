// Namespace counts on a tiny store (study-view.md 4.25, 4.26): JSON null and the text "null" are no
// value; values are exact text (case-sensitive, numbers as JSON writes them); keys holding '/' or '~'
// are looked up literally. Worked out by hand from the rows below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { fetchNamespaceAttributeCounts, fetchNamespaceDataCounts } from './study-view-namespace-counts.js';

let db: Db;
beforeAll(async () => {
  db = await Db.open(':memory:');
  await db.exec(`
    INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 'st1', 'x', 'S1', now());
    INSERT INTO patient VALUES (1, 1, 'p1');
    INSERT INTO sample VALUES (1, 1, 1, 's1', 'Primary Solid Tumor'), (2, 1, 1, 's2', 'Primary Solid Tumor'), (3, 1, 1, 's3', 'Metastatic');
    INSERT INTO mutation (study_key, profile_key, sample_key, entrez_gene_id, namespace_columns) VALUES
      (1, 1, 1, 1, '{"A":{"x":"v","n":null}}'), (1, 1, 1, 2, '{"A":{"x":"v"}}'),
      (1, 1, 2, 1, '{"A":{"x":"null"}}'), (1, 1, 2, 2, '{"A":{"x":3.50}}'), (1, 1, 3, 3, NULL);
    INSERT INTO cna_event (study_key, profile_key, sample_key, entrez_gene_id, alteration, namespace_columns) VALUES
      (1, 2, 3, 1, 2, '{"A":{"x":"v"},"B/c":{"~k":"w"}}');
    INSERT INTO structural_variant (study_key, profile_key, sample_key, namespace_columns) VALUES (1, 3, 2, '{"A":{"x":"V"}}');`);
});
afterAll(() => db.close());

const all = sql`SELECT sample_key FROM sample`;
const A = { outerKey: 'A', innerKey: 'x' };
const N = { outerKey: 'A', innerKey: 'n' };
const B = { outerKey: 'B/c', innerKey: '~k' };

describe('fetchNamespaceDataCounts', () => {
  it('groups by exact value text over the three event tables', async () => {
    expect(await fetchNamespaceDataCounts(db, all, [A, N, B])).toEqual([
      { ...A, counts: [{ value: '3.5', count: 1, totalCount: 1 }, { value: 'V', count: 1, totalCount: 1 }, { value: 'v', count: 2, totalCount: 3 }] },
      null,
      { ...B, counts: [{ value: 'w', count: 1, totalCount: 1 }] },
    ]);
  });

  it('counts the cohort only and answers [] for an empty one', async () => {
    expect(await fetchNamespaceDataCounts(db, sql`SELECT 2 AS sample_key`, [A])).toEqual([
      { ...A, counts: [{ value: '3.5', count: 1, totalCount: 1 }, { value: 'V', count: 1, totalCount: 1 }] },
    ]);
    expect(await fetchNamespaceDataCounts(db, sql`SELECT sample_key FROM sample WHERE FALSE`, [A])).toEqual([]);
  });
});

describe('fetchNamespaceAttributeCounts', () => {
  it('counts samples with a value, once per distinct attribute, leaving out zeros', async () => {
    const samples = { studyIds: ['st1', 'st1', 'st1', 'st2'], sampleIds: ['s1', 's2', 's3', 's1'] };
    expect(await fetchNamespaceAttributeCounts(db, samples, [B, N, A, B])).toEqual([{ ...B, count: 1 }, { ...A, count: 3 }]);
    expect(await fetchNamespaceAttributeCounts(db, { studyIds: ['st1'], sampleIds: ['s2'] }, [A])).toEqual([{ ...A, count: 1 }]);
  });
});
