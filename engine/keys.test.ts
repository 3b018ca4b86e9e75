import { describe, expect, it } from 'vitest';
import { decodeUniqueKeys, uniqueKey } from './keys.js';

describe('unique keys (api.md 1.6 examples)', () => {
  it('encodes without padding', () => {
    expect(uniqueKey('TCGA-OR-A5J2-01', 'acc_tcga')).toBe('VENHQS1PUi1BNUoyLTAxOmFjY190Y2dh');
    expect(uniqueKey('TCGA-OR-A5J2', 'acc_tcga')).toBe('VENHQS1PUi1BNUoyOmFjY190Y2dh');
    expect(uniqueKey('TCGA-A1-A0SB-01', 'brca_tcga')).toBe('VENHQS1BMS1BMFNCLTAxOmJyY2FfdGNnYQ');
    expect(uniqueKey(null, null)).toBe('bnVsbDpudWxs');
  });

  it('decodes with or without padding and ignores keys that are not two parts', () => {
    expect(decodeUniqueKeys(['VENHQS1BMS1BMFNCLTAxOmJyY2FfdGNnYQ==', 'VENHQS1BMS1BMFNCLTAxOmJyY2FfdGNnYQ', 'bm9jb2xvbg'])).toEqual([
      { id: 'TCGA-A1-A0SB-01', studyId: 'brca_tcga' },
      { id: 'TCGA-A1-A0SB-01', studyId: 'brca_tcga' },
    ]);
  });
});

describe('the unique_key SQL macro', () => {
  it('agrees with uniqueKey', async () => {
    const { Db } = await import('./sql/db.js');
    const { sql } = await import('./sql/sql.js');
    const db = await Db.open(':memory:');
    const row = await db.one(sql`SELECT unique_key('TCGA-A1-A0SB-01', 'brca_tcga') AS a, unique_key(NULL, NULL) AS b`);
    expect(row).toEqual({ a: uniqueKey('TCGA-A1-A0SB-01', 'brca_tcga'), b: uniqueKey(null, null) });
    db.close();
  });
});
