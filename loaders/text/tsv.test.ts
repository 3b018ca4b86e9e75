import { describe, expect, it } from 'vitest';
import { partString } from './tsv.js';

describe('partString', () => {
  it("reads empty or absent text as the literal 'NA'", () => {
    expect(partString('')).toBe('NA');
    expect(partString(undefined)).toBe('NA');
    expect(partString('EXON')).toBe('EXON');
  });
});
