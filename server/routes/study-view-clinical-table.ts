// The Study View clinical tab (study-view.md 4.21): a page of filtered samples with their clinical
// values keyed by uniqueSampleKey, and the number of matching samples in `total-count`.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { uniqueKey } from '../../engine/keys.js';
import { fetchClinicalTable, type ClinicalTableDatum } from '../../engine/study-view/study-view-clinical-table.js';
import { ClinicalTableQuerySchema, SampleClinicalDataCollectionSchema } from '../schemas/study-view-clinical-table.js';
import { StudyViewFilterSchema } from '../schemas/study-view-filter.js';
import { StudyViewRequest } from '../study-view-request.js';

export const studyViewClinicalTableRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/clinical-data-table/fetch',
    {
      schema: {
        tags: ['Study View'], operationId: 'fetchClinicalDataClinicalTableUsingPOST', querystring: ClinicalTableQuerySchema,
        body: StudyViewFilterSchema, response: { 200: SampleClinicalDataCollectionSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = await fetchClinicalTable(app.db, app.matrices, await StudyViewRequest.validated(app, request.body).cohort(), {
        pageSize: q.pageSize ?? 0, pageNumber: q.pageNumber ?? 0, searchTerm: q.searchTerm ?? '',
        sortBy: q.sortBy, direction: q.direction ?? 'ASC',
      });
      const byUniqueSampleKey: Record<string, ClinicalTableDatum[]> = {};
      for (const s of page.samples) byUniqueSampleKey[uniqueKey(s.sampleId, s.studyId)] = s.data;
      reply.header('total-count', String(page.totalCount));
      return { byUniqueSampleKey };
    },
  );
};
