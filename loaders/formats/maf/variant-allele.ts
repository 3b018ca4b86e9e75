// The variant allele of a MAF row (the reference importer's resolveTumorSeqAllele): the
// tumour allele that differs from the reference, preferring nucleotides over '-'.

const NUCLEOTIDES = /^[ATGC]*$/;

const missing = (allele: string) => allele === '' || allele === 'NA';

/**
 * Alleles arrive as the importer reads them (empty cells already 'NA'). Returns '' when
 * neither tumour allele is usable.
 */
export function resolveVariantAllele(reference: string, allele1: string, allele2: string): string {
  if ((missing(allele1) || allele1.toUpperCase() === 'NA') && (missing(allele2) || allele2.toUpperCase() === 'NA')) return '';
  if (missing(allele1) || allele1 === reference) return allele2;
  if (missing(allele2) || allele2 === reference) return allele1;
  const ambiguous =
    (allele1 === '-' || allele2 === '-') &&
    (NUCLEOTIDES.test(allele1.toUpperCase()) || NUCLEOTIDES.test(allele2.toUpperCase()));
  if (ambiguous) return allele2 === '-' ? allele1 : allele2;
  return allele1;
}
