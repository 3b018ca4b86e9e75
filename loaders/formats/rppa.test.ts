import { describe, expect, it } from 'vitest';
import { parseRppaReference } from './rppa.js';

describe('parseRppaReference', () => {
  it('splits genes and antibody and finds the phospho-site', () => {
    expect(parseRppaReference('AKT1 AKT2 AKT3|akt_ps473')).toEqual({ symbols: ['AKT1', 'AKT2', 'AKT3'], antibody: 'akt_ps473' });
    expect(parseRppaReference('AKT1 AKT2 AKT3|Akt_pS473')).toEqual({ symbols: ['AKT1', 'AKT2', 'AKT3'], antibody: 'Akt_pS473', phosphoSite: 'pS473' });
    expect(parseRppaReference('MAPK1 MAPK3|MAPK_pT202_Y204')).toEqual({ symbols: ['MAPK1', 'MAPK3'], antibody: 'MAPK_pT202_Y204', phosphoSite: 'pT202_Y204' });
    expect(parseRppaReference('EGFR|EGFR_pY1068-R-V')?.phosphoSite).toBe('pY1068');
  });

  it('rejects a reference without antibody id, as Java split drops trailing empty parts', () => {
    expect(parseRppaReference('AKT1')).toBeUndefined();
    expect(parseRppaReference('AKT1|')).toBeUndefined();
  });
});
