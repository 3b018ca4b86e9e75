// Patients (api.md 5): all (with keyword), of a study, one patient, fetch by PatientFilter.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { InvalidRequest } from '../../engine/errors.js';
import { decodeUniqueKeys } from '../../engine/keys.js';
import { requirePatientKey, requireStudyKey } from '../../engine/resources/lookup.js';
import { countPatients, fetchPatients, PATIENT_SORT_COLUMNS, type PatientScope, type PatientSortBy } from '../../engine/resources/patients.js';
import { toApiObject } from '../../engine/sql/db.js';
import { literalUnion, pageOf, pagingQuery, Projection, sendTotalCount, StudyIdParams } from '../params.js';
import { PatientFilterSchema, PatientSchema, type PatientFilter } from '../schemas/patients.js';
import { readableStudyIds } from '../plugins/security.js';

const tags = ['Patients'];
const ListQuery = Type.Object({ ...pagingQuery(), sortBy: Type.Optional(literalUnion(Object.keys(PATIENT_SORT_COLUMNS) as PatientSortBy[])) });
const ListResponse = { 200: Type.Array(PatientSchema) };

/** The (studyId, patientId) pairs a PatientFilter names; exactly one of its lists must be given. */
function scopeOf(filter: PatientFilter): PatientScope {
  const { patientIdentifiers, uniquePatientKeys } = filter;
  if ((patientIdentifiers === undefined) === (uniquePatientKeys === undefined))
    throw new InvalidRequest('eitherPatientIdentifiersOrUniquePatientKeysPresent must be true');
  const pairs = patientIdentifiers ?? decodeUniqueKeys(uniquePatientKeys ?? []).map(({ id, studyId }) => ({ patientId: id, studyId }));
  return { kind: 'identifiers', studyIds: pairs.map((p) => p.studyId), patientIds: pairs.map((p) => p.patientId) };
}

export const patientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const list = async (scope: PatientScope, query: typeof ListQuery.static, reply: FastifyReply) => {
    const { projection = 'SUMMARY', sortBy, direction } = query;
    if (projection === 'META') return sendTotalCount(reply, await countPatients(app.db, scope));
    return reply.send((await fetchPatients(app.db, { scope, projection, sortBy, direction, ...pageOf(query) })).map(toApiObject));
  };

  app.get('/patients', {
    schema: {
      tags, operationId: 'getAllPatientsUsingGET', description: 'Get all patients',
      querystring: Type.Object({ ...ListQuery.properties, keyword: Type.Optional(Type.String({ description: 'Search keyword that applies to ID of the patients' })) }),
      response: ListResponse,
    },
  }, async (request, reply) => {
    const keyword = request.query.keyword || undefined;
    return list({ kind: 'all', keyword, studyIds: await readableStudyIds(app, request) }, request.query, reply);
  });

  app.get('/studies/:studyId/patients', {
    schema: {
      tags, operationId: 'getAllPatientsInStudyUsingGET', description: 'Get all patients in a study',
      params: StudyIdParams, querystring: ListQuery, response: ListResponse,
    },
  }, async (request, reply) => list({ kind: 'study', studyKey: await requireStudyKey(app.db, request.params.studyId) }, request.query, reply));

  app.get('/studies/:studyId/patients/:patientId', {
    schema: {
      tags, operationId: 'getPatientInStudyUsingGET', description: 'Get a patient in a study',
      params: Type.Object({ studyId: Type.String(), patientId: Type.String({ description: 'Patient ID e.g. TCGA-OR-A5J2' }) }),
      response: { 200: PatientSchema },
    },
  }, async (request) => {
    const patientKey = await requirePatientKey(app.db, request.params.studyId, request.params.patientId);
    const [patient] = await fetchPatients(app.db, { scope: { kind: 'patient', patientKey }, projection: 'DETAILED' });
    // The single-patient answer carries no uniquePatientKey (reference quirk, api.md 1.6).
    const { unique_patient_key: _key, ...rest } = patient;
    return toApiObject(rest);
  });

  app.post('/patients/fetch', {
    schema: {
      tags, operationId: 'fetchPatientsUsingPOST', description: 'Fetch patients',
      querystring: Type.Object({ projection: Type.Optional(Projection) }), body: PatientFilterSchema, response: ListResponse,
    },
  }, async (request, reply) => {
    const scope = scopeOf(request.body);
    const { projection = 'SUMMARY' } = request.query;
    if (projection === 'META') return sendTotalCount(reply, await countPatients(app.db, scope));
    return (await fetchPatients(app.db, { scope, projection })).map(toApiObject);
  });
};
