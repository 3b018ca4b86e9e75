// Clinical-data enrichment data gathering on a tiny store (study-view.md 6.4): AGE is patient-level
// in st1 and sample-level in st2 (mixed: only patient values, repeated per sample); GRADE's metadata
// comes from the last study; NA-like values and non-numeric numbers are left out; duplicates and
// unknown samples are dropped. References: scipy.stats.kruskal([10, 10], [20]) → (2.0,
// 0.15729920705028105); scipy.stats.kruskal([1], [2]) → (1.0, 0.31731050786291415); scipy.stats.chi2_contingency([[2,0,0],[0,1,1]], correction=False) →
// (4.0, 0.1353352832366127).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../sql/db.js';
import { clinicalEnrichmentTests } from '../stats/clinical-enrichment.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { fetchClinicalEnrichmentData, toClinicalDataEnrichments, type SampleGroup } from './clinical-enrichments.js';
import { ProfileMatrices } from '../resident/profile-matrix.js';

let db: Db;
/** Only the kept lookups are used: no pool. */
let matrices: ProfileMatrices;
beforeAll(async () => {
  db = await Db.open(':memory:');
  matrices = new ProfileMatrices(db, {} as StatsPool);
  await db.exec(`
    INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 'st1', 'x', 'S1', now()), (2, 'st2', 'x', 'S2', now());
    INSERT INTO patient VALUES (1, 1, 'p1'), (2, 1, 'p2'), (3, 2, 'q1'), (4, 2, 'q2');
    INSERT INTO sample VALUES (1, 1, 1, 's1', 'Primary Solid Tumor'), (2, 1, 1, 's2', 'Primary Solid Tumor'), (3, 1, 2, 's3', 'Metastatic'),
      (4, 2, 3, 't1', 'Metastatic'), (5, 2, 4, 't2', 'Metastatic');
    INSERT INTO clinical_attribute_meta VALUES (1, 'AGE', 'Age', 'd', 'NUMBER', true, '1'), (2, 'AGE', 'Age', 'd', 'NUMBER', false, '1'),
      (1, 'GRADE', 'Grade', 'old', 'STRING', false, '1'), (2, 'GRADE', 'Grade', 'new', 'STRING', false, '2'),
      (1, 'SCORE', 'Score', 'd', 'NUMBER', false, '1'), (1, 'WHEN', 'When', 'd', 'DATE', false, '1'), (1, 'LEVEL', 'Level', 'd', 'NUMBER', false, '1');
    INSERT INTO clinical_patient VALUES (1, 1, 'AGE', '10'), (1, 2, 'AGE', '20');
    INSERT INTO clinical_sample VALUES (2, 4, 'AGE', '30'), (2, 5, 'AGE', '40'),
      (1, 1, 'GRADE', 'II'), (1, 2, 'GRADE', 'NA'), (1, 3, 'GRADE', 'III'), (2, 4, 'GRADE', 'II'), (2, 5, 'GRADE', 'ii'),
      (1, 1, 'SCORE', '1'), (1, 2, 'SCORE', 'abc'), (1, 3, 'SCORE', '>5'), (1, 1, 'WHEN', '1'), (1, 3, 'WHEN', '2'),
      (1, 1, 'LEVEL', '1'), (1, 3, 'LEVEL', '2');`);
});
afterAll(() => db.close());

const group = (...ids: [string, string][]): SampleGroup => ({ studyIds: ids.map(([s]) => s), sampleIds: ids.map(([, id]) => id) });

describe('clinical-data enrichments', () => {
  it('gathers per-group values and maps the tests back to attributes', async () => {
    const data = await fetchClinicalEnrichmentData(db, matrices, [
      group(['st1', 's1'], ['st1', 's2'], ['st1', 's1'], ['st2', 't1']),
      group(['st1', 's3'], ['st2', 't2'], ['st2', 'nope']),
    ]);
    const rows = toClinicalDataEnrichments(data, clinicalEnrichmentTests(data.input), false);
    expect(rows).toEqual([
      { clinical_attribute: expect.objectContaining({ clinical_attribute_id: 'AGE', study_id: 'st2', patient_attribute: false }), score: 2, method: 'Wilcoxon Test', p_value: expect.closeTo(0.15729920705028105, 12) },
      { clinical_attribute: expect.objectContaining({ clinical_attribute_id: 'AGE', study_id: 'st1', patient_attribute: true }), score: 2, method: 'Wilcoxon Test', p_value: expect.closeTo(0.15729920705028105, 12) },
      { clinical_attribute: expect.objectContaining({ clinical_attribute_id: 'LEVEL', study_id: 'st1' }), score: 1, method: 'Wilcoxon Test', p_value: expect.closeTo(0.31731050786291415, 12) },
      {
        clinical_attribute: { clinical_attribute_id: 'GRADE', study_id: 'st2', display_name: 'Grade', description: 'new', datatype: 'STRING', patient_attribute: false, priority: '2' },
        score: 4, method: 'Chi-squared Test', p_value: expect.closeTo(0.1353352832366127, 12),
      },
    ]);
  });

  it('names the numeric test by the groups that entered it, or on the Legacy path by the groups with samples (6.4)', async () => {
    // Three groups with samples; only s1 and s3 have a LEVEL value (1, 2), in two of them.
    const data = await fetchClinicalEnrichmentData(db, matrices, [group(['st1', 's1']), group(['st1', 's3']), group(['st2', 't1'])]);
    const level = (legacy: boolean) => toClinicalDataEnrichments(data, clinicalEnrichmentTests(data.input), legacy)
      .find((r) => (r.clinical_attribute as { clinical_attribute_id: string }).clinical_attribute_id === 'LEVEL')?.method;
    expect(data.groups).toBe(3);
    expect(level(false)).toBe('Wilcoxon Test');
    expect(level(true)).toBe('Kruskal Wallis Test');
  });

  it('has nothing to test with fewer than two non-empty groups', async () => {
    const data = await fetchClinicalEnrichmentData(db, matrices, [group(['st1', 's1']), group(['st1', 'nope'])]);
    expect(data.input).toEqual({ numeric: [], categorical: [] });
  });
});
