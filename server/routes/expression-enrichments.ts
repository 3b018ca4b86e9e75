// POST /api/expression-enrichments/fetch and /api/generic-assay-enrichments/fetch (api.md 23.2,
// 23.3 numeric): groups of cases of ONE molecular profile compared per gene or generic-assay entity.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvalidRequest, NotImplemented } from '../../engine/errors.js';
import {
  EXPRESSION_ENRICHMENT_TYPES, fetchGenericAssayEnrichments, fetchGenomicEnrichments, requireEnrichmentProfile,
  type EnrichmentGroup,
} from '../../engine/queries/expression-enrichments.js';
import {
  EnrichmentTypeSchema, GenericAssayEnrichmentSchema, GenomicEnrichmentSchema, MolecularProfileCasesGroupFilterSchema,
  type MolecularProfileCasesGroupFilter,
} from '../schemas/enrichments.js';

const tags = ['Enrichments'];
const querystring = Type.Object({ enrichmentType: Type.Optional(EnrichmentTypeSchema) });
const body = Type.Array(MolecularProfileCasesGroupFilterSchema);

/**
 * The one profile all identifiers name (several → 501, as the reference) and the groups' case ids,
 * duplicates removed. Duplicate group names are a 500 in the reference; answered here as 400.
 */
function groupsOf(filters: readonly MolecularProfileCasesGroupFilter[]): { profileId?: string; groups: EnrichmentGroup[] } {
  const names = new Set(filters.map((f) => f.name));
  if (names.size !== filters.length) throw new InvalidRequest('Group names must be unique');
  const profileIds = new Set(filters.flatMap((f) => f.molecularProfileCaseIdentifiers.map((c) => c.molecularProfileId)));
  if (profileIds.size > 1) throw new NotImplemented();
  const groups = filters.map((f) => ({ name: f.name, caseIds: [...new Set(f.molecularProfileCaseIdentifiers.map((c) => c.caseId))] }));
  return { profileId: [...profileIds][0], groups };
}

export const expressionEnrichmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/expression-enrichments/fetch', {
    schema: {
      tags, operationId: 'fetchGenomicEnrichmentsUsingPOST', description: 'Fetch genomic enrichments in a molecular profile',
      querystring, body, response: { 200: Type.Array(GenomicEnrichmentSchema) },
    },
  }, async (request) => {
    const { profileId, groups } = groupsOf(request.body);
    // No groups: the reference fails (500) on the missing profile; there is nothing to compare.
    if (profileId === undefined) return [];
    const profile = await requireEnrichmentProfile(app.db, profileId, EXPRESSION_ENRICHMENT_TYPES);
    return fetchGenomicEnrichments(app.db, app.stats, profile, groups, request.query.enrichmentType ?? 'SAMPLE');
  });

  app.post('/generic-assay-enrichments/fetch', {
    schema: {
      tags, operationId: 'fetchGenericAssayEnrichmentsUsingPOST', description: 'Fetch generic assay enrichments in a molecular profile',
      querystring, body, response: { 200: Type.Array(GenericAssayEnrichmentSchema) },
    },
  }, async (request) => {
    const { profileId, groups } = groupsOf(request.body);
    if (profileId === undefined) return [];
    const profile = await requireEnrichmentProfile(app.db, profileId, ['GENERIC_ASSAY']);
    return fetchGenericAssayEnrichments(app.db, app.stats, profile, groups, request.query.enrichmentType ?? 'SAMPLE');
  });
};
