// Copy number segments of one sample (GET, paged: default and max 20000) and of listed
// samples (POST) (api.md 15.3). Every projection answers the same fields.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  copyNumberSegmentRows, countCopyNumberSegments, countSegmentsOfSamples, fetchCopyNumberSegments, SEGMENT_SORT_COLUMNS, type SegmentQuery, type SegmentSortBy,
} from '../../engine/resources/copy-number-segments.js';
import { requireSampleKey } from '../../engine/resources/lookup.js';
import { ARROW_ANSWERS, sendArrowStream, wantsArrow } from '../arrow-stream.js';
import { literalUnion, pageOf, pagingQuery, Projection, sendTotalCount } from '../params.js';
import { CopyNumberSegSchema, SampleIdentifierSchema } from '../schemas/copy-number.js';

const tags = ['Copy Number Segments'];
const MAX_SEGMENT_PAGE_SIZE = 20_000;
const Chromosome = Type.Optional(Type.String({ description: 'Chromosome' }));
const response = { 200: Type.Array(CopyNumberSegSchema) };

export const copyNumberSegmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/studies/:studyId/samples/:sampleId/copy-number-segments', {
    schema: {
      tags, operationId: 'getCopyNumberSegmentsInSampleInStudyUsingGET', description: 'Get copy number segments in a sample in a study',
      params: Type.Object({
        studyId: Type.String({ description: 'Study ID e.g. acc_tcga' }),
        sampleId: Type.String({ description: 'Sample ID e.g. TCGA-OR-A5J2-01' }),
      }),
      querystring: Type.Object({
        chromosome: Chromosome,
        ...pagingQuery({ maxPageSize: MAX_SEGMENT_PAGE_SIZE }),
        sortBy: Type.Optional(literalUnion(Object.keys(SEGMENT_SORT_COLUMNS) as SegmentSortBy[], { description: 'Name of the property that the result list is sorted by' })),
      }),
      response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const sampleKey = await requireSampleKey(app.db, request.params.studyId, request.params.sampleId);
    const { chromosome, projection = 'SUMMARY', sortBy, direction } = request.query;
    const q: SegmentQuery = { samples: { kind: 'sample', sampleKey }, chromosome };
    if (projection === 'META') return sendTotalCount(reply, await countCopyNumberSegments(app.db, q));
    const page = pageOf({ pageSize: request.query.pageSize ?? MAX_SEGMENT_PAGE_SIZE, pageNumber: request.query.pageNumber });
    if (wantsArrow(request)) return sendArrowStream(reply, copyNumberSegmentRows({ ...q, sortBy, direction, ...page }));
    return reply.send(await fetchCopyNumberSegments(app.db, { ...q, sortBy, direction, ...page }));
  });

  app.post('/copy-number-segments/fetch', {
    schema: {
      tags, operationId: 'fetchCopyNumberSegmentsUsingPOST', description: 'Fetch copy number segments by sample ID',
      querystring: Type.Object({ chromosome: Chromosome, projection: Type.Optional(Projection) }),
      // title: the bare array's name in the size message (api.md 1.7).
      body: Type.Array(SampleIdentifierSchema, { minItems: 1, maxItems: 10_000_000, title: 'sampleIdentifiers', description: 'List of identifiers' }),
      response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const { chromosome, projection = 'SUMMARY' } = request.query;
    const samples = { kind: 'identifiers', studyIds: request.body.map((s) => s.studyId), sampleIds: request.body.map((s) => s.sampleId) } as const;
    const q: SegmentQuery = { samples, chromosome };
    if (projection === 'META') {
      const count = chromosome === undefined ? countSegmentsOfSamples(app.db, app.matrices, samples.studyIds, samples.sampleIds) : countCopyNumberSegments(app.db, q);
      return sendTotalCount(reply, await count);
    }
    if (wantsArrow(request)) return sendArrowStream(reply, copyNumberSegmentRows(q));
    return reply.send(await fetchCopyNumberSegments(app.db, q));
  });
};
