import { describe, expect, it } from 'vitest';
import { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { fetchClinicalDataCounts } from './study-view-counts.js';

describe('fetchClinicalDataCounts', () => {
  it('counts a mixed-level attribute once per sample, merges case variants, skips NA-like values', async () => {
    const db = await Db.open(':memory:');
    // Study 1: X is a sample attribute; study 2: X is a patient attribute (patient 20 has samples 200, 201).
    await db.exec(`
      INSERT INTO sample VALUES (100, 1, 10, 's100', 'Primary'), (101, 1, 11, 's101', 'Primary'), (102, 1, 12, 's102', 'Primary'),
        (200, 2, 20, 's200', 'Primary'), (201, 2, 20, 's201', 'Primary'), (202, 2, 21, 's202', 'Primary');
      INSERT INTO clinical_attribute_meta VALUES (1, 'X', 'X', 'X', 'STRING', false, '1'), (2, 'X', 'X', 'X', 'STRING', true, '1'),
        (1, 'P', 'P', 'P', 'STRING', true, '1');
      INSERT INTO clinical_sample VALUES (1, 100, 'X', 'true'), (1, 101, 'X', 'TRUE'), (1, 102, 'X', 'NaN');`);
    await db.exec(`INSERT INTO clinical_patient VALUES (2, 20, 'X', 'True'), (2, 21, 'X', 'no'), (1, 10, 'P', 'a'), (1, 11, 'P', 'A');`);
    const cohort = sql`SELECT sample_key FROM sample WHERE sample_key <> 202`;
    const involved = sql`SELECT unnest([1, 2]) AS study_key`;
    const items = await fetchClinicalDataCounts(db, cohort, involved, ['X', 'P', 'X', 'Q']);
    // X: s100 true, s101 TRUE, s200/s201 True via patient 20 → 4 × 'true'; s102 NaN → NA 1.
    // P (patient-level): patients 10, 11, 12, 20 filtered; 'a'/'A' → 'a' 2, NA 2.
    expect(items).toEqual([
      { attributeId: 'X', counts: [{ value: 'true', count: 4 }, { value: 'NA', count: 1 }] },
      { attributeId: 'P', counts: [{ value: 'a', count: 2 }, { value: 'NA', count: 2 }] },
    ]);
    db.close();
  });
});
