// Patient routes (api.md 5) over all shared test studies; expected values come from the study files.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => { app = await openTestApp(); });
afterAll(() => app.close());

type Patient = { patientId: string; studyId: string };
const get = (url: string) => app.inject(url);
const fetchPatients = (body: unknown, query = '') => app.inject({ method: 'POST', url: `/api/patients/fetch${query}`, payload: body as object });
const patientIds = (items: Patient[]) => items.map((p) => p.patientId);
const key = (id: string, studyId: string) => Buffer.from(`${id}:${studyId}`).toString('base64').replace(/=+$/, '');

// study_es_0/meta_study.txt (the nested study: first block + readPermission).
const ES0_STUDY = {
  studyId: 'study_es_0', cancerTypeId: 'brca-es0', name: 'Test study es_0', description: 'Test study es_0', publicStudy: true,
  pmid: '29625048,29596782,29622463,29617662,29625055,29625050', citation: 'Cell 2018', groups: 'PUBLIC;GDAC;SU2C-PI3K', status: 0,
  referenceGenome: 'hg19', readPermission: true,
};

describe('GET /api/studies/{studyId}/patients', () => {
  it('lists SUMMARY patients in import order with uniquePatientKey', async () => {
    const items = (await get('/api/studies/study_es_0/patients?pageSize=3')).json();
    // The first three rows of study_es_0/data_clinical_patients.txt.
    expect(patientIds(items)).toEqual(['TCGA-A2-A04P', 'TCGA-A1-A0SK', 'TCGA-A2-A0CM']);
    expect(items[0]).toEqual({ patientId: 'TCGA-A2-A04P', studyId: 'study_es_0', uniquePatientKey: key('TCGA-A2-A04P', 'study_es_0') });
  });

  it('ID orders by patientId and ignores sortBy; sortBy applies otherwise', async () => {
    // LC_ALL=C sort of the patient ids: TCGA-A1-A0SB, TCGA-A1-A0SD, TCGA-A1-A0SE first.
    const ids = (await get('/api/studies/study_es_0/patients?projection=ID&pageSize=3&sortBy=patientId&direction=DESC')).json();
    expect(patientIds(ids)).toEqual(['TCGA-A1-A0SB', 'TCGA-A1-A0SD', 'TCGA-A1-A0SE']);
    for (const p of ids) expect(Object.keys(p).sort()).toEqual(['patientId', 'studyId', 'uniquePatientKey']);
    expect(patientIds((await get('/api/studies/study_es_0/patients?pageSize=2&sortBy=patientId')).json())).toEqual(['TCGA-A1-A0SB', 'TCGA-A1-A0SD']);
    expect(patientIds((await get('/api/studies/study_es_0/patients?pageSize=2&pageNumber=1&sortBy=patientId')).json())).toEqual(['TCGA-A1-A0SE', 'TCGA-A1-A0SF']);
  });

  it('DETAILED nests the study; META counts', async () => {
    const [p] = (await get('/api/studies/study_es_0/patients?projection=DETAILED&pageSize=1')).json();
    expect(p).toMatchObject({ patientId: 'TCGA-A2-A04P', cancerStudy: ES0_STUDY });
    expect(Object.keys(p.cancerStudy).sort()).toEqual([...Object.keys(ES0_STUDY), 'importDate'].sort());
    expect(p.cancerStudy.importDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // data_clinical_patients.txt: 841 data rows.
    const meta = await get('/api/studies/study_es_0/patients?projection=META');
    expect(meta.headers['total-count']).toBe('841');
    expect(meta.body).toBe('');
  });

  it('404s an unknown study; 400s bad parameters', async () => {
    const res = await get('/api/studies/nope/patients');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Study not found: nope' });
    for (const q of ['pageSize=0', 'pageSize=10000001', 'sortBy=sampleId', 'direction=asc', 'pageNumber=x']) expect((await get(`/api/studies/study_es_0/patients?${q}`)).statusCode, q).toBe(400);
  });
});

describe('GET /api/patients', () => {
  it('counts all patients', async () => {
    // Patient files: 1 (genepanel) + 841 (es_0) + 1 (ascn) + 1 (hg38) + 23 (lgg).
    expect((await get('/api/patients?projection=META')).headers['total-count']).toBe('867');
  });

  it('keyword: case-sensitive tokens on the patient id or its sample ids; ids starting with it first', async () => {
    // grep P0 over patient and sample ids: lgg P01..P09 (no P03) start with it; FAKE_P001 and TCGA-EW-A1P0 contain it.
    expect(patientIds((await get('/api/patients?keyword=P0')).json()))
      .toEqual(['P01', 'P02', 'P04', 'P05', 'P06', 'P07', 'P08', 'P09', 'FAKE_P001', 'TCGA-EW-A1P0']);
    // Case-sensitive: no patient or sample id contains "p0".
    expect((await get('/api/patients?keyword=p0')).json()).toEqual([]);
    // "Pri" only occurs in lgg sample ids (<patient>_Pri), one per each of its 23 patients.
    expect((await get('/api/patients?keyword=Pri&projection=META')).headers['total-count']).toBe('23');
    // Tokens are ANDed against one (patient, sample) row: P01 with its sample P01_Rec.
    expect(patientIds((await get('/api/patients?keyword=P01%20Rec')).json())).toEqual(['P01']);
    // sortBy is ignored while a keyword is given.
    expect(patientIds((await get('/api/patients?keyword=P0&sortBy=patientId&direction=DESC&pageSize=2')).json())).toEqual(['P01', 'P02']);
  });
});

describe('GET /api/studies/{studyId}/patients/{patientId}', () => {
  it('answers the DETAILED patient without uniquePatientKey', async () => {
    const res = await get('/api/studies/study_es_0/patients/TCGA-A1-A0SB');
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ patientId: 'TCGA-A1-A0SB', studyId: 'study_es_0', cancerStudy: ES0_STUDY });
    expect(p).not.toHaveProperty('uniquePatientKey');
  });

  it('404s the study first, then the patient (ids are case-sensitive)', async () => {
    expect((await get('/api/studies/nope/patients/nope')).json()).toEqual({ message: 'Study not found: nope' });
    const res = await get('/api/studies/study_es_0/patients/tcga-a1-a0sb');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Patient not found in study study_es_0: tcga-a1-a0sb' });
  });
});

describe('POST /api/patients/fetch', () => {
  it('fetches by identifiers in import order, once each, skipping unknown ids', async () => {
    // TCGA-A2-A04P is a patient of both study_es_0 (loaded 2nd) and study_hg38 (4th).
    const items = (await fetchPatients({
      patientIdentifiers: [
        { studyId: 'study_hg38', patientId: 'TCGA-A2-A04P' }, { studyId: 'ascn_test_study', patientId: 'FAKE_P001' },
        { studyId: 'study_es_0', patientId: 'TCGA-A2-A04P' }, { studyId: 'study_es_0', patientId: 'TCGA-A2-A04P' }, { studyId: 'nope', patientId: 'FAKE_P001' },
      ],
    })).json();
    expect(items.map((p: Patient) => `${p.studyId}/${p.patientId}`)).toEqual(['study_es_0/TCGA-A2-A04P', 'ascn_test_study/FAKE_P001', 'study_hg38/TCGA-A2-A04P']);
  });

  it('fetches by uniquePatientKeys; META counts; ID sorts by patientId', async () => {
    const body = { uniquePatientKeys: [key('P02', 'lgg_ucsf_2014_test_generic_assay'), key('FAKE_P001', 'ascn_test_study'), 'Zm9v'] };
    expect(patientIds((await fetchPatients(body)).json())).toEqual(['FAKE_P001', 'P02']);
    expect((await fetchPatients(body, '?projection=META')).headers['total-count']).toBe('2');
    expect(patientIds((await fetchPatients(body, '?projection=ID')).json())).toEqual(['FAKE_P001', 'P02']);
    expect((await fetchPatients({ uniquePatientKeys: ['Zm9v'] })).json()).toEqual([]);
  });

  it('requires exactly one list; validates bodies with 400s', async () => {
    for (const body of [{}, { uniquePatientKeys: ['a'], patientIdentifiers: [{ studyId: 'a', patientId: 'b' }] }]) {
      expect((await fetchPatients(body)).json()).toEqual({ message: 'eitherPatientIdentifiersOrUniquePatientKeysPresent must be true' });
    }
    expect((await fetchPatients({ uniquePatientKeys: [] })).json()).toEqual({ message: 'uniquePatientKeys size must be between 1 and 10000000' });
    for (const payload of ['{', 'null', '{"patientIdentifiers": [{"patientId": 1}]}', '{"uniquePatientKeys": ["a"], "extra": true}']) {
      const res = await app.inject({ method: 'POST', url: '/api/patients/fetch', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});
