// Clinical attribute definitions (api.md 8): lists, one attribute of a study, fetch by study ids.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { InvalidRequest, NotFound } from '../../engine/errors.js';
import {
  CLINICAL_ATTRIBUTE_SORT_COLUMNS, countClinicalAttributes, fetchClinicalAttributes, type ClinicalAttributeSortBy,
} from '../../engine/resources/clinical-attributes.js';
import { requireStudyKey } from '../../engine/resources/lookup.js';
import { toApiObject } from '../../engine/sql/db.js';
import { literalUnion, MAX_PAGE_SIZE, pageOf, pagingQuery, Projection, sendTotalCount, StudyIdParams } from '../params.js';
import { ClinicalAttributeSchema } from '../schemas/clinical-attributes.js';
import { readableStudyIds } from '../plugins/security.js';

const tags = ['Clinical Attributes'];
const ListQuery = Type.Object({
  ...pagingQuery(),
  sortBy: Type.Optional(literalUnion(Object.keys(CLINICAL_ATTRIBUTE_SORT_COLUMNS) as ClinicalAttributeSortBy[])),
});
const ListResponse = { 200: Type.Array(ClinicalAttributeSchema) };

export const clinicalAttributeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const list = async (studyIds: string[] | undefined, query: typeof ListQuery.static, reply: FastifyReply) => {
    const { projection = 'SUMMARY', sortBy, direction } = query;
    if (projection === 'META') return sendTotalCount(reply, await countClinicalAttributes(app.db, { studyIds }));
    return (await fetchClinicalAttributes(app.db, { studyIds, projection, sortBy, direction, ...pageOf(query) })).map(toApiObject);
  };

  app.get('/clinical-attributes', {
    schema: { tags, operationId: 'getAllClinicalAttributesUsingGET', description: 'Get all clinical attributes', querystring: ListQuery, response: ListResponse },
  }, async (request, reply) => list(await readableStudyIds(app, request), request.query, reply));

  app.get('/studies/:studyId/clinical-attributes', {
    schema: {
      tags, operationId: 'getAllClinicalAttributesInStudyUsingGET', description: 'Get all clinical attributes in the specified study',
      params: StudyIdParams, querystring: ListQuery, response: ListResponse,
    },
  }, async (request, reply) => {
    await requireStudyKey(app.db, request.params.studyId);
    return list([request.params.studyId], request.query, reply);
  });

  app.get('/studies/:studyId/clinical-attributes/:clinicalAttributeId', {
    schema: {
      tags, operationId: 'getClinicalAttributeInStudyUsingGET', description: 'Get specified clinical attribute',
      params: Type.Object({ studyId: Type.String(), clinicalAttributeId: Type.String({ description: 'Clinical Attribute ID e.g. CANCER_TYPE' }) }),
      response: { 200: ClinicalAttributeSchema },
    },
  }, async (request) => {
    const { studyId, clinicalAttributeId } = request.params;
    await requireStudyKey(app.db, studyId);
    const [attribute] = await fetchClinicalAttributes(app.db, { studyIds: [studyId], attributeId: clinicalAttributeId, projection: 'DETAILED' });
    if (!attribute) throw NotFound.clinicalAttribute(studyId, clinicalAttributeId);
    return toApiObject(attribute);
  });

  app.post('/clinical-attributes/fetch', {
    config: { bodyIds: 'studies' },
    schema: {
      tags, operationId: 'fetchClinicalAttributesUsingPOST', description: 'Fetch clinical attributes',
      querystring: Type.Object({ projection: Type.Optional(Projection) }),
      body: Type.Array(Type.String(), { description: 'List of Study IDs' }),
      response: ListResponse,
    },
  }, async (request, reply) => {
    // A bare-array body: the bound is checked here to name it as cBioPortal does.
    if (request.body.length < 1 || request.body.length > MAX_PAGE_SIZE) throw new InvalidRequest(`studyIds size must be between 1 and ${MAX_PAGE_SIZE}`);
    // Only `projection` is declared: unknown parameters (paging, sortBy) are ignored, as in cBioPortal.
    return list(request.body, { projection: request.query.projection }, reply);
  });
};
