// Clinical event routes, the event meta fetch and survival data (api.md 10) over the lgg study's
// four timeline files (loaded in the order specimen, status, surgery, treatment).
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueKey } from '../../engine/keys.js';
import { javaDoubleText } from '../../engine/resources/clinical-events-survival.js';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => { app = await openTestApp(['study_hg38', 'lgg_ucsf_2014_test_generic_assay']); });
afterAll(() => app.close());

const LGG = 'lgg_ucsf_2014_test_generic_assay';
type Event = { eventType: string; patientId: string; startNumberOfDaysSinceDiagnosis: number; endNumberOfDaysSinceDiagnosis?: number; attributes: { key: string; value: string }[] };
const get = (url: string) => app.inject(url);
const post = (url: string, body: unknown) => app.inject({ method: 'POST', url, payload: body as object });
const starts = (items: Event[]) => items.map((e) => `${e.eventType}@${e.startNumberOfDaysSinceDiagnosis}`);

// awk '$1=="P01"' data_timeline_*.txt, in file order.
const P01 = ['SPECIMEN@124', 'SPECIMEN@1063', 'STATUS@580', 'STATUS@1041', 'STATUS@1377', 'SURGERY@0', 'SURGERY@124',
  'SURGERY@1063', 'SURGERY@1391', 'TREATMENT@611', 'TREATMENT@977', 'TREATMENT@1007', 'TREATMENT@1088', 'TREATMENT@1160'];

describe('GET /api/studies/{studyId}/patients/{patientId}/clinical-events', () => {
  it('returns the patient\'s events in import order with their attributes', async () => {
    const res = await get(`/api/studies/${LGG}/patients/P01/clinical-events`);
    expect(res.statusCode).toBe(200);
    const items: Event[] = res.json();
    expect(starts(items)).toEqual(P01);
    expect(items[0]).toEqual({
      eventType: 'SPECIMEN', patientId: 'P01', studyId: LGG, uniquePatientKey: uniqueKey('P01', LGG), startNumberOfDaysSinceDiagnosis: 124,
      attributes: [{ key: 'SAMPLE_ID', value: 'P01_Pri' }, { key: 'SURGERY', value: 'Astro II Initial' }],
    });
    // Treatment rows: empty SUBTYPE / AGENT cells give no attribute; STOP_DATE becomes the end.
    expect(items[10]).toMatchObject({ endNumberOfDaysSinceDiagnosis: 1007, attributes: [{ key: 'TREATMENT_TYPE', value: 'Medical Therapy' }, { key: 'AGENT', value: 'TMZ + accutane' }] });
    expect(items[12].attributes).toEqual([{ key: 'TREATMENT_TYPE', value: 'Radiation Therapy' }, { key: 'SUBTYPE', value: 'XRT' }]);
    expect(items[0]).not.toHaveProperty('endNumberOfDaysSinceDiagnosis');
  });

  it('sorts (ties in import order, no end date last), pages, counts', async () => {
    const byStart: Event[] = (await get(`/api/studies/${LGG}/patients/P01/clinical-events?sortBy=startNumberOfDaysSinceDiagnosis&pageSize=4`)).json();
    expect(starts(byStart)).toEqual(['SURGERY@0', 'SPECIMEN@124', 'SURGERY@124', 'STATUS@580']);
    const desc: Event[] = (await get(`/api/studies/${LGG}/patients/P01/clinical-events?sortBy=startNumberOfDaysSinceDiagnosis&direction=DESC&pageSize=1`)).json();
    expect(starts(desc)).toEqual(['SURGERY@1391']);
    const byEnd: Event[] = (await get(`/api/studies/${LGG}/patients/P01/clinical-events?sortBy=endNumberOfDaysSinceDiagnosis`)).json();
    expect(byEnd.map((e) => e.endNumberOfDaysSinceDiagnosis ?? null).slice(0, 6)).toEqual([977, 1007, 1038, 1132, 1342, null]);
    const byType: Event[] = (await get(`/api/studies/${LGG}/patients/P01/clinical-events?sortBy=eventType&direction=DESC&pageSize=2`)).json();
    expect(starts(byType)).toEqual(['TREATMENT@611', 'TREATMENT@977']);
    const page: Event[] = (await get(`/api/studies/${LGG}/patients/P01/clinical-events?pageSize=5&pageNumber=2`)).json();
    expect(starts(page)).toEqual(P01.slice(10));
    const meta = await get(`/api/studies/${LGG}/patients/P01/clinical-events?projection=META`);
    expect(meta.headers['total-count']).toBe('14');
    expect(meta.body).toBe('');
  });

  it('ID has only identifying fields', async () => {
    const items = (await get(`/api/studies/${LGG}/patients/P01/clinical-events?projection=ID&sortBy=eventType&direction=DESC`)).json();
    expect(items).toHaveLength(14);
    expect(items[0]).toEqual({ eventType: 'SPECIMEN', patientId: 'P01', studyId: LGG, uniquePatientKey: uniqueKey('P01', LGG) });
  });

  it('answers 404 for the study, then the patient', async () => {
    expect((await get('/api/studies/nope/patients/P01/clinical-events')).json()).toEqual({ message: 'Study not found: nope' });
    expect((await get(`/api/studies/${LGG}/patients/P99/clinical-events`)).json()).toEqual({ message: `Patient not found in study ${LGG}: P99` });
    // A patient without timeline rows (study_hg38 has none) has no events.
    expect((await get('/api/studies/study_hg38/patients/TCGA-A2-A04P/clinical-events')).json()).toEqual([]);
  });
});

describe('GET /api/studies/{studyId}/clinical-events', () => {
  it('returns every event of the study in import order', async () => {
    const items: Event[] = (await get(`/api/studies/${LGG}/clinical-events`)).json();
    // Data rows of the four timeline files: 60 + 30 + 54 + 20.
    expect(items).toHaveLength(164);
    expect(items.slice(0, 3).map((e) => `${e.patientId} ${e.eventType}@${e.startNumberOfDaysSinceDiagnosis}`))
      .toEqual(['P01 SPECIMEN@124', 'P02 SPECIMEN@0', 'P04 SPECIMEN@0']);
    expect(items[163].eventType).toBe('TREATMENT');
    expect((await get(`/api/studies/${LGG}/clinical-events?projection=META`)).headers['total-count']).toBe('164');
  });

  it('has a page size of at most 100000 and answers [] for an unknown study', async () => {
    expect((await get(`/api/studies/${LGG}/clinical-events?pageSize=100000`)).json()).toHaveLength(164);
    expect((await get(`/api/studies/${LGG}/clinical-events?pageSize=100001`)).json()).toEqual({ message: 'pageSize must be less than or equal to 100000' });
    expect((await get(`/api/studies/${LGG}/clinical-events?pageSize=0`)).statusCode).toBe(400);
    const unknown = await get('/api/studies/nope/clinical-events');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    expect((await get('/api/studies/nope/clinical-events?projection=META')).headers['total-count']).toBe('0');
    expect((await get(`/api/studies/${LGG}/clinical-events?sortBy=stopDate`)).statusCode).toBe(400);
  });
});

describe('POST /api/clinical-events-meta/fetch', () => {
  const url = '/api/clinical-events-meta/fetch';
  const P01_ID = [{ studyId: LGG, patientId: 'P01' }];

  it('lists event types with distinct lower-cased attribute pairs', async () => {
    const items = (await post(url, { patientIdentifiers: P01_ID, clinicalEventRequests: [] })).json();
    expect(items.map((e: Event) => e.eventType)).toEqual(['specimen', 'status', 'surgery', 'treatment']);
    expect(items[0]).toEqual({
      eventType: 'specimen', uniquePatientKey: uniqueKey(null, null),
      attributes: [
        { key: 'sample_id', value: 'p01_pri' }, { key: 'sample_id', value: 'p01_rec' },
        { key: 'surgery', value: 'astro ii initial' }, { key: 'surgery', value: 'glioblastoma' },
      ],
    });
    // Three STATUS rows, one distinct pair.
    expect(items[1].attributes).toEqual([{ key: 'status', value: 'radiographic_progression' }]);
  });

  it('keeps only requested types, and only the listed keys (values ignored)', async () => {
    const body = { patientIdentifiers: [...P01_ID, { studyId: LGG, patientId: 'nope' }], clinicalEventRequests: [
      { eventType: 'TREATMENT', attributes: [{ key: 'AGENT', value: 'ignored' }] }, { eventType: 'STATUS' }, { eventType: 'surgery' },
    ] };
    const items = (await post(url, body)).json();
    expect(items.map((e: Event) => e.eventType)).toEqual(['status', 'treatment']);
    // P01's AGENT cells: TMZ, TMZ + accutane, TMZ + thalidomide, CCNU + thalidomide (the XRT row has none).
    expect(items[1].attributes.map((a: { value: string }) => a.value)).toEqual(['ccnu + thalidomide', 'tmz', 'tmz + accutane', 'tmz + thalidomide']);
  });

  it('answers 400 to bad bodies', async () => {
    expect((await post(url, { patientIdentifiers: [], clinicalEventRequests: [] })).json()).toEqual({ message: 'patientIdentifiers size must be between 1 and 10000000' });
    expect((await post(url, { patientIdentifiers: P01_ID })).statusCode).toBe(400);
    expect((await post(url, { patientIdentifiers: P01_ID, clinicalEventRequests: [{ attributes: [] }] })).statusCode).toBe(400);
    const malformed = await app.inject({ method: 'POST', url, payload: '{', headers: { 'content-type': 'application/json' } });
    expect(malformed.json()).toEqual({ message: 'There is an error in the JSON format of the request payload' });
  });
});

describe('POST /api/survival-data/fetch', () => {
  const url = '/api/survival-data/fetch';
  const patients = ['P01', 'P02', 'P13', 'P16', 'P99'].map((patientId) => ({ studyId: LGG, patientId }));
  const status = { clinicalEventRequests: [{ eventType: 'STATUS', attributes: [{ key: 'STATUS', value: 'radiographic_progression' }] }], position: 'FIRST' };

  it('computes months to the first progression or to the last event (censored)', async () => {
    const body = { patientIdentifiers: patients, attributeIdPrefix: 'PFS', startEventRequestIdentifier: { clinicalEventRequests: [{ eventType: 'SURGERY' }], position: 'FIRST' }, endEventRequestIdentifier: status };
    const items = (await post(url, body)).json();
    // P01: first SURGERY day 0, first STATUS day 580 → 580/30.4. P02: 0 → 2156. P13 and P16 have no
    // STATUS row: censored at their last event (622 and 150 days), from their first SURGERY (3 and 0).
    expect(items.map((d: { patientId: string; clinicalAttributeId: string; value: string }) => `${d.patientId} ${d.clinicalAttributeId}=${d.value}`)).toEqual([
      'P01 PFS_MONTHS=19.078947368421055', 'P01 PFS_STATUS=1:EVENT',
      'P02 PFS_MONTHS=70.92105263157895', 'P02 PFS_STATUS=1:EVENT',
      'P13 PFS_MONTHS=20.361842105263158', 'P13 PFS_STATUS=0:CENSORED',
      'P16 PFS_MONTHS=4.934210526315789', 'P16 PFS_STATUS=0:CENSORED',
    ]);
    expect(items[0]).toEqual({ clinicalAttributeId: 'PFS_MONTHS', patientId: 'P01', studyId: LGG, value: '19.078947368421055', uniquePatientKey: uniqueKey('P01', LGG) });
  });

  it('drops patients whose end does not follow the start, and unmatched attribute values', async () => {
    // Start at the LAST SURGERY: P02's last surgery (2226) is after its first progression (2156).
    const body = { patientIdentifiers: patients.slice(0, 2), attributeIdPrefix: 'X', startEventRequestIdentifier: { clinicalEventRequests: [{ eventType: 'SURGERY' }], position: 'LAST' }, endEventRequestIdentifier: status };
    const items = (await post(url, body)).json();
    // P01: last surgery 1391 ≥ first progression 580 → dropped too.
    expect(items).toEqual([]);
    const noMatch = { ...body, startEventRequestIdentifier: { clinicalEventRequests: [{ eventType: 'SURGERY', attributes: [{ key: 'EVENT_TYPE_DETAILED', value: 'nope' }] }], position: 'FIRST' } };
    expect((await post(url, noMatch)).json()).toEqual([]);
  });

  it('answers each patient once, by patient key, whatever the order, repeats and unknown ids of the request', async () => {
    const body = { patientIdentifiers: patients, attributeIdPrefix: 'PFS', startEventRequestIdentifier: { clinicalEventRequests: [{ eventType: 'SURGERY' }], position: 'FIRST' }, endEventRequestIdentifier: status };
    const plain = (await post(url, body)).body;
    const shuffled = [{ studyId: 'nope', patientId: 'P01' }, ...[...patients].reverse(), patients[1], { studyId: LGG, patientId: 'p01' }];
    expect((await post(url, { ...body, patientIdentifiers: shuffled })).body).toBe(plain);
  });

  it('sends an answer kept compressed again only for the same patients, prefix and events', async () => {
    const body = { patientIdentifiers: patients, attributeIdPrefix: 'PFS', startEventRequestIdentifier: { clinicalEventRequests: [{ eventType: 'SURGERY' }], position: 'FIRST' }, endEventRequestIdentifier: status };
    const bodies = [
      body, { ...body, patientIdentifiers: [...patients].reverse() }, { ...body, patientIdentifiers: patients.slice(1) }, { ...body, attributeIdPrefix: 'OS' },
      { ...body, endEventRequestIdentifier: { ...status, position: 'LAST' } }, { ...body, censoredEventRequestIdentifier: { clinicalEventRequests: [{ eventType: 'SURGERY' }], position: 'FIRST' } },
    ];
    for (let round = 0; round < 2; round++) {
      for (const payload of bodies) {
        const brotli = await app.inject({ method: 'POST', url, payload, headers: { 'accept-encoding': 'br' } });
        expect(brotli.headers['content-encoding']).toBe('br');
        expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe((await post(url, payload)).body);
      }
    }
  });

  it('answers a long list (remembered across bodies, its patients resolved once) as the short one', async () => {
    const body = { patientIdentifiers: patients, attributeIdPrefix: 'PFS', startEventRequestIdentifier: { clinicalEventRequests: [{ eventType: 'SURGERY' }], position: 'FIRST' }, endEventRequestIdentifier: status };
    // 30,000 unknown patients around the five: over 1 MB, as a list of every patient of a large study.
    const unknown = (from: number) => Array.from({ length: 15_000 }, (_, i) => ({ studyId: LGG, patientId: `NO-SUCH-PATIENT-${from + i}` }));
    const long = { ...body, patientIdentifiers: [...unknown(0), ...patients, ...unknown(15_000)] };
    const plain = (await post(url, body)).body;
    for (let round = 0; round < 3; round++) expect((await post(url, long)).body).toBe(plain);
    // Another prefix over the same list; and the same list with one more patient.
    expect((await post(url, { ...long, attributeIdPrefix: 'OS' })).body).toBe((await post(url, { ...body, attributeIdPrefix: 'OS' })).body);
    const more = { ...long, patientIdentifiers: [...long.patientIdentifiers, { studyId: LGG, patientId: 'P05' }] };
    expect((await post(url, more)).body).toBe((await post(url, { ...body, patientIdentifiers: [...patients, { studyId: LGG, patientId: 'P05' }] })).body);
    // A list with a bad item is refused, remembered or not.
    const bad = { ...long, patientIdentifiers: [...long.patientIdentifiers.slice(0, -1), { studyId: LGG }] };
    for (let round = 0; round < 2; round++) expect((await post(url, bad)).statusCode).toBe(400);
  });

  it('answers 400 to bad bodies', async () => {
    const ok = { patientIdentifiers: patients, attributeIdPrefix: 'OS', startEventRequestIdentifier: { position: 'FIRST' }, endEventRequestIdentifier: status };
    expect((await post(url, ok)).statusCode).toBe(200);
    const { attributeIdPrefix: _p, ...noPrefix } = ok;
    expect((await post(url, noPrefix)).statusCode).toBe(400);
    expect((await post(url, { ...ok, startEventRequestIdentifier: { position: 'MIDDLE' } })).statusCode).toBe(400);
    expect((await post(url, { ...ok, patientIdentifiers: [] })).json()).toEqual({ message: 'patientIdentifiers size must be between 1 and 10000000' });
  });
});

describe('javaDoubleText', () => {
  it('writes doubles as Java\'s Double.toString does', () => {
    expect([10, 0, 3.6513157894736845, 0.001, 0.0001, 1e7, 12345678.9, -2.5].map(javaDoubleText))
      .toEqual(['10.0', '0.0', '3.6513157894736845', '0.001', '1.0E-4', '1.0E7', '1.23456789E7', '-2.5']);
  });
});
