import { describe, expect, it } from 'vitest';
import { isClinicalNa, isClinicalNumber, isFiniteClinicalNumber } from './clinical-header.js';

describe('NUMBER clinical values', () => {
  it('pass the validator\'s float() test, with an optional > or <', () => {
    for (const v of ['5', '-0.5', '.5', '5.', '1e5', '>5', '< 3', 'nan', 'inf', '-Infinity', '1e400']) expect(isClinicalNumber(v), v).toBe(true);
    for (const v of ['twelve', '5 months', '1,5', '>', '']) expect(isClinicalNumber(v), v).toBe(false);
  });

  it('are stored only when finite as a double: not nan, inf, or beyond its range', () => {
    for (const v of ['5', '>5', '< 3', '1e300', '-1.7e308', '1e-400']) expect(isFiniteClinicalNumber(v), v).toBe(true);
    for (const v of ['nan', 'NaN', 'inf', '-Infinity', '1e400', '-1e400', '>1e400']) expect(isFiniteClinicalNumber(v), v).toBe(false);
  });
});

describe('NA-like clinical values', () => {
  it('are the NA words once [ ] | are deleted and spaces made _, in any case; other values are not', () => {
    for (const v of ['', 'NA', 'na', '[Not Available]', 'Not Applicable', '|null|', ']Missing', 'PENDING', '[Discrepancy]', 'completed'])
      expect(isClinicalNa(v), v).toBe(true);
    for (const v of ['N/A', 'NaN', 'none', 'Female', '12.5', ' na', 'na ', '_na', 'xna', 'Not Available yet', 'İ', 'K'])
      expect(isClinicalNa(v), v).toBe(false);
  });
});
