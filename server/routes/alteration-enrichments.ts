// POST /api/alteration-enrichments/fetch (api.md 23.1): altered / profiled cases per gene and group,
// with a Fisher exact (two groups) or chi-square (more) p-value.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvalidRequest } from '../../engine/errors.js';
import { fetchAlterationEnrichments } from '../../engine/analyses/alteration-enrichments.js';
import { AlterationEnrichmentSchema, MolecularProfileCasesGroupAndAlterationTypeFilterSchema } from '../schemas/alteration-enrichments.js';
import { EnrichmentTypeSchema } from '../schemas/enrichments.js';
import { useSlicedJsonBodies } from '../sliced-json.js';

export const alterationEnrichmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Case lists of tens of thousands: the event loop stays free while they are parsed.
  useSlicedJsonBodies(app);
  app.post('/alteration-enrichments/fetch', {
    schema: {
      tags: ['Enrichments'], operationId: 'fetchAlterationEnrichmentsUsingPOST',
      description: 'Fetch alteration enrichments in molecular profiles',
      querystring: Type.Object({ enrichmentType: Type.Optional(EnrichmentTypeSchema) }),
      body: MolecularProfileCasesGroupAndAlterationTypeFilterSchema,
      response: { 200: Type.Array(AlterationEnrichmentSchema) },
    },
  }, async (request) => {
    const filters = request.body.molecularProfileCasesGroupFilter;
    // Duplicate names are a 500 in the reference (a map keyed by name); a client error here.
    if (new Set(filters.map((f) => f.name)).size !== filters.length) throw new InvalidRequest('Group names must be unique');
    const groups = filters.map((f) => ({ name: f.name, identifiers: f.molecularProfileCaseIdentifiers }));
    return fetchAlterationEnrichments(app.db, app.stats, app.matrices, groups, request.query.enrichmentType ?? 'SAMPLE', request.body.alterationEventTypes ?? undefined);
  });
};
