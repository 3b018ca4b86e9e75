// Study View treatments (study-view.md 4.18): the column-store counts (patient-counts,
// sample-counts; tier ignored, always Agent), the Legacy rows (patient, sample) and the display flags.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  fetchPatientTreatmentReport, fetchPatientTreatmentRows, fetchSampleTreatmentReport, fetchSampleTreatmentRows,
  hasSampleTreatmentData, hasTreatmentData,
} from '../../engine/study-view/study-view-treatments.js';
import { digestOf } from '../../engine/sql/sql.js';
import { jsonArrayStream } from '../json-array-stream.js';
import { answerKey } from '../kept-answers.js';
import { Projection } from '../params.js';
import { StudyViewFilterSchema } from '../schemas/study-view-filter.js';
import {
  PatientTreatmentReportSchema, PatientTreatmentRowSchema, SampleTreatmentReportSchema, SampleTreatmentRowSchema,
  StudyIdSetSchema, TreatmentTier,
} from '../schemas/study-view-treatments.js';
import { StudyViewRequest } from '../study-view-request.js';

const TAGS = ['Treatments'];
const TierQuery = Type.Object({ tier: Type.Optional(TreatmentTier) });
const CountsQuery = Type.Object({ tier: Type.Optional(TreatmentTier), projection: Type.Optional(Projection) });

export const studyViewTreatmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The filter's cohort and involved studies (every user of it validates its body, 2.3). */
  const scope = async (body: typeof StudyViewFilterSchema.static) => {
    const sv = StudyViewRequest.validated(app, body);
    return { cohort: await sv.cohort(), studies: sv.studies };
  };

  app.post(
    '/treatments/patient-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchPatientTreatmentCountsUsingPOST', querystring: TierQuery,
        body: StudyViewFilterSchema, response: { 200: PatientTreatmentReportSchema },
      },
    },
    async (request) => {
      const { cohort } = await scope(request.body);
      return fetchPatientTreatmentReport(app.db, app.matrices, cohort, app.cohorts);
    },
  );

  app.post(
    '/treatments/sample-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchSampleTreatmentCountsUsingPOST', querystring: CountsQuery,
        body: StudyViewFilterSchema, response: { 200: SampleTreatmentReportSchema },
      },
    },
    async (request) => {
      const { cohort, studies } = await scope(request.body);
      return fetchSampleTreatmentReport(app.db, app.matrices, cohort, studies, request.query.projection === 'DETAILED', app.cohorts);
    },
  );

  app.post(
    '/treatments/patient',
    {
      schema: {
        tags: TAGS, operationId: 'getAllPatientTreatmentsUsingPOST', querystring: TierQuery,
        body: StudyViewFilterSchema, response: { 200: Type.Array(PatientTreatmentRowSchema) },
      },
    },
    async (request, reply) => {
      const { cohort, studies } = await scope(request.body);
      const tier = request.query.tier ?? 'Agent';
      return app.answers.send(request, reply, answerKey('treatments/patient', tier, digestOf(cohort), digestOf(studies)), async () =>
        jsonArrayStream(reply, await fetchPatientTreatmentRows(app.db, tier, cohort, studies, app.cohorts)), cohort.dependsOn);
    },
  );

  app.post(
    '/treatments/sample',
    {
      schema: {
        tags: TAGS, operationId: 'getAllSampleTreatmentsUsingPOST', querystring: TierQuery,
        body: StudyViewFilterSchema, response: { 200: Type.Array(SampleTreatmentRowSchema) },
      },
    },
    async (request, reply) => {
      const { cohort, studies } = await scope(request.body);
      const tier = request.query.tier ?? 'Agent';
      return app.answers.send(request, reply, answerKey('treatments/sample', tier, digestOf(cohort), digestOf(studies)), async () =>
        jsonArrayStream(reply, await fetchSampleTreatmentRows(app.db, tier, cohort, studies, app.cohorts)), cohort.dependsOn);
    },
  );

  app.post(
    '/treatments/display-patient',
    {
      config: { bodyIds: 'studies' },
      schema: {
        tags: TAGS, operationId: 'getContainsTreatmentDataUsingPOST', querystring: TierQuery,
        body: StudyIdSetSchema, response: { 200: Type.Boolean() },
      },
    },
    async (request) => hasTreatmentData(app.db, [...new Set(request.body)], request.query.tier ?? 'Agent'),
  );

  app.post(
    '/treatments/display-sample',
    {
      config: { bodyIds: 'studies' },
      schema: {
        tags: TAGS, operationId: 'getContainsSampleTreatmentDataUsingPOST', querystring: TierQuery,
        body: StudyIdSetSchema, response: { 200: Type.Boolean() },
      },
    },
    async (request) => hasSampleTreatmentData(app.db, [...new Set(request.body)], request.query.tier ?? 'Agent'),
  );
};
