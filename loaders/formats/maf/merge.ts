// Duplicate rows of one sample and event (study-format 10.4, last paragraph): which row wins
// and the merged center list, as the reference importer's mergeMutationData decides.

export interface MergeFields {
  center: string;
  matched_norm_sample_barcode: string;
  validation_status: string;
  mutation_status: string;
}

const BLOOD_NORMAL = /^TCGA-..-....-10/;
const ci = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Java's String.split(';'): trailing empty strings dropped. */
function splitCenters(center: string): string[] {
  const parts = center.split(';');
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/**
 * Merges a later duplicate `next` into `kept` and returns the surviving row (one of the two,
 * possibly with a new center). Each criterion is consulted only when the previous one ties.
 */
export function mergeDuplicate<T extends MergeFields>(kept: T, next: T): T {
  let winner = kept;
  if (!ci(kept.matched_norm_sample_barcode, next.matched_norm_sample_barcode)) {
    if (BLOOD_NORMAL.test(next.matched_norm_sample_barcode)) winner = next;
  } else if (!ci(kept.validation_status, next.validation_status)) {
    if (ci(next.validation_status, 'Valid') || ci(next.validation_status, 'VALIDATED')) winner = next;
  } else if (!ci(kept.mutation_status, next.mutation_status)) {
    if (ci(next.mutation_status, 'Germline')) winner = next;
    else if (ci(next.mutation_status, 'SOMATIC') && !ci(kept.mutation_status, 'Germline')) winner = next;
  }
  const centers = new Set(splitCenters(kept.center));
  const before = centers.size;
  for (const c of splitCenters(next.center)) centers.add(c);
  if (centers.size === before) return winner;
  if (centers.size > 1) centers.delete('NA');
  return { ...winner, center: [...centers].sort().join(';') };
}
