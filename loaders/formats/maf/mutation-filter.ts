// Which MAF rows become mutations (study-format 10.4, steps 6-8; cBioPortal's MutationFilter):
// mutation and validation status, then the default or custom classification filter.

const TERT = 7015;
const DEFAULT_REJECTED = ["silent", "intron", "3'utr", "3'flank", "5'utr", 'igr'];
const startsWithCi = (value: string, prefix: string) => value.toLowerCase().startsWith(prefix.toLowerCase());

/** The meta file's `variant_classification_filter`: absent → default filter; '' → no filtering. */
export type ClassificationFilter = { kind: 'default' } | { kind: 'custom'; rejected: ReadonlySet<string> };

export function parseClassificationFilter(value: string | undefined): ClassificationFilter {
  if (value === undefined) return { kind: 'default' };
  return { kind: 'custom', rejected: new Set(value.split(',').map((v) => v.trim())) };
}

export type FilterVerdict = { accept: true; promoter: boolean } | { accept: false; reason: string };

/**
 * Steps 6-8. `promoter`: the row is a kept 5'Flank row whose protein change becomes 'Promoter'.
 * Values arrive as the importer reads them (empty → 'NA').
 */
export function filterMutation(
  mutationStatus: string,
  validationStatus: string,
  mutationType: string,
  entrezGeneId: number,
  filter: ClassificationFilter,
): FilterVerdict {
  if (startsWithCi(mutationStatus, 'None')) return { accept: false, reason: 'Mutation_Status None' };
  if (startsWithCi(mutationStatus, 'LOH') || startsWithCi(mutationStatus, 'Wildtype'))
    return { accept: false, reason: 'Mutation_Status LOH or Wildtype' };
  if (startsWithCi(validationStatus, 'Redacted')) return { accept: false, reason: 'Validation_Status Redacted' };
  const flank5 = startsWithCi(mutationType, "5'Flank");
  if (filter.kind === 'custom') {
    if (filter.rejected.has(mutationType)) return { accept: false, reason: `classification ${mutationType}` };
    return { accept: true, promoter: flank5 };
  }
  if (DEFAULT_REJECTED.some((p) => startsWithCi(mutationType, p))) return { accept: false, reason: `classification ${mutationType}` };
  if (flank5 && entrezGeneId !== TERT) return { accept: false, reason: `classification ${mutationType}` };
  return { accept: true, promoter: flank5 };
}

/** Classifications the importer takes from Variant_Classification as is. */
function isAcceptableType(type: string): boolean {
  if (type === '' || type === 'NULL' || type === 'NA') return false;
  const lower = type.toLowerCase();
  return !(
    ['silent', 'loh', 'wildtype', "3'utr", "5'utr", "5'flank", 'igr'].some((p) => lower.startsWith(p)) || lower === 'rna'
  );
}

/**
 * The stored classification: Variant_Classification, except that a filtered-looking one gives
 * way to a usable ONCOTATOR_VARIANT_CLASSIFICATION (reference quirk). Empty reads as 'NA'.
 */
export function mutationTypeOf(variantClassification: string, oncotatorClassification: string): string {
  const vc = variantClassification === '' ? 'NA' : variantClassification;
  if (isAcceptableType(vc)) return vc;
  const onco = oncotatorClassification === '' ? 'NA' : oncotatorClassification;
  return onco === 'NULL' || onco === 'NA' ? vc : onco;
}
