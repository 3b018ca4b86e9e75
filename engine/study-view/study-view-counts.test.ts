import { describe, expect, it } from 'vitest';
import { compileCohort, type Cohort } from '../filter/compile.js';
import { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import type { StatsPool } from '../stats/pool/pool.js';
import { ProfileMatrices } from '../resident/profile-matrix.js';
import { fetchClinicalDataCounts } from './study-view-counts.js';

const matricesOf = (db: Db) => new ProfileMatrices(db, {} as StatsPool);

describe('fetchClinicalDataCounts', () => {
  it('counts a mixed-level attribute once per sample, merges case variants, skips NA-like values', async () => {
    const db = await Db.open(':memory:');
    // Study 1: X is a sample attribute; study 2: X is a patient attribute (patient 20 has samples 200, 201).
    await db.exec(`
      INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 'a', 'x', 'A', now()), (2, 'b', 'x', 'B', now());
      INSERT INTO sample VALUES (100, 1, 10, 's100', 'Primary'), (101, 1, 11, 's101', 'Primary'), (102, 1, 12, 's102', 'Primary'),
        (200, 2, 20, 's200', 'Primary'), (201, 2, 20, 's201', 'Primary'), (202, 2, 21, 's202', 'Primary');
      INSERT INTO clinical_attribute_meta VALUES (1, 'X', 'X', 'X', 'STRING', false, '1'), (2, 'X', 'X', 'X', 'STRING', true, '1'),
        (1, 'P', 'P', 'P', 'STRING', true, '1');
      INSERT INTO clinical_sample VALUES (1, 100, 'X', 'true'), (1, 101, 'X', 'TRUE'), (1, 102, 'X', 'NaN');`);
    await db.exec(`INSERT INTO clinical_patient VALUES (2, 20, 'X', 'True'), (2, 21, 'X', 'no'), (1, 10, 'P', 'a'), (1, 11, 'P', 'A');`);
    const cohort = sql`SELECT sample_key FROM sample WHERE sample_key <> 202`;
    const items = await fetchClinicalDataCounts(db, matricesOf(db), cohort, ['a', 'b'], ['X', 'P', 'X', 'Q']);
    // X: s100 true, s101 TRUE, s200/s201 True via patient 20 → 4 × 'true'; s102 NaN → NA 1.
    // P (patient-level): patients 10, 11, 12, 20 filtered; 'a'/'A' → 'a' 2, NA 2.
    expect(items).toEqual([
      { attributeId: 'X', counts: [{ value: 'true', count: 4 }, { value: 'NA', count: 1 }] },
      { attributeId: 'P', counts: [{ value: 'a', count: 2 }, { value: 'NA', count: 2 }] },
    ]);
    db.close();
  });

  it('counts cohorts of whole studies as the same samples listed', async () => {
    const db = await Db.open(':memory:');
    await db.exec(`
      INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 'a', 'x', 'A', now()), (2, 'b', 'x', 'B', now());
      INSERT INTO patient VALUES (10, 1, 'p10'), (11, 1, 'p11'), (20, 2, 'p20'), (21, 2, 'p21'), (22, 2, 'p22');
      INSERT INTO sample VALUES (100, 1, 10, 's100', 'Primary'), (101, 1, 11, 's101', 'Primary'), (102, 1, 11, 's102', 'Primary'),
        (200, 2, 20, 's200', 'Primary'), (201, 2, 20, 's201', 'Primary'), (202, 2, 21, 's202', 'Primary');
      INSERT INTO clinical_attribute_meta VALUES (1, 'X', 'X', 'X', 'STRING', false, '1'), (2, 'X', 'X', 'X', 'STRING', true, '1'),
        (1, 'P', 'P', 'P', 'STRING', true, '1'), (2, 'P', 'P', 'P', 'STRING', true, '1'), (1, 'S', 'S', 'S', 'NUMBER', false, '1');
      INSERT INTO clinical_sample VALUES (1, 100, 'X', 'true'), (1, 101, 'X', 'TRUE'), (1, 102, 'X', 'NA'), (1, 100, 'S', '1.5'), (1, 102, 'S', '1.5');
      INSERT INTO clinical_patient VALUES (2, 20, 'X', 'True'), (2, 21, 'X', 'no'), (1, 10, 'P', 'a'), (1, 11, 'P', 'A'),
        (2, 20, 'P', 'b'), (2, 22, 'P', 'b');`);
    const matrices = matricesOf(db);
    // Patient 22 has no sample: not counted. X in study b is patient-level: once per sample.
    const expected = {
      'a,b': [
        { attributeId: 'X', counts: [{ value: 'true', count: 4 }, { value: 'no', count: 1 }, { value: 'NA', count: 1 }] },
        { attributeId: 'P', counts: [{ value: 'a', count: 2 }, { value: 'b', count: 1 }, { value: 'NA', count: 1 }] },
        { attributeId: 'S', counts: [{ value: '1.5', count: 2 }, { value: 'NA', count: 4 }] },
      ],
      b: [
        // Within study b alone, X is a patient attribute: once per patient.
        { attributeId: 'X', counts: [{ value: 'True', count: 1 }, { value: 'no', count: 1 }] },
        { attributeId: 'P', counts: [{ value: 'b', count: 1 }, { value: 'NA', count: 1 }] },
      ],
    };
    for (const [studies, items] of Object.entries(expected)) {
      const filter = { studyIds: studies.split(',') };
      const whole: Cohort = compileCohort(filter);
      expect(whole.wholeStudies).toBeDefined();
      const involved = sql`SELECT study_key FROM cancer_study WHERE study_id IN (SELECT unnest(${filter.studyIds}::VARCHAR[]))`;
      const listed = sql`SELECT sample_key FROM sample WHERE study_key IN (${involved})`;
      expect(await fetchClinicalDataCounts(db, matrices, whole, filter.studyIds, ['X', 'P', 'S'])).toEqual(items);
      expect(await fetchClinicalDataCounts(db, matrices, listed, filter.studyIds, ['X', 'P', 'S'])).toEqual(items);
    }
    db.close();
  });
});
