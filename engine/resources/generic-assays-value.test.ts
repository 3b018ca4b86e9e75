import { describe, expect, it } from 'vitest';
import { normaliseCellText } from './generic-assays-value.js';

describe('normaliseCellText', () => {
  it('rounds numbers as v7 does and keeps other text', () => {
    expect(normaliseCellText('1180.05823')).toBe('1180.0582');
    expect(normaliseCellText('8.0')).toBe('8');
    expect(normaliseCellText('0')).toBe('0');
    expect(normaliseCellText('-0.0')).toBe('0');
    expect(normaliseCellText('0.0000123456')).toBe('1.235e-5');
    expect(normaliseCellText('-2.5e-7')).toBe('-2.5e-7');
    expect(normaliseCellText('0.00497512437810945')).toBe('0.005');
    for (const text of ['NA', '', '>8', 'Active', 'NaN', 'true']) expect(normaliseCellText(text)).toBe(text);
  });
});
