import { describe, expect, it } from 'vitest';
import { positionsFromProteinChange, proteinChangeOf, proteinPositionsOf } from './protein-change.js';

describe('proteinChangeOf', () => {
  it('prefers HGVSp_Short, falls back to Amino_Acid_Change, then MUTATED; strips p.', () => {
    expect(proteinChangeOf('p.V600E', 'V600K')).toBe('V600E');
    expect(proteinChangeOf('', 'p.V600K')).toBe('V600K');
    expect(proteinChangeOf('NA', 'V600K')).toBe('V600K');
    expect(proteinChangeOf('[Not Available]', 'null')).toBe('MUTATED');
    expect(proteinChangeOf('', '')).toBe('MUTATED');
  });
});

describe('protein positions', () => {
  // Cases of cBioPortal's TestExtendedMutationUtil (start, end) with an empty Protein_position.
  const cases: [string, number, number][] = [
    ['449_514mut', 449, 514], ['V600E', 600, 600], ['F53_Q53delinsL', 53, 53], ['D842_I843delinsIM', 842, 843],
    ['IK744KI', 744, 745], ['D286_L292trunc', 286, 292], ['N457Mfs*22', 457, 457], ['*1069Ffs*5', 1069, 1069],
    ['T417_D419delinsI', 417, 419], ['E102_I103del', 102, 103], ['V600delinsYM', 600, 600],
    ['I744_K745delinsKIPVAI', 744, 745], ['762_823ins', 762, 823], ['V561_I562insER', 561, 562],
    ['IK744KIPVAI', 744, 745], ['IK744K', 744, 745], ['IKG744KIPVAI', 744, 746], ['P68_C77dup', 68, 77],
    ['M1I', 1, 1], ['M1?', 1, 1], ['BCR-ABL1 Fusion', -1, -1], ['X405_splice', 405, 405], ['405_splice', 405, 405],
    ['405splice', 405, 405], ['X405_A500splice', 405, 500], ['X405_A500_splice', 405, 500], ['405_500_splice', 405, 500],
    ['405_500splice', 405, 500], ['R2109*', 2109, 2109], ['G500G', 500, 500], ['p.D1815Tfs*13', 1815, 1815],
    ['K100del', 100, 100], ['V600E [x]', 600, 600], ['MUTATED', -1, -1],
  ];
  it.each(cases)('%s → %i-%i', (change, start, end) => {
    expect(positionsFromProteinChange(change)).toEqual({ start, end });
    expect(proteinPositionsOf('', change)).toEqual({ start, end });
  });

  it('reads Protein_position and falls back per end', () => {
    expect(proteinPositionsOf('89/326', 'V89A')).toEqual({ start: 89, end: 89 });
    expect(proteinPositionsOf('154-155/219', 'A155Rfs*59')).toEqual({ start: 154, end: 155 });
    // start from the column, end from the change (study_es_0's BRCA1 S1436S row: 1323..1436)
    expect(proteinPositionsOf('1323', 'S1436S')).toEqual({ start: 1323, end: 1436 });
    expect(proteinPositionsOf('NA', 'R43W')).toEqual({ start: 43, end: 43 });
    expect(proteinPositionsOf('-/1000', 'R43W')).toEqual({ start: 43, end: 43 });
    expect(proteinPositionsOf('12.7/100', 'X')).toEqual({ start: 12, end: -1 });
  });
});
