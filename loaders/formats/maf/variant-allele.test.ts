import { describe, expect, it } from 'vitest';
import { resolveVariantAllele } from './variant-allele.js';

describe('resolveVariantAllele', () => {
  // [reference, allele1, allele2, expected]; the first five are cBioPortal's TestMafUtil cases.
  const cases: [string, string, string, string][] = [
    ['AACG', 'AACG', '-', '-'],
    ['AACG', '-', 'AACG', '-'],
    ['-', 'ATGC', '-', 'ATGC'],
    ['-', '-', 'ATGC', 'ATGC'],
    ['-', 'C', 'A', 'C'],
    ['C', 'C', 'T', 'T'],
    ['C', 'NA', 'T', 'T'],
    ['C', 'T', 'NA', 'T'],
    ['C', 'NA', 'NA', ''],
    ['C', '', 'na', ''],
    ['A', 'G', 'T', 'G'],
    ['AC', '-', 'GT', 'GT'],
  ];
  it.each(cases)('ref %s, %s/%s → %s', (ref, a1, a2, expected) => expect(resolveVariantAllele(ref, a1, a2)).toBe(expected));
});
