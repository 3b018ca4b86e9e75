// Resource definitions and resource data (api.md 11) over study_es_0's four resource files.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp(['study_es_0', 'study_hg38']);
});
afterAll(() => app.close());

const get = async (url: string) => (await app.inject(url)).json();
const NOT_IMPLEMENTED = { message: 'Requested API is not implemented yet' };
// data_resource_definition.txt, one line each.
const SLIDE = {
  resourceId: 'PATHOLOGY_SLIDE', studyId: 'study_es_0', displayName: 'Pathology Slide', description: 'The pathology slide for the sample',
  resourceType: 'SAMPLE', priority: '1', openByDefault: true,
};
const NOTES = { resourceId: 'PATIENT_NOTES', studyId: 'study_es_0', displayName: 'Patient Notes', description: 'Notes about the patient', resourceType: 'PATIENT', priority: '2', openByDefault: false };
const SPONSORS = { resourceId: 'STUDY_SPONSORS', studyId: 'study_es_0', displayName: 'Study Sponsors', description: 'Sponsors of this study', resourceType: 'STUDY', priority: '3', openByDefault: true };

describe('resource definitions', () => {
  it('lists a study\'s definitions by resourceId, sorted and projected', async () => {
    expect(await get('/api/studies/study_es_0/resource-definitions')).toEqual([SLIDE, NOTES, SPONSORS]);
    expect(await get('/api/studies/study_es_0/resource-definitions?projection=ID')).toEqual([SLIDE, NOTES, SPONSORS].map(({ resourceId, studyId, displayName }) => ({ resourceId, studyId, displayName })));
    const byPriority = await get('/api/studies/study_es_0/resource-definitions?sortBy=priority&direction=DESC&pageSize=2');
    expect(byPriority.map((d: { resourceId: string }) => d.resourceId)).toEqual(['STUDY_SPONSORS', 'PATIENT_NOTES']);
    expect(await get('/api/studies/study_es_0/resource-definitions?pageSize=2&pageNumber=1')).toEqual([SPONSORS]);
    expect(await get('/api/studies/study_hg38/resource-definitions')).toEqual([]);
  });

  it('501 for META, 404 for unknown studies and resources, 400 for bad parameters', async () => {
    const meta = await app.inject('/api/studies/study_es_0/resource-definitions?projection=META');
    expect(meta.statusCode).toBe(501);
    expect(meta.json()).toEqual(NOT_IMPLEMENTED);
    expect(await get('/api/studies/nope/resource-definitions')).toEqual({ message: 'Study not found: nope' });
    expect(await get('/api/studies/study_es_0/resource-definitions?sortBy=url')).toHaveProperty('message');
    expect(await get('/api/studies/study_es_0/resource-definitions?pageSize=0')).toEqual({ message: 'pageSize must be greater than or equal to 1' });
  });

  it('answers one definition in full', async () => {
    expect(await get('/api/studies/study_es_0/resource-definitions/PATIENT_NOTES')).toEqual(NOTES);
    expect(await get('/api/studies/study_es_0/resource-definitions/nope')).toEqual({ message: 'Resource not found: nope' });
    expect(await get('/api/studies/nope/resource-definitions/PATIENT_NOTES')).toEqual({ message: 'Study not found: nope' });
  });

  it('fetches the definitions of several studies', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/resource-definitions/fetch?projection=ID', payload: ['study_hg38', 'study_es_0', 'nope'] });
    expect(res.json().map((d: { resourceId: string }) => d.resourceId)).toEqual(['PATHOLOGY_SLIDE', 'PATIENT_NOTES', 'STUDY_SPONSORS']);
    const meta = await app.inject({ method: 'POST', url: '/api/resource-definitions/fetch?projection=META', payload: ['study_es_0'] });
    expect(meta.json()).toEqual(res.json());
    expect((await app.inject({ method: 'POST', url: '/api/resource-definitions/fetch', payload: ['study_es_0'] })).json()).toEqual([SLIDE, NOTES, SPONSORS]);
    const empty = await app.inject({ method: 'POST', url: '/api/resource-definitions/fetch', payload: [] });
    expect(empty.json()).toEqual({ message: 'studyIds size must be between 1 and 10000000' });
  });
});

describe('resource data', () => {
  it('answers study, patient and sample rows with the keys of their ids', async () => {
    // data_resource_study.txt
    expect(await get('/api/studies/study_es_0/resource-data')).toEqual([{ studyId: 'study_es_0', resourceId: 'STUDY_SPONSORS', url: 'http://url-to-study-sponsors' }]);
    // data_resource_patient.txt, line 2
    expect(await get('/api/studies/study_es_0/patients/TCGA-A1-A0SK/resource-data')).toEqual([{
      uniquePatientKey: 'VENHQS1BMS1BMFNLOnN0dWR5X2VzXzA', patientId: 'TCGA-A1-A0SK', studyId: 'study_es_0', resourceId: 'PATIENT_NOTES',
      url: 'http://url-to-patient-notes-patient2',
    }]);
    // data_resource_sample.txt, line 1
    expect(await get('/api/studies/study_es_0/samples/TCGA-A2-A04P-01/resource-data?projection=DETAILED')).toEqual([{
      uniqueSampleKey: 'VENHQS1BMi1BMDRQLTAxOnN0dWR5X2VzXzA', uniquePatientKey: 'VENHQS1BMi1BMDRQOnN0dWR5X2VzXzA',
      sampleId: 'TCGA-A2-A04P-01', patientId: 'TCGA-A2-A04P', studyId: 'study_es_0', resourceId: 'PATHOLOGY_SLIDE',
      url: 'http://url-to-slide-sample1', resourceDefinition: SLIDE,
    }]);
    expect(await get('/api/studies/study_es_0/samples/TCGA-A2-A04P-01/resource-data?projection=ID')).toEqual([{
      uniqueSampleKey: 'VENHQS1BMi1BMDRQLTAxOnN0dWR5X2VzXzA', uniquePatientKey: 'VENHQS1BMi1BMDRQOnN0dWR5X2VzXzA',
      sampleId: 'TCGA-A2-A04P-01', patientId: 'TCGA-A2-A04P', studyId: 'study_es_0', resourceId: 'PATHOLOGY_SLIDE',
    }]);
    expect(await get('/api/studies/study_es_0/samples/TCGA-A2-A04P-01/resource-data?resourceId=OTHER')).toEqual([]);
  });

  it('concatenates study, patient and sample rows, each sorted and paged on its own', async () => {
    const all = await get('/api/studies/study_es_0/resource-data-all');
    // 1 study + 3 patient + 3 sample rows (the three resource data files).
    expect(all.map((d: { url: string }) => d.url)).toEqual([
      'http://url-to-study-sponsors', 'http://url-to-patient-notes-patient1', 'http://url-to-patient-notes-patient2', 'http://url-to-patient-notes-patient3',
      'http://url-to-slide-sample1', 'http://url-to-slide-sample2', 'http://url-to-slide-sample3',
    ]);
    const paged = await get('/api/studies/study_es_0/resource-data-all?pageSize=1&sortBy=url&direction=DESC');
    expect(paged.map((d: { url: string }) => d.url)).toEqual(['http://url-to-study-sponsors', 'http://url-to-patient-notes-patient3', 'http://url-to-slide-sample3']);
  });

  it('501 for META before any lookup, 404 for unknown parents', async () => {
    for (const url of ['/api/studies/nope/resource-data', '/api/studies/nope/resource-data-all', '/api/studies/nope/samples/x/resource-data', '/api/studies/nope/patients/x/resource-data'])
      expect(await get(`${url}?projection=META`)).toEqual(NOT_IMPLEMENTED);
    expect(await get('/api/studies/nope/resource-data')).toEqual({ message: 'Study not found: nope' });
    expect(await get('/api/studies/study_es_0/samples/nope/resource-data')).toEqual({ message: 'Sample not found in study study_es_0: nope' });
    expect(await get('/api/studies/study_es_0/patients/nope/resource-data')).toEqual({ message: 'Patient not found in study study_es_0: nope' });
    expect(await get('/api/studies/study_es_0/resource-data?sortBy=resourceId')).toHaveProperty('message'); // the constant is ResourceId
    expect((await app.inject('/api/studies/study_es_0/resource-data?sortBy=ResourceId')).statusCode).toBe(200);
  });
});
