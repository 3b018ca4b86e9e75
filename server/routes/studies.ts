// GET /api/studies, /studies/meta, /studies/{studyId}, /studies/{studyId}/tags, POST /studies/fetch
// and /studies/tags/fetch (api.md 4).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvalidRequest, NotFound } from '../../engine/errors.js';
import {
  countStudies, fetchClassicStudies, fetchStudies, fetchStudiesTags, fetchStudyIds, fetchStudyTags, STUDY_SORT_COLUMNS, type StudySortBy,
} from '../../engine/resources/studies.js';
import { toApiObject } from '../../engine/sql/db.js';
import { MAX_PAGE_SIZE, Projection, sendTotalCount, StudyIdParams } from '../params.js';
import { CancerStudySchema, CancerStudyTagsSchema } from '../schemas/studies.js';
import { CancerStudyMetadataSchema } from '../schemas/study.js';
import { readableStudyIds } from '../plugins/security.js';
import { virtualCancerStudy, virtualStudyOf } from '../virtual-studies.js';

const enumOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

const StudiesQuery = Type.Object({
  keyword: Type.Optional(Type.String()),
  projection: Type.Optional(enumOf(['ID', 'SUMMARY', 'DETAILED', 'META'] as const)),
  sortBy: Type.Optional(enumOf(Object.keys(STUDY_SORT_COLUMNS) as StudySortBy[])),
  direction: Type.Optional(enumOf(['ASC', 'DESC'] as const)),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 0 })),
});

export const studyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/studies',
    {
      schema: {
        tags: ['Studies'],
        operationId: 'getAllStudiesUsingGET',
        querystring: StudiesQuery,
        response: { 200: Type.Array(Type.Union([CancerStudyMetadataSchema, Type.Object({ studyId: Type.String() })])) },
      },
    },
    async (request, reply) => {
      const { keyword, projection = 'SUMMARY', sortBy, direction, pageSize, pageNumber } = request.query;
      const studyIds = await readableStudyIds(app, request);
      if (projection === 'META') {
        const total = String(await countStudies(app.db, { keyword, studyIds }));
        reply.header('total-count', total).header('X-Total-Count', total);
        return [];
      }
      // Pages are 1-based here (v7): 0, 1 and absent all give the first page.
      const page = Math.max((pageNumber ?? 1) - 1, 0);
      const query = {
        keyword, studyIds, sortBy, direction,
        limit: pageSize,
        offset: pageSize === undefined ? 0 : pageSize * page,
        detailed: projection === 'DETAILED',
      };
      if (projection === 'ID') {
        // The v7 reference answers [] (a defect); the documented answer is the ids by studyId.
        const rows = await fetchStudies(app.db, { ...query, sortBy: query.sortBy ?? 'studyId' });
        return rows.map((r) => ({ studyId: r.study_id }));
      }
      return (await fetchStudies(app.db, query)).map(toApiObject);
    },
  );

  app.get(
    '/studies/:studyId',
    {
      schema: {
        tags: ['Studies'],
        operationId: 'getStudyUsingGET',
        params: Type.Object({ studyId: Type.String() }),
        response: { 200: CancerStudyMetadataSchema },
      },
    },
    async (request) => {
      const [study] = await fetchStudies(app.db, { studyId: request.params.studyId, detailed: true });
      if (!study) {
        const virtual = await virtualStudyOf(app, request.params.studyId);
        if (virtual) return virtualCancerStudy(app, virtual);
        throw NotFound.study(request.params.studyId);
      }
      return toApiObject(study);
    },
  );

  app.get(
    '/studies/meta',
    {
      schema: {
        tags: ['Studies'],
        operationId: 'getAllStudiesMetaUsingGET',
        description: 'Number of studies matching the keyword, in the total-count header',
        querystring: Type.Object({ keyword: StudiesQuery.properties.keyword, sortBy: StudiesQuery.properties.sortBy, direction: StudiesQuery.properties.direction }),
      },
    },
    async (request, reply) => {
      const total = String(await countStudies(app.db, { keyword: request.query.keyword, studyIds: await readableStudyIds(app, request) }));
      return reply.header('total-count', total).header('X-Total-Count', total).send();
    },
  );

  app.post(
    '/studies/fetch',
    {
      config: { bodyIds: 'studies' },
      schema: {
        tags: ['Studies'],
        operationId: 'fetchStudiesUsingPOST',
        description: 'Fetch studies by IDs',
        querystring: Type.Object({ projection: Type.Optional(Projection) }),
        body: Type.Array(Type.String(), { description: 'List of Study IDs' }),
        response: { 200: Type.Array(CancerStudySchema) },
      },
    },
    async (request, reply) => {
      // A bare-array body: the bound is checked here to name it as cBioPortal does.
      if (request.body.length < 1 || request.body.length > MAX_PAGE_SIZE) throw new InvalidRequest(`studyIds size must be between 1 and ${MAX_PAGE_SIZE}`);
      const { projection = 'SUMMARY' } = request.query;
      if (projection === 'META') return sendTotalCount(reply, await countStudies(app.db, { studyIds: request.body }));
      if (projection === 'ID') return (await fetchStudyIds(app.db, request.body)).map((studyId) => ({ studyId, readPermission: true }));
      // allSampleCount is the real size of the _all list (v7 answers a constant 1 here, a defect).
      const rows = await fetchClassicStudies(app.db, { studyIds: request.body, detailed: projection === 'DETAILED' });
      return rows.map(toApiObject);
    },
  );

  app.get(
    '/studies/:studyId/tags',
    {
      schema: {
        tags: ['Studies'],
        operationId: 'getTagsUsingGET',
        description: 'Get the tags of a study',
        params: StudyIdParams,
        // The tags document is free-form: {} when the study has none or does not exist (no 404).
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async (request) => {
      const tags = await fetchStudyTags(app.db, request.params.studyId);
      const document: Record<string, unknown> = tags === undefined ? {} : JSON.parse(tags);
      return document;
    },
  );

  app.post(
    '/studies/tags/fetch',
    {
      config: { bodyIds: 'studies' },
      schema: {
        tags: ['Studies'],
        operationId: 'getTagsForMultipleStudiesUsingPOST',
        description: 'Get the study tags by IDs',
        body: Type.Array(Type.String(), { description: 'List of Study IDs' }),
        response: { 200: Type.Array(CancerStudyTagsSchema) },
      },
    },
    async (request) => (await fetchStudiesTags(app.db, request.body)).map(toApiObject),
  );
};
