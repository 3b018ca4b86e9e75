// GET /api/cancer-types and /api/cancer-types/{cancerTypeId} (api.md 3).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotFound } from '../../engine/errors.js';
import { CANCER_TYPE_SORT_COLUMNS, countCancerTypes, fetchCancerTypes, type CancerTypeSortBy } from '../../engine/resources/cancer-types.js';
import { toApiObject } from '../../engine/sql/db.js';
import { literalUnion, pageOf, pagingQuery, sendTotalCount } from '../params.js';
import { TypeOfCancerSchema } from '../schemas/cancer-types.js';

const tags = ['Cancer Types'];

export const cancerTypeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/cancer-types', {
    schema: {
      tags, operationId: 'getAllCancerTypesUsingGET', description: 'Get all cancer types',
      querystring: Type.Object({ ...pagingQuery(), sortBy: Type.Optional(literalUnion(Object.keys(CANCER_TYPE_SORT_COLUMNS) as CancerTypeSortBy[])) }),
      response: { 200: Type.Array(TypeOfCancerSchema) },
    },
  }, async (request, reply) => {
    const { projection = 'SUMMARY', sortBy, direction } = request.query;
    if (projection === 'META') return sendTotalCount(reply, await countCancerTypes(app.db));
    return (await fetchCancerTypes(app.db, { projection, sortBy, direction, ...pageOf(request.query) })).map(toApiObject);
  });

  app.get('/cancer-types/:cancerTypeId', {
    schema: {
      tags, operationId: 'getCancerTypeUsingGET', description: 'Get a cancer type',
      params: Type.Object({ cancerTypeId: Type.String({ description: 'Cancer Type ID e.g. acc' }) }),
      response: { 200: TypeOfCancerSchema },
    },
  }, async (request) => {
    const { cancerTypeId } = request.params;
    const [cancerType] = await fetchCancerTypes(app.db, { cancerTypeId, projection: 'DETAILED' });
    if (!cancerType) throw NotFound.cancerType(cancerTypeId);
    return toApiObject(cancerType);
  });
};
