// The groups of an enrichment request body (api.md 23): MolecularProfileCasesGroupFilter lists.
import { InvalidRequest, NotImplemented } from '../engine/errors.js';
import type { EnrichmentGroup } from '../engine/analyses/expression-enrichments.js';
import type { MolecularProfileCasesGroupFilter } from './schemas/enrichments.js';

/**
 * The one profile all identifiers name (several → 501, as the reference) and the groups' case ids,
 * duplicates removed. Duplicate group names are a 500 in the reference; answered here as 400.
 */
export function groupsOf(filters: readonly MolecularProfileCasesGroupFilter[]): { profileId?: string; groups: EnrichmentGroup[] } {
  const names = new Set(filters.map((f) => f.name));
  if (names.size !== filters.length) throw new InvalidRequest('Group names must be unique');
  const profileIds = new Set(filters.flatMap((f) => f.molecularProfileCaseIdentifiers.map((c) => c.molecularProfileId)));
  if (profileIds.size > 1) throw new NotImplemented();
  const groups = filters.map((f) => ({ name: f.name, caseIds: [...new Set(f.molecularProfileCaseIdentifiers.map((c) => c.caseId))] }));
  return { profileId: [...profileIds][0], groups };
}
