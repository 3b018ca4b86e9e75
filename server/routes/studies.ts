// GET /api/studies and /api/studies/{studyId} (api.md 4.1, 4.3).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotFound } from '../../engine/errors.js';
import { countStudies, fetchStudies, STUDY_SORT_COLUMNS, type StudySortBy } from '../../engine/queries/studies.js';
import { toApiObject } from '../../engine/sql/db.js';
import { CancerStudyMetadataSchema } from '../schemas/study.js';

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
      if (projection === 'META') {
        const total = String(await countStudies(app.db, { keyword }));
        reply.header('total-count', total).header('X-Total-Count', total);
        return [];
      }
      // Pages are 1-based here (v7): 0, 1 and absent all give the first page.
      const page = Math.max((pageNumber ?? 1) - 1, 0);
      const query = {
        keyword, sortBy, direction,
        limit: pageSize,
        offset: pageSize === undefined ? 0 : pageSize * page,
        detailed: projection === 'DETAILED',
      };
      if (projection === 'ID') {
        // The v7 reference answers [] (a defect); the documented answer is the ids by studyId.
        const rows = await fetchStudies(app.db, { ...query, sortBy: query.sortBy ?? 'studyId' });
        return rows.map((r) => ({ studyId: r.study_id as string }));
      }
      return (await fetchStudies(app.db, query)).map(toApiObject) as never;
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
      if (!study) throw NotFound.study(request.params.studyId);
      return toApiObject(study) as never;
    },
  );
};
