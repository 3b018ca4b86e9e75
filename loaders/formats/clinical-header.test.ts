import { describe, expect, it } from 'vitest';
import { isClinicalNumber, isFiniteClinicalNumber } from './clinical-header.js';

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
