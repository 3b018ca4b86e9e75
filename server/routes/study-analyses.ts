// Significantly mutated genes (MutSig), significant copy number regions (GISTIC) and the custom
// driver annotation report (api.md 24, 25).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fetchDriverAnnotationReport } from '../../engine/resources/driver-annotations.js';
import { requireStudyKey } from '../../engine/resources/lookup.js';
import { countGistic, countMutSig, fetchGistic, fetchMutSig, GISTIC_SORT, MUTSIG_SORT } from '../../engine/resources/study-analyses.js';
import { toApiObject } from '../../engine/sql/db.js';
import { literalUnion, pageOf, pagingQuery, sendTotalCount, StudyIdParams } from '../params.js';
import { CustomDriverAnnotationReportSchema, GisticSchema, MutSigSchema } from '../schemas/study-analyses.js';

const MutSigQuery = Type.Object({ ...pagingQuery(), sortBy: Type.Optional(literalUnion(Object.keys(MUTSIG_SORT) as (keyof typeof MUTSIG_SORT)[])) });
const GisticQuery = Type.Object({ ...pagingQuery(), sortBy: Type.Optional(literalUnion(Object.keys(GISTIC_SORT) as (keyof typeof GISTIC_SORT)[])) });

export const studyAnalysisRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/studies/:studyId/significantly-mutated-genes',
    { schema: { tags: ['Significantly Mutated Genes'], operationId: 'getSignificantlyMutatedGenesUsingGET', params: StudyIdParams, querystring: MutSigQuery, response: { 200: Type.Array(MutSigSchema) } } },
    async (request, reply) => {
      const studyKey = await requireStudyKey(app.db, request.params.studyId);
      if (request.query.projection === 'META') return sendTotalCount(reply, await countMutSig(app.db, studyKey), '');
      return (await fetchMutSig(app.db, studyKey, { ...request.query, ...pageOf(request.query) })).map(toApiObject);
    },
  );

  app.get(
    '/studies/:studyId/significant-copy-number-regions',
    { schema: { tags: ['Significant Copy Number Regions'], operationId: 'getSignificantCopyNumberRegionsUsingGET', params: StudyIdParams, querystring: GisticQuery, response: { 200: Type.Array(GisticSchema) } } },
    async (request, reply) => {
      const studyKey = await requireStudyKey(app.db, request.params.studyId);
      const { projection = 'SUMMARY' } = request.query;
      if (projection === 'META') return sendTotalCount(reply, await countGistic(app.db, studyKey), '');
      const rows = await fetchGistic(app.db, studyKey, { ...request.query, ...pageOf(request.query), withGenes: projection !== 'ID' });
      return rows.map(toApiObject);
    },
  );

  app.post(
    '/custom-driver-annotation-report/fetch',
    {
      config: { bodyIds: 'profiles' },
      schema: {
        tags: ['Custom Driver Annotation Report'],
        operationId: 'fetchAlterationDriverAnnotationReportUsingPOST',
        body: Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000, description: 'List of Molecular Profile Ids' }),
        response: { 200: CustomDriverAnnotationReportSchema },
      },
    },
    async (request) => fetchDriverAnnotationReport(app.db, request.body),
  );
};
