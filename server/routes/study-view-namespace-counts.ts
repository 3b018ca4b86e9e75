// Namespace value counts of the Study View (study-view.md 4.25) and namespace attribute counts of
// a sample selection (4.26).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvalidRequest } from '../../engine/errors.js';
import { fetchNamespaceAttributeCounts, fetchNamespaceDataCounts } from '../../engine/study-view/study-view-namespace-counts.js';
import {
  NamespaceAttributeCountFilterSchema, NamespaceAttributeCountSchema, NamespaceDataCountFilterSchema, NamespaceDataCountsSchema,
} from '../schemas/study-view-namespace-counts.js';
import { StudyViewRequest } from '../study-view-request.js';

export const studyViewNamespaceCountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/namespace-data-counts/fetch', {
    schema: {
      tags: ['Study View'], operationId: 'fetchNamespaceDataCountsUsingPOST', description: 'Fetch namespace data counts by study view filter',
      body: NamespaceDataCountFilterSchema, response: { 200: NamespaceDataCountsSchema },
    },
  }, async (request) => {
    const sv = StudyViewRequest.of(app, request.body.studyViewFilter);
    // No self-exclusion here: cBioPortal applies the filter as sent (3.17). Missing attributes: [] (a 500 there).
    const attributes = (request.body.attributes ?? []).map(({ outerKey, innerKey }) => ({ outerKey, innerKey }));
    if (attributes.length === 0) return [];
    return fetchNamespaceDataCounts(app.db, await sv.cohort(), attributes);
  });

  app.post('/namespace-attributes/counts/fetch', {
    schema: {
      tags: ['Namespace Attributes Count'], operationId: 'getNamespaceAttributeCountsUsingPOST',
      description: 'Get counts for namespace attributes according to their data availability for selected samples/patients',
      body: NamespaceAttributeCountFilterSchema, response: { 200: Type.Array(NamespaceAttributeCountSchema) },
    },
  }, async (request) => {
    const { sampleIdentifiers, namespaceAttributes } = request.body;
    if (sampleIdentifiers == null || namespaceAttributes == null) throw new InvalidRequest('bothSampleIdentifiersAndNamespaceAttributesPresent must be true');
    return fetchNamespaceAttributeCounts(app.db, {
      studyIds: sampleIdentifiers.map((i) => i.studyId), sampleIds: sampleIdentifiers.map((i) => i.sampleId),
    }, namespaceAttributes.map(({ outerKey, innerKey }) => ({ outerKey, innerKey })));
  });
};
