import { describe, expect, it } from 'vitest';
import { parseLongValue } from './cna-long.js';

describe('parseLongValue', () => {
  it('stores the integer of the value; -1.5 is a deep deletion', () => {
    expect(['-2', '-1', '0', '1', '2', '+1', '-0'].map(parseLongValue)).toEqual([-2, -1, 0, 1, 2, 1, 0]);
    expect(parseLongValue('-1.5')).toBe(-2);
  });

  it('rejects what the reference importer aborts on', () => {
    expect(['NA', '', '2.0', '1e0', '3', '-3', 'amp'].map(parseLongValue)).toEqual(Array(7).fill(undefined));
  });
});
