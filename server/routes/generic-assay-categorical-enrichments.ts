// POST /api/generic-assay-categorical-enrichments/fetch and /api/generic-assay-binary-enrichments/fetch
// (api.md 23.3): groups of cases of ONE generic-assay profile of that datatype, compared per entity.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotFound } from '../../engine/errors.js';
import { requireEnrichmentProfile } from '../../engine/analyses/expression-enrichments.js';
import { fetchGenericAssayBinaryEnrichments, fetchGenericAssayCategoricalEnrichments } from '../../engine/analyses/generic-assay-enrichments.js';
import type { ReadOnlyDb } from '../../engine/sql/db.js';
import { EnrichmentTypeSchema, MolecularProfileCasesGroupFilterSchema, type MolecularProfileCasesGroupFilter } from '../schemas/enrichments.js';
import { groupsOf } from '../enrichment-request.js';
import { GenericAssayBinaryEnrichmentSchema, GenericAssayCategoricalEnrichmentSchema } from '../schemas/generic-assay-categorical-enrichments.js';
import { useSlicedJsonBodies } from '../sliced-json.js';

const querystring = Type.Object({ enrichmentType: Type.Optional(EnrichmentTypeSchema) });
const body = Type.Array(MolecularProfileCasesGroupFilterSchema, { description: 'List of groups containing sample and molecular profile identifiers' });

/**
 * The one GENERIC_ASSAY profile of `datatype` the groups name (`groupsOf`; another type or
 * datatype → 404, as the reference) and the groups. No groups: nothing to compare.
 */
async function request(db: ReadOnlyDb, filters: readonly MolecularProfileCasesGroupFilter[], datatype: string) {
  const { profileId, groups } = groupsOf(filters);
  if (profileId === undefined) return undefined;
  const profile = await requireEnrichmentProfile(db, profileId, ['GENERIC_ASSAY']);
  if (profile.datatype !== datatype) throw NotFound.molecularProfile(profileId);
  return { profile, groups };
}

export const genericAssayCategoricalEnrichmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Case lists of tens of thousands: the event loop stays free while they are parsed.
  useSlicedJsonBodies(app);
  app.post('/generic-assay-categorical-enrichments/fetch', {
    schema: {
      tags: ['Enrichments'], operationId: 'fetchGenericAssayCategoricalDataEnrichmentInMultipleMolecularProfilesUsingPOST',
      description: 'Fetch generic assay categorical data enrichments in a molecular profile',
      querystring, body, response: { 200: Type.Array(GenericAssayCategoricalEnrichmentSchema) },
    },
  }, async (req) => {
    const r = await request(app.db, req.body, 'CATEGORICAL');
    return r ? fetchGenericAssayCategoricalEnrichments(app.db, app.stats, r.profile, r.groups, req.query.enrichmentType ?? 'SAMPLE') : [];
  });

  app.post('/generic-assay-binary-enrichments/fetch', {
    schema: {
      tags: ['Enrichments'], operationId: 'fetchGenericAssayBinaryDataEnrichmentInMultipleMolecularProfilesUsingPOST',
      description: 'Fetch generic assay binary data enrichments in a molecular profile',
      querystring, body, response: { 200: Type.Array(GenericAssayBinaryEnrichmentSchema) },
    },
  }, async (req) => {
    const r = await request(app.db, req.body, 'BINARY');
    return r ? fetchGenericAssayBinaryEnrichments(app.db, app.stats, app.matrices, r.profile, r.groups, req.query.enrichmentType ?? 'SAMPLE') : [];
  });
};
