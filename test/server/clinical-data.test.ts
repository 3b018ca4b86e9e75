// Clinical data routes (api.md 9) over study_hg38 and the lgg study.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueKey } from '../../engine/keys.js';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => { app = await openTestApp(['study_hg38', 'lgg_ucsf_2014_test_generic_assay']); });
afterAll(() => app.close());

const LGG = 'lgg_ucsf_2014_test_generic_assay';
type Datum = { clinicalAttributeId: string; sampleId?: string; patientId: string; value?: string };
const get = (url: string) => app.inject(url);
const post = (url: string, body: unknown) => app.inject({ method: 'POST', url, payload: body as object });
const pairs = (items: Datum[]) => items.map((d) => `${d.sampleId ?? d.patientId} ${d.clinicalAttributeId}`);

// lgg data_clinical_sample.txt, row P01_Pri: every column but NOTE (NA) is stored, plus the
// computed MUTATION_COUNT; sorted by attribute id.
const P01_PRI = ['CANCER_TYPE', 'CANCER_TYPE_DETAILED', 'GRADE', 'IDH1_MUTATION', 'MGMT_STATUS', 'MUTATION_COUNT',
  'NON_SILENT_MUT_TP53_ATRX_CIC_FUBP1', 'ONCOTREE_CODE', 'SAMPLE_TYPE', 'SOMATIC_STATUS', 'STATUS_1P_19Q'];
// lgg data_clinical_patient.txt: P01 has SEX AGE OS_MONTHS OS_STATUS, P02 an empty OS_STATUS; plus SAMPLE_COUNT.
const P01 = ['AGE', 'OS_MONTHS', 'OS_STATUS', 'SAMPLE_COUNT', 'SEX'];
const P02 = ['AGE', 'OS_MONTHS', 'SAMPLE_COUNT', 'SEX'];

describe('GET /api/studies/{studyId}/samples/{sampleId}/clinical-data', () => {
  it('returns the sample\'s values by attribute id, with both keys, SUMMARY', async () => {
    const res = await get(`/api/studies/${LGG}/samples/P01_Pri/clinical-data`);
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items.map((d: Datum) => d.clinicalAttributeId)).toEqual(P01_PRI);
    expect(items[0]).toEqual({
      clinicalAttributeId: 'CANCER_TYPE', sampleId: 'P01_Pri', patientId: 'P01', studyId: LGG, value: 'Glioma',
      uniqueSampleKey: uniqueKey('P01_Pri', LGG), uniquePatientKey: uniqueKey('P01', LGG),
    });
    // "TP53, ATRX" keeps its comma; values are strings.
    expect(items.find((d: Datum) => d.clinicalAttributeId === 'NON_SILENT_MUT_TP53_ATRX_CIC_FUBP1').value).toBe('TP53, ATRX');
  });

  it('filters by attributeId; ID omits value; DETAILED nests the attribute', async () => {
    const one = (await get(`/api/studies/${LGG}/samples/P01_Pri/clinical-data?attributeId=GRADE`)).json();
    expect(one.map((d: Datum) => d.value)).toEqual(['II']);
    const ids = (await get(`/api/studies/${LGG}/samples/P01_Pri/clinical-data?projection=ID`)).json();
    expect(Object.keys(ids[0]).sort()).toEqual(['clinicalAttributeId', 'patientId', 'sampleId', 'studyId', 'uniquePatientKey', 'uniqueSampleKey']);
    const detailed = (await get(`/api/studies/${LGG}/samples/P01_Pri/clinical-data?projection=DETAILED&attributeId=GRADE`)).json();
    // Header rows of GRADE: "Neoplasm Histologic Grade", STRING, priority 1, a sample attribute.
    expect(detailed[0]).toMatchObject({
      value: 'II', patientAttribute: false,
      clinicalAttribute: { clinicalAttributeId: 'GRADE', studyId: LGG, displayName: 'Neoplasm Histologic Grade', datatype: 'STRING', patientAttribute: false, priority: '1' },
    });
    expect(detailed[0].clinicalAttribute.description).toMatch(/^Numeric value to express the degree of abnormality/);
  });

  it('sorts by value, pages, counts', async () => {
    const byValue = (await get(`/api/studies/${LGG}/samples/P01_Pri/clinical-data?sortBy=value&direction=DESC&pageSize=2`)).json();
    // Largest values in binary order among P01_Pri's: "Unmethylated" > "TP53, ATRX".
    expect(byValue.map((d: Datum) => d.value)).toEqual(['Unmethylated', 'TP53, ATRX']);
    const page = (await get(`/api/studies/${LGG}/samples/P01_Pri/clinical-data?pageSize=4&pageNumber=2`)).json();
    expect(page.map((d: Datum) => d.clinicalAttributeId)).toEqual(P01_PRI.slice(8));
    const meta = await get(`/api/studies/${LGG}/samples/P01_Pri/clinical-data?projection=META`);
    expect(meta.headers['total-count']).toBe('11');
    expect(meta.body).toBe('');
  });

  it('answers 404 for the study first, then the sample', async () => {
    expect((await get('/api/studies/nope/samples/P01_Pri/clinical-data')).json()).toEqual({ message: 'Study not found: nope' });
    const res = await get(`/api/studies/${LGG}/samples/P01/clinical-data`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `Sample not found in study ${LGG}: P01` });
  });
});

describe('GET /api/studies/{studyId}/patients/{patientId}/clinical-data', () => {
  it('returns only patient-level values', async () => {
    const items = (await get(`/api/studies/${LGG}/patients/P01/clinical-data`)).json();
    expect(items.map((d: Datum) => d.clinicalAttributeId)).toEqual(P01);
    // P01 row: SEX Male, AGE 28, OS_MONTHS 58, OS_STATUS 1:DECEASED; two samples (P01_Pri, P01_Rec).
    expect(items.map((d: Datum) => d.value)).toEqual(['28', '58', '1:DECEASED', '2', 'Male']);
    expect(items[0]).toEqual({ clinicalAttributeId: 'AGE', patientId: 'P01', studyId: LGG, value: '28', uniquePatientKey: uniqueKey('P01', LGG) });
    expect((await get(`/api/studies/${LGG}/patients/P02/clinical-data`)).json().map((d: Datum) => d.clinicalAttributeId)).toEqual(P02);
  });

  it('answers 404 for an unknown patient', async () => {
    expect((await get(`/api/studies/${LGG}/patients/P01_Pri/clinical-data`)).json()).toEqual({ message: `Patient not found in study ${LGG}: P01_Pri` });
  });
});

describe('GET /api/studies/{studyId}/clinical-data', () => {
  it('orders by sample import order, then attribute id, and counts', async () => {
    const items: Datum[] = (await get(`/api/studies/${LGG}/clinical-data`)).json();
    // awk over data_clinical_sample.txt: 610 non-NA cells + MUTATION_COUNT for each of the 61 samples.
    expect(items).toHaveLength(671);
    expect(pairs(items.slice(0, 12))).toEqual([...P01_PRI.map((a) => `P01_Pri ${a}`), 'P01_Rec CANCER_TYPE']);
    expect((await get(`/api/studies/${LGG}/clinical-data?projection=META`)).headers['total-count']).toBe('671');
  });

  it('serves PATIENT data, one attribute, and sorts', async () => {
    // awk over data_clinical_patient.txt: 91 non-NA cells + SAMPLE_COUNT for each of the 23 patients.
    expect((await get(`/api/studies/${LGG}/clinical-data?clinicalDataType=PATIENT&projection=META`)).headers['total-count']).toBe('114');
    const patients: Datum[] = (await get(`/api/studies/${LGG}/clinical-data?clinicalDataType=PATIENT&pageSize=9`)).json();
    expect(pairs(patients)).toEqual([...P01.map((a) => `P01 ${a}`), ...P02.map((a) => `P02 ${a}`)]);
    expect(patients[0]).not.toHaveProperty('sampleId');
    expect(patients[0]).not.toHaveProperty('uniqueSampleKey');
    const ages: Datum[] = (await get(`/api/studies/${LGG}/clinical-data?clinicalDataType=PATIENT&attributeId=AGE&pageSize=3`)).json();
    // AGE column, first three patients: P01 28, P02 26, P04 22.
    expect(ages.map((d) => `${d.patientId}=${d.value}`)).toEqual(['P01=28', 'P02=26', 'P04=22']);
    const sorted: Datum[] = (await get(`/api/studies/${LGG}/clinical-data?clinicalDataType=PATIENT&attributeId=SEX&sortBy=value&pageSize=1`)).json();
    expect(sorted[0].value).toBe('Female');
  });

  it('answers 404 for an unknown study and 400 for a bad type', async () => {
    expect((await get('/api/studies/nope/clinical-data')).statusCode).toBe(404);
    expect((await get(`/api/studies/${LGG}/clinical-data?clinicalDataType=sample`)).statusCode).toBe(400);
    expect((await get(`/api/studies/${LGG}/clinical-data?sortBy=clinicalAttributeID`)).statusCode).toBe(400);
    expect((await get(`/api/studies/${LGG}/clinical-data?pageSize=10000001`)).json()).toEqual({ message: 'pageSize must be less than or equal to 10000000' });
  });
});

describe('POST /api/studies/{studyId}/clinical-data/fetch', () => {
  const url = `/api/studies/${LGG}/clinical-data/fetch`;

  it('selects ids and attributes, in import order whatever the request order', async () => {
    const items: Datum[] = (await post(url, { ids: ['P02_Pri', 'P01_Rec', 'nope', 'P02_Pri'], attributeIds: ['SAMPLE_TYPE', 'GRADE', 'GRADE'] })).json();
    // data_clinical_sample.txt: P01_Rec GRADE IV, SAMPLE_TYPE Recurrent; P02_Pri II, Primary.
    expect(items.map((d) => `${d.sampleId} ${d.clinicalAttributeId}=${d.value}`)).toEqual([
      'P01_Rec GRADE=IV', 'P01_Rec SAMPLE_TYPE=Recurrent', 'P02_Pri GRADE=II', 'P02_Pri SAMPLE_TYPE=Primary',
    ]);
  });

  it('without ids takes every entity; PATIENT type reads patient ids; META counts', async () => {
    const all = await post(`${url}?projection=META`, { attributeIds: ['GRADE'] });
    // GRADE has a value on all 61 rows of data_clinical_sample.txt.
    expect(all.headers['total-count']).toBe('61');
    const patients: Datum[] = (await post(`${url}?clinicalDataType=PATIENT`, { ids: ['P02', 'P01_Pri'] })).json();
    expect(pairs(patients)).toEqual(P02.map((a) => `P02 ${a}`));
    expect((await post(`${url}?projection=META`, {})).headers['total-count']).toBe('671');
  });

  it('checks the study and the body', async () => {
    expect((await post('/api/studies/nope/clinical-data/fetch', {})).json()).toEqual({ message: 'Study not found: nope' });
    expect((await post(url, { ids: [] })).json()).toEqual({ message: 'ids size must be between 1 and 10000000' });
    expect((await post(url, { attributeIds: [] })).json()).toEqual({ message: 'attributeIds size must be between 1 and 10000000' });
    const unknown = await post(url, { ids: ['P01_Pri'], sampleIds: ['x'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'There is an error in the JSON format of the request payload' });
    const missing = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' } });
    expect(missing.statusCode).toBe(400);
  });
});

describe('POST /api/clinical-data/fetch', () => {
  const url = '/api/clinical-data/fetch';

  it('fetches (studyId, entityId) pairs across studies in import order', async () => {
    const body = {
      identifiers: [
        { studyId: LGG, entityId: 'P01_Pri' }, { studyId: 'study_hg38', entityId: 'TCGA-A2-A04P-01' },
        { studyId: 'study_hg38', entityId: 'P01_Pri' }, { studyId: 'nope', entityId: 'x' }, { studyId: LGG, entityId: 'P01_Pri' },
      ],
      attributeIds: ['MUTATION_COUNT', 'SUBTYPE', 'CANCER_TYPE'],
    };
    const items: Datum[] = (await post(url, body)).json();
    // study_hg38 was imported first; its one sample has SUBTYPE basal-like and a MUTATION_COUNT.
    expect(items.map((d) => `${d.sampleId} ${d.clinicalAttributeId}`)).toEqual([
      'TCGA-A2-A04P-01 MUTATION_COUNT', 'TCGA-A2-A04P-01 SUBTYPE', 'P01_Pri CANCER_TYPE', 'P01_Pri MUTATION_COUNT',
    ]);
    expect(items[1]).toMatchObject({ studyId: 'study_hg38', patientId: 'TCGA-A2-A04P', value: 'basal-like', uniqueSampleKey: uniqueKey('TCGA-A2-A04P-01', 'study_hg38') });
    expect((await post(`${url}?projection=META`, body)).headers['total-count']).toBe('4');
  });

  it('reads entity ids as patient ids for PATIENT', async () => {
    const body = { identifiers: [{ studyId: 'study_hg38', entityId: 'TCGA-A2-A04P' }, { studyId: LGG, entityId: 'P01' }] };
    const items: Datum[] = (await post(`${url}?clinicalDataType=PATIENT`, body)).json();
    // hg38 patient: DFS_STATUS "Recurred/Progressed" is stored as 1:Recurred/Progressed, OS_* and DFS_MONTHS are NA.
    expect(pairs(items)).toEqual(['TCGA-A2-A04P DFS_STATUS', 'TCGA-A2-A04P SAMPLE_COUNT', ...P01.map((a) => `P01 ${a}`)]);
    const ids = (await post(`${url}?clinicalDataType=PATIENT&projection=ID`, body)).json();
    expect(Object.keys(ids[0]).sort()).toEqual(['clinicalAttributeId', 'patientId', 'studyId', 'uniquePatientKey']);
  });

  it('answers 400, never 500, to bad bodies', async () => {
    const cases: [unknown, string][] = [
      [{ identifiers: [] }, 'identifiers size must be between 1 and 10000000'],
      [{}, 'There is an error in the JSON format of the request payload'],
      [{ identifiers: [{ studyId: LGG }] }, 'There is an error in the JSON format of the request payload'],
      [{ identifiers: 'P01' }, 'There is an error in the JSON format of the request payload'],
      [{ identifiers: [{ studyId: LGG, entityId: 'P01_Pri' }], attributeIds: [] }, 'attributeIds size must be between 1 and 10000000'],
    ];
    for (const [body, message] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    const malformed = await app.inject({ method: 'POST', url, payload: '{"identifiers":[', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect((await post(`${url}?clinicalDataType=BOTH`, { identifiers: [{ studyId: LGG, entityId: 'P01' }] })).statusCode).toBe(400);
  });
});

describe('fuzz', () => {
  it('answers 200 [] to far pages and hostile ids, never 5xx', async () => {
    expect((await get(`/api/studies/${LGG}/clinical-data?pageSize=10000000&pageNumber=2147483647`)).json()).toEqual([]);
    expect((await get(`/api/studies/${LGG}/clinical-data?attributeId=%27%3B--%25_`)).json()).toEqual([]);
    const hostile = { identifiers: [{ studyId: "' OR 1=1 --", entityId: '%' }, { studyId: LGG, entityId: 'P0_%' }], attributeIds: ["'", '_'] };
    const res = await post('/api/clinical-data/fetch', hostile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await post('/api/clinical-data/fetch', { identifiers: [{ studyId: 1, entityId: true }] })).statusCode).toBeLessThan(500);
  });
});
