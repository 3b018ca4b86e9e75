// Clinical data (api.md 9): values of a sample, a patient or a whole study, and the single- and
// multi-study fetches. META answers with total-count only.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { clinicalDataRows, countClinicalData, streamClinicalDataJson, type ClinicalDataQuery } from '../../engine/resources/clinical-data.js';
import { answeredFromTexts, clinicalDataChunks } from '../../engine/resident/clinical-data-texts.js';
import { requirePatientKey, requireSampleKey, requireStudyKey } from '../../engine/resources/lookup.js';
import { ARROW_ANSWERS, sendArrowStream, wantsArrow } from '../arrow-stream.js';
import { sendJsonArrayStream } from '../json-array-stream.js';
import { literalUnion, pageOf, pagingQuery, Projection, StudyIdParams, type ProjectionName } from '../params.js';
import {
  ClinicalDataMultiStudyFilterSchema, ClinicalDataSchema, ClinicalDataSingleStudyFilterSchema,
} from '../schemas/clinical-data.js';

const tags = ['Clinical Data'];
const ClinicalDataType = literalUnion(['SAMPLE', 'PATIENT'] as const, { description: 'Type of the clinical data' });
const listQuery = {
  attributeId: Type.Optional(Type.String({ description: 'Attribute ID e.g. CANCER_TYPE' })),
  ...pagingQuery(),
  sortBy: Type.Optional(literalUnion(['clinicalAttributeId', 'value'] as const)),
};
const ListQuery = Type.Object(listQuery);
const FetchQuery = Type.Object({ clinicalDataType: Type.Optional(ClinicalDataType), projection: Type.Optional(Projection) });
const response = { 200: Type.Array(ClinicalDataSchema) };

type Query = Omit<ClinicalDataQuery, 'projection'> & { projection: ProjectionName };

export const clinicalDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * META: the count as a header and no body; otherwise the rows as Arrow, or as JSON: assembled
   * from pieces kept in memory (bulk answers) or written by DuckDB, streamed.
   */
  const answer = async (q: Query, reply: FastifyReply) => {
    if (q.projection === 'META') return reply.header('total-count', String(await countClinicalData(app.db, { ...q, projection: 'ID' }))).send();
    const rows = { ...q, projection: q.projection };
    if (wantsArrow(reply.request)) return sendArrowStream(reply, clinicalDataRows(rows));
    if (answeredFromTexts(rows)) {
      // One chunk read at a time: memory stays at about a chunk whatever the answer's size.
      const chunks = await clinicalDataChunks(app.db, app.matrices, rows);
      return reply.type('application/json; charset=utf-8').send(Readable.from(chunks, { highWaterMark: 1 }));
    }
    return sendJsonArrayStream(reply, streamClinicalDataJson(app.db, rows));
  };
  const listParams = (query: typeof ListQuery.static) => ({
    attributeIds: query.attributeId === undefined ? undefined : [query.attributeId],
    projection: query.projection ?? 'SUMMARY',
    sortBy: query.sortBy,
    direction: query.direction,
    ...pageOf(query),
  });

  app.get('/studies/:studyId/samples/:sampleId/clinical-data', {
    schema: {
      tags, operationId: 'getAllClinicalDataOfSampleInStudyUsingGET', description: 'Get all clinical data of a sample in a study',
      params: Type.Object({ studyId: Type.String(), sampleId: Type.String({ description: 'Sample ID e.g. TCGA-OR-A5J2-01' }) }),
      querystring: ListQuery, response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const entityKey = await requireSampleKey(app.db, request.params.studyId, request.params.sampleId);
    return answer({ type: 'SAMPLE', scope: { kind: 'entity', entityKey }, ...listParams(request.query) }, reply);
  });

  app.get('/studies/:studyId/patients/:patientId/clinical-data', {
    schema: {
      tags, operationId: 'getAllClinicalDataOfPatientInStudyUsingGET', description: 'Get all clinical data of a patient in a study',
      params: Type.Object({ studyId: Type.String(), patientId: Type.String({ description: 'Patient ID e.g. TCGA-OR-A5J2' }) }),
      querystring: ListQuery, response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const entityKey = await requirePatientKey(app.db, request.params.studyId, request.params.patientId);
    return answer({ type: 'PATIENT', scope: { kind: 'entity', entityKey }, ...listParams(request.query) }, reply);
  });

  app.get('/studies/:studyId/clinical-data', {
    schema: {
      tags, operationId: 'getAllClinicalDataInStudyUsingGET', description: 'Get all clinical data in a study',
      params: StudyIdParams, querystring: Type.Object({ ...listQuery, clinicalDataType: Type.Optional(ClinicalDataType) }), response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const { studyId } = request.params;
    const studyKey = await requireStudyKey(app.db, studyId);
    const type = request.query.clinicalDataType ?? 'SAMPLE';
    return answer({ type, scope: { kind: 'study', studyKey, studyId }, ...listParams(request.query) }, reply);
  });

  app.post('/studies/:studyId/clinical-data/fetch', {
    schema: {
      tags, operationId: 'fetchAllClinicalDataInStudyUsingPOST', description: 'Fetch clinical data by patient IDs or sample IDs (specific study)',
      params: StudyIdParams, querystring: FetchQuery, body: ClinicalDataSingleStudyFilterSchema, response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const { studyId } = request.params;
    const studyKey = await requireStudyKey(app.db, studyId);
    const { clinicalDataType = 'SAMPLE', projection = 'SUMMARY' } = request.query;
    const { ids, attributeIds } = request.body;
    return answer({ type: clinicalDataType, scope: { kind: 'study', studyKey, studyId, ids }, attributeIds, projection }, reply);
  });

  app.post('/clinical-data/fetch', {
    schema: {
      tags, operationId: 'fetchClinicalDataUsingPOST', description: 'Fetch clinical data by patient IDs or sample IDs (all studies)',
      querystring: FetchQuery, body: ClinicalDataMultiStudyFilterSchema, response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const { clinicalDataType = 'SAMPLE', projection = 'SUMMARY' } = request.query;
    const { identifiers, attributeIds } = request.body;
    const scope = { kind: 'identifiers' as const, studyIds: identifiers.map((i) => i.studyId), entityIds: identifiers.map((i) => i.entityId) };
    return answer({ type: clinicalDataType, scope, attributeIds, projection }, reply);
  });
};
