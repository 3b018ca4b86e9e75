import { describe, expect, it } from 'vitest';
import { parseGenericAssayHeader, validCell } from './generic-assay.js';

const at = { file: 'f', line: 1 };

describe('parseGenericAssayHeader', () => {
  it('finds declared properties case-insensitively, keeping the declared names', () => {
    const layout = parseGenericAssayHeader(at, ['ENTITY_STABLE_ID', 'name', 'DESCRIPTION', 'S1', 'S2'], ['NAME', 'description', 'URL'], false);
    expect(layout).toEqual({
      properties: [{ name: 'NAME', column: 1 }, { name: 'description', column: 2 }],
      missingProperties: ['URL'],
      firstDataColumn: 3,
    });
  });

  it('starts sample columns after undeclared feature columns too', () => {
    expect(parseGenericAssayHeader(at, ['entity_stable_id', 'Hugo_Symbol', 'S1'], [], false).firstDataColumn).toBe(2);
  });

  it('never takes the first two columns of a patient-level file as patients (upstream quirk)', () => {
    expect(parseGenericAssayHeader(at, ['ENTITY_STABLE_ID', 'P1', 'P2'], [], true).firstDataColumn).toBe(2);
    expect(parseGenericAssayHeader(at, ['ENTITY_STABLE_ID', 'P1', 'P2'], [], false).firstDataColumn).toBe(1);
  });

  it('requires ENTITY_STABLE_ID first and at least one data column', () => {
    expect(() => parseGenericAssayHeader(at, ['NAME', 'ENTITY_STABLE_ID', 'S1'], ['NAME'], false)).toThrow(/first column .* must be ENTITY_STABLE_ID/);
    expect(() => parseGenericAssayHeader(at, ['ENTITY_STABLE_ID', 'NAME'], ['NAME'], false)).toThrow(/could not find a sample column/);
  });
});

describe('validCell (validator rules; the importer stores any text)', () => {
  it('LIMIT-VALUE: a real, optionally after > or <', () => {
    const ok = validCell('LIMIT-VALUE', 'TREATMENT_RESPONSE');
    expect(['>8', '< 0.5', '-1e-3', '7', 'NA', ''].every(ok)).toBe(true);
    expect(['abc', 'NaN', '8>', '>'].some(ok)).toBe(false);
  });

  it('BINARY and ARMLEVEL_CNA vocabularies', () => {
    expect(['yes', 'no', 'true', 'false', 'NA'].every(validCell('BINARY', 'X'))).toBe(true);
    expect(validCell('BINARY', 'X')('Yes')).toBe(false);
    expect(validCell('CATEGORICAL', 'ARMLEVEL_CNA')('Amplified')).toBe(false);
    expect(validCell('CATEGORICAL', 'HLA')('A0201/A3101')).toBe(true);
  });
});
