// POST /api/expression-enrichments/fetch and /api/generic-assay-enrichments/fetch (api.md 23.2,
// 23.3 numeric): groups of cases of ONE molecular profile compared per gene or generic-assay entity.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EXPRESSION_ENRICHMENT_TYPES, requireEnrichmentProfile, streamGenericAssayEnrichments, streamGenomicEnrichments,
} from '../../engine/analyses/expression-enrichments.js';
import { groupsOf } from '../enrichment-request.js';
import { jsonTexts, sendJsonArrayStream } from '../json-array-stream.js';
import { useSlicedJsonBodies } from '../sliced-json.js';
import {
  EnrichmentTypeSchema, GenericAssayEnrichmentSchema, GenomicEnrichmentSchema, MolecularProfileCasesGroupFilterSchema,
} from '../schemas/enrichments.js';

const tags = ['Enrichments'];
const querystring = Type.Object({ enrichmentType: Type.Optional(EnrichmentTypeSchema) });
const body = Type.Array(MolecularProfileCasesGroupFilterSchema, { description: 'List of groups containing sample and molecular profile identifiers' });

export const expressionEnrichmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Case lists of tens of thousands: the event loop stays free while they are parsed.
  useSlicedJsonBodies(app);
  app.post('/expression-enrichments/fetch', {
    schema: {
      tags, operationId: 'fetchGenomicEnrichmentsUsingPOST', description: 'Fetch genomic enrichments in a molecular profile',
      querystring, body, response: { 200: Type.Array(GenomicEnrichmentSchema) },
    },
  }, async (request, reply) => {
    const { profileId, groups } = groupsOf(request.body);
    // No groups: the reference fails (500) on the missing profile; there is nothing to compare.
    if (profileId === undefined) return [];
    const profile = await requireEnrichmentProfile(app.db, profileId, EXPRESSION_ENRICHMENT_TYPES);
    return sendJsonArrayStream(reply, jsonTexts(streamGenomicEnrichments(app.db, app.stats, app.matrices, profile, groups, request.query.enrichmentType ?? 'SAMPLE')));
  });

  app.post('/generic-assay-enrichments/fetch', {
    schema: {
      tags, operationId: 'fetchGenericAssayEnrichmentsUsingPOST', description: 'Fetch generic assay enrichments in a molecular profile',
      querystring, body, response: { 200: Type.Array(GenericAssayEnrichmentSchema) },
    },
  }, async (request, reply) => {
    const { profileId, groups } = groupsOf(request.body);
    if (profileId === undefined) return [];
    const profile = await requireEnrichmentProfile(app.db, profileId, ['GENERIC_ASSAY']);
    return sendJsonArrayStream(reply, jsonTexts(streamGenericAssayEnrichments(app.db, app.stats, app.matrices, profile, groups, request.query.enrichmentType ?? 'SAMPLE')));
  });
};
