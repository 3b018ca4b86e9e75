// POST /api/molecular-profiles/co-expressions/fetch (api.md 22.2): genes of profile B whose
// expression correlates with one gene of profile A over the requested samples.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvalidRequest } from '../../engine/errors.js';
import { streamCoExpressions } from '../../engine/analyses/co-expressions.js';
import { jsonTexts, sendJsonArrayStream } from '../json-array-stream.js';
import { CoExpressionFilterSchema, CoExpressionSchema } from '../schemas/co-expressions.js';
import { useSlicedJsonBodies } from '../sliced-json.js';

export const coExpressionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Case lists of tens of thousands: the event loop stays free while they are parsed.
  useSlicedJsonBodies(app);
  app.post('/molecular-profiles/co-expressions/fetch', {
    schema: {
      tags: ['Co-Expressions'], operationId: 'fetchCoExpressionsUsingPOST', description: 'Calculates correlations between a genetic entity from a specific profile and another profile from the same study',
      querystring: Type.Object({
        molecularProfileIdA: Type.String({ description: 'Molecular Profile ID A' }),
        molecularProfileIdB: Type.String({ description: 'Molecular Profile ID B' }),
        threshold: Type.Optional(Type.Number({ default: 0.3, description: 'Threshold' })),
      }),
      body: CoExpressionFilterSchema,
      response: { 200: Type.Array(CoExpressionSchema) },
    },
  }, async (request, reply) => {
    const { sampleListId, sampleIds, entrezGeneId, genesetId } = request.body;
    if ((sampleListId === undefined) === (sampleIds === undefined)) throw new InvalidRequest('eitherSampleListIdOrSampleIdsPresent must be true');
    if ((entrezGeneId === undefined) === (genesetId === undefined)) throw new InvalidRequest('eitherEntrezGeneIdOrGenesetIdPresent must be true');
    // Gene-set queries answer [] in v7.
    if (entrezGeneId === undefined) return [];
    const { molecularProfileIdA, molecularProfileIdB, threshold } = request.query;
    return sendJsonArrayStream(reply, jsonTexts(streamCoExpressions(app.db, app.stats, app.matrices, {
      molecularProfileIdA, molecularProfileIdB, entrezGeneId, threshold: threshold ?? 0.3,
      samples: sampleIds !== undefined ? { kind: 'ids', sampleIds } : { kind: 'list', sampleListId: sampleListId ?? '' },
    })));
  });
};
