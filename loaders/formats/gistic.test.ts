import { describe, expect, it } from 'vitest';
import { parseGenesInRegion, parseRegion, rejectRegion, type GisticRegion } from './gistic.js';

describe('GISTIC parsing', () => {
  it('splits genes_in_region: trailing comma, brackets, text after a pipe', () => {
    expect(parseGenesInRegion('LINC00857,PLAC9|ENSG00000dummy.1,MBL1P,')).toEqual(['LINC00857', 'PLAC9', 'MBL1P']);
    expect(parseGenesInRegion('[MYC]')).toEqual(['MYC']);
    expect(parseGenesInRegion('')).toEqual([]);
  });

  const cells: Record<string, string> = { chromosome: 'X', peak_start: '10', peak_end: '20', amp: '1', cytoband: 'Xq21', q_value: '4.1251e-13' };
  const withCells = (changes: Record<string, string>) => (c: string) => ({ ...cells, ...changes })[c];

  it('reads X as 23 and amp 1 as an amplification', () => {
    expect(parseRegion((c) => cells[c])).toEqual({ chromosome: 23, start: 10, end: 20, amp: true, cytoband: 'Xq21', qValue: 4.1251e-13 });
    expect(parseRegion(withCells({ chromosome: 'y', amp: '0' }))).toMatchObject({ chromosome: 24, amp: false });
  });

  it('names the cell that aborts the reference import', () => {
    expect(parseRegion(withCells({ chromosome: 'chr1' }))).toEqual({ badColumn: 'chromosome' });
    expect(parseRegion(withCells({ chromosome: '25' }))).toEqual({ badColumn: 'chromosome' });
    expect(parseRegion(withCells({ peak_start: '1e5' }))).toEqual({ badColumn: 'peak_start' });
    expect(parseRegion(withCells({ q_value: 'NA' }))).toEqual({ badColumn: 'q_value' });
  });

  it('skips the regions ValidateGistic rejects', () => {
    const ok: GisticRegion = { chromosome: 1, start: 10, end: 20, amp: true, cytoband: '1p', qValue: 0.01 };
    expect(rejectRegion(ok)).toBeUndefined();
    expect(rejectRegion({ ...ok, chromosome: 23 })).toMatch(/outside 1-22/);
    expect(rejectRegion({ ...ok, end: 10 })).toMatch(/zero-length/);
    expect(rejectRegion({ ...ok, end: 5 })).toMatch(/greater/);
    expect(rejectRegion({ ...ok, start: 0 })).toMatch(/positive/);
    expect(rejectRegion({ ...ok, qValue: 1.5 })).toMatch(/q_value/);
  });
});
