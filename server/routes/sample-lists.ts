// Sample lists (api.md 7): all, of a study, one list, its member ids, fetch by ids.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { InvalidRequest } from '../../engine/errors.js';
import { requireSampleListKey, requireStudyKey } from '../../engine/resources/lookup.js';
import {
  countSampleLists, fetchSampleLists, fetchSampleListSampleIds, SAMPLE_LIST_SORT_COLUMNS, type SampleListScope, type SampleListSortBy,
} from '../../engine/resources/sample-lists.js';
import { toApiObject } from '../../engine/sql/db.js';
import { literalUnion, MAX_PAGE_SIZE, pageOf, pagingQuery, Projection, sendTotalCount, StudyIdParams } from '../params.js';
import { SampleListSchema } from '../schemas/sample-lists.js';
import { readableStudyIds } from '../plugins/security.js';

const tags = ['Sample Lists'];
const ListQuery = Type.Object({ ...pagingQuery(), sortBy: Type.Optional(literalUnion(Object.keys(SAMPLE_LIST_SORT_COLUMNS) as SampleListSortBy[])) });
const ListResponse = { 200: Type.Array(SampleListSchema) };
const SampleListIdParams = Type.Object({ sampleListId: Type.String({ description: 'Sample List ID e.g. acc_tcga_all' }) });

export const sampleListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const list = async (scope: SampleListScope, query: typeof ListQuery.static, reply: FastifyReply) => {
    const { projection = 'SUMMARY', sortBy, direction } = query;
    if (projection === 'META') return sendTotalCount(reply, await countSampleLists(app.db, scope));
    return reply.send((await fetchSampleLists(app.db, { ...scope, projection, sortBy, direction, ...pageOf(query) })).map(toApiObject));
  };

  app.get('/sample-lists', {
    schema: { tags, operationId: 'getAllSampleListsUsingGET', description: 'Get all sample lists', querystring: ListQuery, response: ListResponse },
  }, async (request, reply) => list({ studyIds: await readableStudyIds(app, request) }, request.query, reply));

  app.get('/studies/:studyId/sample-lists', {
    schema: {
      tags, operationId: 'getAllSampleListsInStudyUsingGET', description: 'Get all sample lists in a study',
      params: StudyIdParams, querystring: ListQuery, response: ListResponse,
    },
  }, async (request, reply) => list({ studyKey: await requireStudyKey(app.db, request.params.studyId) }, request.query, reply));

  app.get('/sample-lists/:sampleListId', {
    schema: {
      tags, operationId: 'getSampleListUsingGET', description: 'Get sample list',
      params: SampleListIdParams, response: { 200: SampleListSchema },
    },
  }, async (request) => {
    await requireSampleListKey(app.db, request.params.sampleListId);
    const [sampleList] = await fetchSampleLists(app.db, { sampleListIds: [request.params.sampleListId], projection: 'DETAILED' });
    return toApiObject(sampleList);
  });

  app.get('/sample-lists/:sampleListId/sample-ids', {
    schema: {
      tags, operationId: 'getAllSampleIdsInSampleListUsingGET', description: 'Get all sample IDs in a sample list',
      params: SampleListIdParams, response: { 200: Type.Array(Type.String()) },
    },
  }, async (request) => fetchSampleListSampleIds(app.db, await requireSampleListKey(app.db, request.params.sampleListId)));

  app.post('/sample-lists/fetch', {
    config: { bodyIds: 'sampleLists' },
    schema: {
      tags, operationId: 'fetchSampleListsUsingPOST', description: 'Fetch sample lists by ID',
      querystring: Type.Object({ projection: Type.Optional(Projection) }),
      body: Type.Array(Type.String(), { description: 'List of sample list IDs' }),
      response: ListResponse,
    },
  }, async (request) => {
    // A bare-array body: the bound is checked here to name it as cBioPortal does.
    if (request.body.length < 1 || request.body.length > MAX_PAGE_SIZE) throw new InvalidRequest(`sampleListIds size must be between 1 and ${MAX_PAGE_SIZE}`);
    // META is not special-cased by the reference here: it answers the ID shape.
    const projection = request.query.projection === 'META' ? 'ID' : (request.query.projection ?? 'SUMMARY');
    return (await fetchSampleLists(app.db, { sampleListIds: request.body, projection })).map(toApiObject);
  });
};
