// Namespace attributes and namespace data for the comparison page (api.md 21).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvalidRequest } from '../../engine/errors.js';
import { fetchNamespaceAttributes, fetchNamespaceData } from '../../engine/resources/namespaces.js';
import { toApiObject } from '../../engine/sql/db.js';
import { NamespaceAttributeSchema, NamespaceComparisonFilterSchema, NamespaceDataSchema } from '../schemas/namespaces.js';

export const namespaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/namespace-attributes/fetch', {
    config: { bodyIds: 'studies' },
    schema: {
      tags: ['Namespace Attributes'], operationId: 'fetchNamespaceUsingPOST', description: 'Fetch namespace attributes',
      // No size limit on this list (api.md 21); an empty list finds nothing.
      body: Type.Array(Type.String(), { title: 'studyIds', description: 'List of Study IDs' }),
      response: { 200: Type.Array(NamespaceAttributeSchema) },
    },
  }, async (request) => (await fetchNamespaceAttributes(app.db, request.body)).map(toApiObject));

  app.post('/namespace-data/fetch', {
    schema: {
      tags: ['Namespace Data'], operationId: 'getNamespaceDataForComparisonUsingPOST',
      description: 'Get namespace data for comparison page for the selected samples and values',
      body: NamespaceComparisonFilterSchema,
      response: { 200: Type.Array(NamespaceDataSchema) },
    },
  }, async (request) => {
    const { sampleIdentifiers, namespaceAttribute, values } = request.body;
    if (!sampleIdentifiers || !namespaceAttribute) throw new InvalidRequest('bothSampleIdentifiersAndNamespaceAttributePresent must be true');
    const rows = await fetchNamespaceData(app.db, {
      studyIds: sampleIdentifiers.map((i) => i.studyId), sampleIds: sampleIdentifiers.map((i) => i.sampleId),
      outerKey: namespaceAttribute.outerKey, innerKey: namespaceAttribute.innerKey,
      // The reference fails on a missing list (500); nothing to look for is [].
      values: values ?? [],
    });
    return rows.map(toApiObject);
  });
};
