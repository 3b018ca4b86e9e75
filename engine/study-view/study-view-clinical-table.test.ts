import { describe, expect, it } from 'vitest';
import { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { ProfileMatrices } from '../resident/profile-matrix.js';
import { fetchClinicalTable, type ClinicalTableQuery } from './study-view-clinical-table.js';

// N: a NUMBER sample attribute ('abc' is no number); T: a STRING patient attribute. s103 and its
// patient p12 have no value stored.
async function store(): Promise<Db> {
  const db = await Db.open(':memory:');
  await db.exec(`
    INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 'a', 'x', 'A', now());
    INSERT INTO patient VALUES (10, 1, 'p10'), (11, 1, 'p11'), (12, 1, 'p12');
    INSERT INTO sample VALUES (100, 1, 10, 's100', 'Primary'), (101, 1, 10, 's101', 'Primary'), (102, 1, 11, 's102', 'Primary'),
      (103, 1, 12, 's103', 'Primary'), (104, 1, 12, 's104', 'Primary');
    INSERT INTO clinical_attribute_meta VALUES (1, 'N', 'N', 'N', 'NUMBER', false, '1'), (1, 'T', 'T', 'T', 'STRING', true, '1');
    INSERT INTO clinical_sample VALUES (1, 100, 'N', '5'), (1, 101, 'N', 'abc'), (1, 102, 'N', '10'), (1, 104, 'N', '5');
    INSERT INTO clinical_patient VALUES (1, 10, 'T', 'b'), (1, 11, 'T', 'a');`);
  return db;
}

const ALL = sql`SELECT sample_key FROM sample`;

describe('fetchClinicalTable', () => {
  it('pages, sorts and searches the cohort; a sample without values takes its place but is left out', async () => {
    const db = await store();
    const matrices = new ProfileMatrices(db, {} as StatsPool);
    const page = async (query: Partial<ClinicalTableQuery>, cohort = ALL) => {
      const { totalCount, samples } = await fetchClinicalTable(db, matrices, cohort, { pageSize: 0, pageNumber: 0, searchTerm: '', direction: 'ASC', ...query });
      return [totalCount, samples.map((s) => s.sampleId)];
    };
    const { samples: [first] } = await fetchClinicalTable(db, matrices, ALL, { pageSize: 1, pageNumber: 0, searchTerm: '', direction: 'ASC' });
    expect(first.data).toEqual([
      { sampleId: 's100', patientId: 'p10', studyId: 'a', clinicalAttributeId: 'N', value: '5' },
      { sampleId: 's100', patientId: 'p10', studyId: 'a', clinicalAttributeId: 'T', value: 'b' },
    ]);
    expect(await page({})).toEqual([5, ['s100', 's101', 's102', 's104']]);
    // N ascending: 5 (s100, s104), 10 (s102), then no number (s101 'abc', s103): ties by key.
    expect(await page({ sortBy: 'N', pageSize: 2 })).toEqual([5, ['s100', 's104']]);
    expect(await page({ sortBy: 'N', pageSize: 2, pageNumber: 1 })).toEqual([5, ['s102', 's101']]);
    expect(await page({ sortBy: 'N', pageSize: 2, pageNumber: 2 })).toEqual([5, []]);
    expect(await page({ sortBy: 'N', direction: 'DESC' })).toEqual([5, ['s102', 's100', 's104', 's101']]);
    // T is the patient's: a (s102), b (s100, s101), none (s103, s104).
    expect(await page({ sortBy: 'T' })).toEqual([5, ['s102', 's100', 's101', 's104']]);
    expect(await page({ sortBy: 'N', direction: 'DESC' }, sql`SELECT unnest([101, 102, 103]) AS sample_key`)).toEqual([3, ['s102', 's101']]);
    // Search: a patient id (p12: s103 and s104), a value of either level ('abc' of s101, 'a' of p11).
    expect(await page({ searchTerm: 'p12' })).toEqual([2, ['s104']]);
    expect(await page({ searchTerm: 'a', sortBy: 'sampleId', direction: 'DESC' })).toEqual([2, ['s102', 's101']]);
    db.close();
  });
});
