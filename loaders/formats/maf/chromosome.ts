// MAF chromosome normalisation (study-format 10.3): 1-24 with or without 'chr', X → 23,
// Y → 24, MT and NA kept; anything else (M, chrM, contigs) makes the row be skipped.

const VALID = new Map<string, string>([
  ['X', '23'], ['CHRX', '23'], ['Y', '24'], ['CHRY', '24'], ['NA', 'NA'], ['MT', 'MT'],
]);
for (let n = 1; n <= 24; n++) {
  VALID.set(String(n), String(n));
  VALID.set(`CHR${n}`, String(n));
}

/** The stored chromosome, or undefined when the row is to be skipped. Empty reads as NA. */
export function normaliseChromosome(value: string): string | undefined {
  return VALID.get(value === '' ? 'NA' : value.toUpperCase());
}
