// POST /api/filtered-samples/fetch (study-view.md 4.1): the samples a StudyViewFilter selects,
// sorted by sampleId, with cBioPortal's column-store fields (ids and keys; sampleType is absent).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { filteredSamplesJson } from '../../engine/resident/filtered-samples.js';
import { sampleRows } from '../../engine/resources/samples.js';
import { digestOf } from '../../engine/sql/sql.js';
import { ARROW_ANSWERS, sendArrowStream, wantsArrow } from '../arrow-stream.js';
import { answerKey } from '../kept-answers.js';
import { SampleSchema } from '../schemas/samples.js';
import { StudyViewFilterSchema } from '../schemas/study-view-filter.js';
import { StudyViewRequest } from '../study-view-request.js';

export const studyViewSampleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/filtered-samples/fetch', {
    schema: {
      tags: ['Study View'], operationId: 'fetchFilteredSamplesUsingPOST', description: 'Fetch sample IDs by study view filter',
      querystring: Type.Object({
        negateFilters: Type.Optional(Type.Boolean({ default: false, description: 'Whether to negate the study view filters' })),
      }),
      body: StudyViewFilterSchema,
      response: { 200: Type.Array(SampleSchema) },
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    // Neither studyIds nor sampleIdentifiers: 400, as 2.3 recommends (the column store's answer is
    // undefined there, a SQL error or the whole database), and as the other Study View endpoints.
    const cohort = await StudyViewRequest.of(app, request.body).cohort({ negate: request.query.negateFilters === true });
    // projection ID: the column store's Sample rows carry no sampleType; order sampleId, studyId.
    if (wantsArrow(request)) return sendArrowStream(reply, sampleRows({ scope: { kind: 'cohort', cohort }, projection: 'ID' }));
    // The answer is JSON text already (SampleSchema's fields, tested against the goldens), in chunks.
    return app.answers.send(request, reply, answerKey('filtered-samples', digestOf(cohort)), () => filteredSamplesJson(app.db, app.matrices, cohort), cohort.dependsOn);
  });
};
