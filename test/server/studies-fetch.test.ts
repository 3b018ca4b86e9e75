// POST /api/studies/fetch, GET /api/studies/meta and the tags endpoints (api.md 2.5, 4.2, 4.4-4.6)
// over all shared test studies; expected values come from the study files.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => { app = await openTestApp(); });
afterAll(() => app.close());

type Study = { studyId: string; [field: string]: unknown };
const studiesFetch = (body: unknown, query = '') => app.inject({ method: 'POST', url: `/api/studies/fetch${query}`, payload: body as object });
const studyIds = (items: Study[]) => items.map((s) => s.studyId);
const FIRST_BLOCK = ['studyId', 'cancerTypeId', 'name', 'description', 'publicStudy', 'groups', 'status', 'importDate', 'referenceGenome', 'readPermission'];
const COUNTS = [
  'sequencedSampleCount', 'cnaSampleCount', 'mrnaRnaSeqSampleCount', 'mrnaRnaSeqV2SampleCount', 'mrnaMicroarraySampleCount', 'miRnaSampleCount',
  'methylationHm27SampleCount', 'rppaSampleCount', 'massSpectrometrySampleCount', 'completeSampleCount', 'treatmentCount', 'structuralVariantCount',
];

describe('POST /api/studies/fetch', () => {
  it('ID: studyId + readPermission, by studyId, unknown skipped, duplicates once', async () => {
    const res = await studiesFetch(['study_hg38', 'nope', 'ascn_test_study', 'study_hg38']);
    expect(res.statusCode).toBe(200);
    expect((await studiesFetch(['study_hg38', 'nope', 'ascn_test_study', 'study_hg38'], '?projection=ID')).json())
      .toEqual([{ studyId: 'ascn_test_study', readPermission: true }, { studyId: 'study_hg38', readPermission: true }]);
  });

  it('SUMMARY: first block, the real _all count, resourceCounts; in import order', async () => {
    const items = (await studiesFetch(['study_hg38', 'ascn_test_study', 'lgg_ucsf_2014_test_generic_assay'])).json();
    // Load order of the test store: ..., ascn-test-study, study_hg38, lgg.
    expect(studyIds(items)).toEqual(['ascn_test_study', 'study_hg38', 'lgg_ucsf_2014_test_generic_assay']);
    // ascn-test-study/meta_study.txt (no pmid/citation); cases_all.txt lists 6 ids.
    expect(items[0]).toEqual({
      studyId: 'ascn_test_study', cancerTypeId: 'mel', name: 'ASCN Study', description: 'There is ASCN data in here.', publicStudy: true,
      groups: 'PUBLIC', status: 0, importDate: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/), referenceGenome: 'hg19',
      allSampleCount: 6, readPermission: true, resourceCounts: [],
    });
    // study_hg38: one sample in the global _all list; lgg: cases_all.txt with its 61 samples.
    expect(items[1]).toMatchObject({ referenceGenome: 'hg38', allSampleCount: 1 });
    expect(items[2]).toMatchObject({ pmid: '24336570', citation: 'Johnson et al. Science 2014', allSampleCount: 61 });
    for (const s of items) for (const f of COUNTS) expect(s).not.toHaveProperty(f);
  });

  it('DETAILED: every count and cancerType keyed cancerTypeId; resourceCounts keyed studyId', async () => {
    const [es0, lgg] = (await studiesFetch(['lgg_ucsf_2014_test_generic_assay', 'study_es_0'], '?projection=DETAILED')).json();
    expect(Object.keys(es0).sort()).toEqual([...FIRST_BLOCK, 'pmid', 'citation', 'allSampleCount', ...COUNTS, 'cancerType', 'resourceCounts'].sort());
    // study_es_0/case_lists: 845 samples in the global list, 31 in cases_sequenced, 788 in cases_cna;
    // no rna/microarray/... lists; data_structural_variants.txt names 36 distinct samples.
    expect(es0).toMatchObject({
      allSampleCount: 845, sequencedSampleCount: 31, cnaSampleCount: 788, mrnaRnaSeqSampleCount: 0, methylationHm27SampleCount: 0,
      completeSampleCount: 0, treatmentCount: 0, structuralVariantCount: 36,
      cancerType: { cancerTypeId: 'brca-es0', name: 'Breast Invasive Carcinoma', dedicatedColor: 'HotPink' },
    });
    expect(es0.cancerType).not.toHaveProperty('id');
    // data_resource_definition.txt: three resources; data_resource_sample.txt has 3 samples of PATHOLOGY_SLIDE,
    // data_resource_patient.txt 3 patients of PATIENT_NOTES.
    expect(es0.resourceCounts.map((r: { resourceId: string }) => r.resourceId)).toEqual(['PATHOLOGY_SLIDE', 'PATIENT_NOTES', 'STUDY_SPONSORS']);
    expect(es0.resourceCounts[0]).toMatchObject({ studyId: 'study_es_0', displayName: 'Pathology Slide', resourceType: 'SAMPLE', priority: '1', openByDefault: true, sampleCount: 3 });
    expect(es0.resourceCounts[1]).toMatchObject({ resourceType: 'PATIENT', openByDefault: false, patientCount: 3 });
    expect(es0.resourceCounts[0]).not.toHaveProperty('cancerStudyIdentifier');
    // lgg: data_timeline_treatment.txt has TREATMENT events for 12 distinct patients; 61 sequenced samples; no SVs.
    expect(lgg).toMatchObject({ studyId: 'lgg_ucsf_2014_test_generic_assay', treatmentCount: 12, sequencedSampleCount: 61, structuralVariantCount: 0, cnaSampleCount: 0 });
    expect(lgg.cancerType).toMatchObject({ cancerTypeId: 'difg', name: 'Diffuse Glioma' });
  });

  it('META counts the existing studies among the ids', async () => {
    const res = await studiesFetch(['study_es_0', 'nope', 'study_es_0', 'study_hg38'], '?projection=META');
    expect(res.statusCode).toBe(200);
    expect(res.headers['total-count']).toBe('2');
    expect(res.body).toBe('');
  });

  it('validates the body and projection', async () => {
    expect((await studiesFetch([])).json()).toEqual({ message: 'studyIds size must be between 1 and 10000000' });
    expect((await studiesFetch(['nope'])).json()).toEqual([]);
    expect((await studiesFetch(['study_es_0'], '?projection=FULL')).statusCode).toBe(400);
    for (const payload of ['[', '{"studyIds": ["a"]}', '[{}]', 'null']) {
      const res = await app.inject({ method: 'POST', url: '/api/studies/fetch', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});

describe('GET /api/studies/meta', () => {
  it('answers total-count and X-Total-Count without a body', async () => {
    const all = await app.inject('/api/studies/meta');
    expect(all.statusCode).toBe(200);
    expect(all.body).toBe('');
    expect(all.headers['total-count']).toBe('5');
    expect(all.headers['x-total-count']).toBe('5');
    // Keyword tokens match names, ids and cancer types: "glioma" is lgg's cancer type (Diffuse Glioma) and name.
    expect((await app.inject('/api/studies/meta?keyword=glioma&sortBy=name&direction=DESC')).headers['total-count']).toBe('1');
    expect((await app.inject('/api/studies/meta?keyword=breast')).headers['total-count']).toBe('3');
    expect((await app.inject('/api/studies/meta?sortBy=nope')).statusCode).toBe(400);
  });
});

describe('study tags', () => {
  // study_es_0/study_tags.yml (tags_file in meta_study.txt); no other shared study has tags.
  it('GET /api/studies/{studyId}/tags answers the document, {} when absent or unknown', async () => {
    const tags = (await app.inject('/api/studies/study_es_0/tags')).json();
    expect(tags).toMatchObject({ Analyst: { name: 'Jack', email: 'jack@xyz.com' }, 'Loaded by': 'Jill', 'Load id': 34 });
    expect(tags['Study sponsors']).toEqual([{ name: 'john', email: 'john@@xyz.com' }, { name: 'jane', email: 'jane@@xyz.com' }]);
    for (const id of ['study_hg38', 'nope']) {
      const res = await app.inject(`/api/studies/${id}/tags`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    }
  });

  it('POST /api/studies/tags/fetch answers tags as JSON text for studies having them', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/studies/tags/fetch', payload: ['study_hg38', 'study_es_0', 'nope'] });
    const items = res.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ studyId: 'study_es_0', cancerStudyId: expect.any(Number) });
    expect(typeof items[0].tags).toBe('string');
    expect(JSON.parse(items[0].tags)).toMatchObject({ 'Jira Ticket': 'Foo-1', 'Data Source': 'Study XY123-456' });
    expect((await app.inject({ method: 'POST', url: '/api/studies/tags/fetch', payload: [] })).json()).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/api/studies/tags/fetch', payload: '{', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
  });
});
