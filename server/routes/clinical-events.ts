// Clinical (timeline) events of a study or patient, the event-type catalogue of some patients,
// and survival data computed from events (api.md 10).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  CLINICAL_EVENT_SORT_COLUMNS, countClinicalEvents, fetchClinicalEvents, type ClinicalEventQuery, type ClinicalEventSortBy,
} from '../../engine/queries/clinical-events.js';
import { fetchClinicalEventsMeta } from '../../engine/queries/clinical-events-meta.js';
import { fetchSurvivalData } from '../../engine/queries/clinical-events-survival.js';
import { requirePatientKey } from '../../engine/queries/lookup.js';
import { uniqueKey } from '../../engine/keys.js';
import { toApiObject } from '../../engine/sql/db.js';
import { literalUnion, pageOf, pagingQuery, StudyIdParams } from '../params.js';
import { ClinicalDataSchema } from '../schemas/clinical-data.js';
import { ClinicalEventAttributeRequestSchema, ClinicalEventSchema, SurvivalRequestSchema } from '../schemas/clinical-events.js';

const tags = ['Clinical Events'];
const sortBy = Type.Optional(literalUnion(Object.keys(CLINICAL_EVENT_SORT_COLUMNS) as ClinicalEventSortBy[]));
// A study's events are capped at 100000 per page (cBioPortal's CLINICAL_EVENT_MAX_PAGE_SIZE).
const StudyQuery = Type.Object({ ...pagingQuery({ maxPageSize: 100_000 }), sortBy });
const PatientQuery = Type.Object({ ...pagingQuery(), sortBy });
const response = { 200: Type.Array(ClinicalEventSchema) };
const pairsOf = (ids: readonly { studyId: string; patientId: string }[]) =>
  ({ studyIds: ids.map((i) => i.studyId), patientIds: ids.map((i) => i.patientId) });

export const clinicalEventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (scope: ClinicalEventQuery['scope'], query: typeof PatientQuery.static, reply: FastifyReply, maxPageSize?: number) => {
    const { projection = 'SUMMARY', sortBy: sort, direction } = query;
    if (projection === 'META') return reply.header('total-count', String(await countClinicalEvents(app.db, scope))).send();
    const page = pageOf({ pageSize: query.pageSize ?? maxPageSize, pageNumber: query.pageNumber });
    return reply.send((await fetchClinicalEvents(app.db, { scope, projection, sortBy: sort, direction, ...page })).map(toApiObject) as never);
  };

  app.get('/studies/:studyId/clinical-events', {
    schema: {
      tags, operationId: 'getAllClinicalEventsInStudyUsingGET', description: 'Get all clinical events in a study',
      params: StudyIdParams, querystring: StudyQuery, response,
    },
  }, async (request, reply) =>
    // No study check: an unknown study has no events (api.md 1.9).
    answer({ kind: 'study', studyId: request.params.studyId }, request.query, reply, 100_000));

  app.get('/studies/:studyId/patients/:patientId/clinical-events', {
    schema: {
      tags, operationId: 'getAllClinicalEventsOfPatientInStudyUsingGET', description: 'Get all clinical events of a patient in a study',
      params: Type.Object({ studyId: Type.String(), patientId: Type.String({ description: 'Patient ID e.g. P01' }) }),
      querystring: PatientQuery, response,
    },
  }, async (request, reply) => {
    const patientKey = await requirePatientKey(app.db, request.params.studyId, request.params.patientId);
    return answer({ kind: 'patient', patientKey }, request.query, reply);
  });

  app.post('/clinical-events-meta/fetch', {
    schema: {
      tags, operationId: 'fetchClinicalEventsMetaUsingPOST', description: 'Fetch clinical events meta',
      body: ClinicalEventAttributeRequestSchema, response,
    },
  }, async (request) => {
    const rows = await fetchClinicalEventsMeta(app.db, pairsOf(request.body.patientIdentifiers), request.body.clinicalEventRequests);
    // The reference's items carry the key of a null patient in a null study (api.md 1.6).
    return rows.map((r) => ({ ...toApiObject(r), uniquePatientKey: uniqueKey(null, null) })) as never;
  });

  app.post('/survival-data/fetch', {
    schema: {
      tags: ['Survival'], operationId: 'fetchSurvivalDataUsingPOST', description: 'Fetch survival data',
      body: SurvivalRequestSchema, response: { 200: Type.Array(ClinicalDataSchema) },
    },
  }, async (request) => {
    const b = request.body;
    const rows = await fetchSurvivalData(app.db, {
      patients: pairsOf(b.patientIdentifiers), attributeIdPrefix: b.attributeIdPrefix,
      start: b.startEventRequestIdentifier, end: b.endEventRequestIdentifier, censored: b.censoredEventRequestIdentifier,
    });
    return rows.map((r) => ({ ...toApiObject({ ...r }), uniquePatientKey: uniqueKey(r.patient_id, r.study_id) })) as never;
  });
};
