// Samples (api.md 6): all (with keyword), of a study, of a patient, one sample, fetch by SampleFilter.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { InvalidRequest } from '../../engine/errors.js';
import { decodeUniqueKeys } from '../../engine/keys.js';
import { requirePatientKey, requireSampleKey, requireStudyKey } from '../../engine/resources/lookup.js';
import {
  countSamples, fetchSamples, sampleRows, streamSamplesJson, SAMPLE_SORT_COLUMNS, type SampleQuery, type SampleScope, type SampleSortBy,
} from '../../engine/resources/samples.js';
import { toApiObject } from '../../engine/sql/db.js';
import { literalUnion, pageOf, pagingQuery, Projection, sendTotalCount, StudyIdParams } from '../params.js';
import { SampleFilterSchema, SampleSchema, type SampleFilter } from '../schemas/samples.js';
import { readableStudyIds } from '../plugins/security.js';
import { sendJsonArrayStream } from '../json-array-stream.js';
import { ARROW_ANSWERS, sendArrowStream, wantsArrow } from '../arrow-stream.js';
import { membersOf, virtualStudyOf } from '../virtual-studies.js';

const tags = ['Samples'];
const ListQuery = Type.Object({ ...pagingQuery(), sortBy: Type.Optional(literalUnion(Object.keys(SAMPLE_SORT_COLUMNS) as SampleSortBy[])) });
const ListResponse = { 200: Type.Array(SampleSchema) };

/**
 * The samples a SampleFilter names. Exactly one of its three lists: the reference's XOR check
 * also lets all three through (then using sampleListIds), a defect we do not copy.
 */
function scopeOf(filter: SampleFilter): SampleScope {
  const { sampleIdentifiers, sampleListIds, uniqueSampleKeys } = filter;
  if ([sampleIdentifiers, sampleListIds, uniqueSampleKeys].filter((l) => l !== undefined).length !== 1)
    throw new InvalidRequest('onlyOneTypeOfFilterPresent must be true');
  if (sampleListIds) return { kind: 'sampleLists', sampleListIds };
  // When every key is malformed the reference drops the condition and returns every sample;
  // the documented answer (api.md 1.6) is [], which the empty pair lists give.
  const pairs = sampleIdentifiers ?? decodeUniqueKeys(uniqueSampleKeys ?? []).map(({ id, studyId }) => ({ sampleId: id, studyId }));
  return { kind: 'identifiers', studyIds: pairs.map((p) => p.studyId), sampleIds: pairs.map((p) => p.sampleId) };
}

export const sampleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const list = async (scope: SampleScope, query: typeof ListQuery.static, reply: FastifyReply) => {
    const { projection = 'SUMMARY', sortBy, direction } = query;
    if (projection === 'META') return sendTotalCount(reply, await countSamples(app.db, scope));
    return send({ scope, projection, sortBy, direction, ...pageOf(query) }, reply);
  };
  const send = (q: SampleQuery, reply: FastifyReply) =>
    (wantsArrow(reply.request) ? sendArrowStream(reply, sampleRows(q)) : sendJsonArrayStream(reply, streamSamplesJson(app.db, q)));

  app.get('/samples', {
    schema: {
      tags, operationId: 'getSamplesByKeywordUsingGET', description: 'Get all samples matching keyword',
      querystring: Type.Object({ ...ListQuery.properties, keyword: Type.Optional(Type.String({ description: 'Search keyword that applies to the sample ID' })) }),
      response: ListResponse,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) =>
    list({ kind: 'all', keyword: request.query.keyword || undefined, studyIds: await readableStudyIds(app, request) }, request.query, reply));

  app.get('/studies/:studyId/samples', {
    schema: {
      tags, operationId: 'getAllSamplesInStudyUsingGET', description: 'Get all samples in a study',
      params: StudyIdParams, querystring: ListQuery, response: ListResponse,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const virtual = await virtualStudyOf(app, request.params.studyId);
    if (virtual) {
      const members = await membersOf(app, virtual.data);
      const pairs = members.flatMap((m) => m.samples.map((sampleId) => ({ studyId: m.id, sampleId })));
      return list({ kind: 'identifiers', studyIds: pairs.map((p) => p.studyId), sampleIds: pairs.map((p) => p.sampleId) }, request.query, reply);
    }
    return list({ kind: 'study', studyKey: await requireStudyKey(app.db, request.params.studyId) }, request.query, reply);
  });

  app.get('/studies/:studyId/samples/:sampleId', {
    schema: {
      tags, operationId: 'getSampleInStudyUsingGET', description: 'Get a sample in a study',
      params: Type.Object({ studyId: Type.String(), sampleId: Type.String({ description: 'Sample ID e.g. TCGA-OR-A5J2-01' }) }),
      response: { 200: SampleSchema },
    },
  }, async (request) => {
    const sampleKey = await requireSampleKey(app.db, request.params.studyId, request.params.sampleId);
    const [sample] = await fetchSamples(app.db, { scope: { kind: 'sample', sampleKey }, projection: 'DETAILED' });
    return toApiObject(sample);
  });

  app.get('/studies/:studyId/patients/:patientId/samples', {
    schema: {
      tags, operationId: 'getAllSamplesOfPatientInStudyUsingGET', description: 'Get all samples of a patient in a study',
      params: Type.Object({ studyId: Type.String(), patientId: Type.String({ description: 'Patient ID e.g. TCGA-OR-A5J2' }) }),
      querystring: ListQuery, response: ListResponse,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const patientKey = await requirePatientKey(app.db, request.params.studyId, request.params.patientId);
    return list({ kind: 'patient', patientKey }, request.query, reply);
  });

  app.post('/samples/fetch', {
    schema: {
      tags, operationId: 'fetchSamplesUsingPOST', description: 'Fetch samples by ID',
      querystring: Type.Object({ projection: Type.Optional(Projection) }), body: SampleFilterSchema, response: ListResponse,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const scope = scopeOf(request.body);
    const { projection = 'SUMMARY' } = request.query;
    if (projection === 'META') return sendTotalCount(reply, await countSamples(app.db, scope));
    return send({ scope, projection }, reply);
  });
};
