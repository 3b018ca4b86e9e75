// Clinical (timeline) events of a study or patient, the event-type catalogue of some patients,
// and survival data computed from events (api.md 10).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  CLINICAL_EVENT_SORT_COLUMNS, countClinicalEvents, fetchClinicalEvents, type ClinicalEventQuery, type ClinicalEventSortBy,
} from '../../engine/resources/clinical-events.js';
import { fetchClinicalEventsMeta } from '../../engine/resources/clinical-events-meta.js';
import { fetchSurvivalData, javaDoubleText, requestedPatients, type SurvivalRow } from '../../engine/resources/clinical-events-survival.js';
import { requirePatientKey } from '../../engine/resources/lookup.js';
import { uniqueKey } from '../../engine/keys.js';
import { toApiObject } from '../../engine/sql/db.js';
import { jsonArrayStream } from '../json-array-stream.js';
import { answerKey } from '../kept-answers.js';
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
    return reply.send((await fetchClinicalEvents(app.db, { scope, projection, sortBy: sort, direction, ...page })).map(toApiObject));
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
    return rows.map((r) => ({ ...toApiObject(r), uniquePatientKey: uniqueKey(null, null) }));
  });

  /**
   * The patients of an identifier list, by the list: a chart of every patient of a study sends the
   * same 194,000 at GENIE's size with each visit, given as one remembered list
   * (repeated-identifiers.ts), and resolving them took ~30 ms a request.
   */
  const resolvedPatients = (ids: readonly { studyId: string; patientId: string }[]) => {
    // Per generation of the store (its lookups' owner): a list outlives the generation it was resolved in.
    const { db, matrices } = app;
    return matrices.forList('survival patients', ids, async () => {
      const patients = await requestedPatients(db, matrices, pairsOf(ids));
      return { patients, keys: Float64Array.from(patients, (p) => p.key) };
    });
  };

  app.post('/survival-data/fetch', {
    schema: {
      tags: ['Survival'], operationId: 'fetchSurvivalDataUsingPOST', description: 'Fetch survival data',
      body: SurvivalRequestSchema, response: { 200: Type.Array(ClinicalDataSchema) },
    },
  }, async (request, reply) => {
    const b = request.body;
    const { patients, keys } = await resolvedPatients(b.patientIdentifiers);
    const events = { start: b.startEventRequestIdentifier, end: b.endEventRequestIdentifier, censored: b.censoredEventRequestIdentifier };
    // A chart of every patient of a study is asked for again with each visit: 56 MB of JSON at GENIE's size.
    const key = answerKey('survival-data', b.attributeIdPrefix, JSON.stringify(events), keys);
    return app.answers.send(request, reply, key, async () =>
      jsonArrayStream(reply, survivalJson(await fetchSurvivalData(app.db, app.matrices, patients, events), b.attributeIdPrefix)));
  });
};

/** Patients per batch of survival JSON. */
const SURVIVAL_BATCH = 4096;

/**
 * Two ClinicalData items per patient, `<prefix>_MONTHS` (days / 30.4, as Java prints a double)
 * and `<prefix>_STATUS`, written as the response schema orders their fields: a whole study's
 * 194,000 patients are 390,000 items, which took the schema's serializer (and the objects it
 * reads) most of a second.
 */
async function* survivalJson(rows: readonly SurvivalRow[], prefix: string): AsyncGenerator<string[], void, undefined> {
  const months = JSON.stringify(`${prefix}_MONTHS`);
  const status = JSON.stringify(`${prefix}_STATUS`);
  for (let first = 0; first < rows.length; first += SURVIVAL_BATCH) {
    const texts: string[] = [];
    for (const r of rows.slice(first, first + SURVIVAL_BATCH)) {
      const ids = `"patientId":${JSON.stringify(r.patientId)},"studyId":${JSON.stringify(r.studyId)},"uniquePatientKey":"${uniqueKey(r.patientId, r.studyId)}"`;
      texts.push(`{"clinicalAttributeId":${months},${ids},"value":"${javaDoubleText(r.days / 30.4)}"}`);
      texts.push(`{"clinicalAttributeId":${status},${ids},"value":"${r.event ? '1:EVENT' : '0:CENSORED'}"}`);
    }
    yield texts;
  }
}
