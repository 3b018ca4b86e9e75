// The v7 value normalisation (api.md 13): ClickHouse's Float64 round (ties to even) and the
// scientific form of tiny values; a wrong number here is a value a client would plot differently.
import { describe, expect, it } from 'vitest';
import { normaliseMolecularValue } from './molecular-data-value.js';

describe('normaliseMolecularValue', () => {
  it('rounds to 4 decimals, ties to even on x·10^4', () => {
    expect(normaliseMolecularValue('1180.05823')).toBe(1180.0582);
    expect(normaliseMolecularValue('1.23456')).toBe(1.2346);
    expect(normaliseMolecularValue('2.0')).toBe(2);
    // 0.12345 · 10^4 is exactly 1234.5 in binary: even neighbour 1234 (half-up would say 1235).
    expect(normaliseMolecularValue('0.12345')).toBe(0.1234);
    expect(normaliseMolecularValue('-0.33475')).toBe(-0.3348);
    expect(normaliseMolecularValue('0.0001')).toBe(0.0001);
    expect(normaliseMolecularValue('+.5')).toBe(0.5);
    expect(normaliseMolecularValue('1e3')).toBe(1000);
  });

  it('writes 0 < |x| < 1e-4 as a 3-decimal mantissa and an exponent', () => {
    expect(normaliseMolecularValue('0.0000123456')).toBe(1.235e-5);
    expect(normaliseMolecularValue('-0.0000123456')).toBe(-1.235e-5);
    expect(normaliseMolecularValue('1.5E-9')).toBe(1.5e-9);
    expect(normaliseMolecularValue('0.00009999999')).toBe(0.0001);
  });

  it('makes every zero 0', () => {
    expect(Object.is(normaliseMolecularValue('-0.0000'), 0)).toBe(true);
    expect(normaliseMolecularValue('0')).toBe(0);
  });

  it('drops what is not a number', () => {
    for (const text of ['NA', '', 'NaN', 'Infinity', '-inf', '1e400', '1.5f', '0x1A', '1,5', ' 1', 'abc'])
      expect(normaliseMolecularValue(text), text).toBeUndefined();
  });
});
