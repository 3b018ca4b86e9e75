// Sample list routes (api.md 7) over all shared test studies; expected values come from case_lists/.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => { app = await openTestApp(); });
afterAll(() => app.close());

type SampleList = { sampleListId: string };
const get = (url: string) => app.inject(url);
const fetchLists = (body: unknown, query = '') => app.inject({ method: 'POST', url: `/api/sample-lists/fetch${query}`, payload: body as object });
const listIds = (items: SampleList[]) => items.map((l) => l.sampleListId);

// ascn-test-study/case_lists: cases_all, cases_cna, cases_cnaseq, cases_sequenced (no global list added).
const ASCN = ['ascn_test_study_all', 'ascn_test_study_cna', 'ascn_test_study_cnaseq', 'ascn_test_study_sequenced'];

describe('GET /api/studies/{studyId}/sample-lists', () => {
  it('lists SUMMARY lists by sampleListId', async () => {
    const items = (await get('/api/studies/ascn_test_study/sample-lists')).json();
    expect(listIds(items)).toEqual(ASCN);
    // cases_cnaseq.txt header lines.
    expect(items[2]).toEqual({
      sampleListId: 'ascn_test_study_cnaseq', category: 'all_cases_with_mutation_and_cna_data', studyId: 'ascn_test_study',
      name: 'Tumors with sequencing and CNA data', description: 'All tumor samples that have CNA and sequencing data',
    });
  });

  it('ID keeps sampleListId only and ignores sortBy; sortBy sorts otherwise; DETAILED adds members', async () => {
    const ids = (await get('/api/studies/ascn_test_study/sample-lists?projection=ID&sortBy=name')).json();
    expect(ids).toEqual(ASCN.map((sampleListId) => ({ sampleListId })));
    // Names: "All Tumors", "Tumors CNA", "Tumors with sequencing and CNA data", "Sequenced Tumors".
    expect(listIds((await get('/api/studies/ascn_test_study/sample-lists?sortBy=name&direction=DESC')).json()))
      .toEqual(['ascn_test_study_cnaseq', 'ascn_test_study_cna', 'ascn_test_study_sequenced', 'ascn_test_study_all']);
    const detailed = (await get('/api/studies/ascn_test_study/sample-lists?projection=DETAILED')).json();
    // cases_all lists 6 ids, cases_cna 6, cases_cnaseq 5, cases_sequenced 5.
    expect(detailed.map((l: { sampleCount: number }) => l.sampleCount)).toEqual([6, 6, 5, 5]);
    // Member ids in sample import order (data_clinical_sample.txt row order: S3 S2 S5 S4 S6 S7).
    expect(detailed[0].sampleIds).toEqual(['FAKE_P001_S3', 'FAKE_P001_S2', 'FAKE_P001_S5', 'FAKE_P001_S4', 'FAKE_P001_S6', 'FAKE_P001_S7']);
  });

  it('pages and answers META; 404s an unknown study', async () => {
    expect(listIds((await get('/api/studies/ascn_test_study/sample-lists?pageSize=3&pageNumber=1')).json())).toEqual(ASCN.slice(3));
    expect((await get('/api/studies/ascn_test_study/sample-lists?projection=META')).headers['total-count']).toBe('4');
    expect((await get('/api/studies/nope/sample-lists')).json()).toEqual({ message: 'Study not found: nope' });
  });
});

describe('GET /api/sample-lists', () => {
  it('lists every list by id', async () => {
    // case list files: genepanel 2 + es_0 5 + ascn 4 + hg38 1 + lgg 2, plus a global _all list for the
    // three studies with add_global_case_list: true (genepanel, es_0, hg38).
    expect((await get('/api/sample-lists?projection=META')).headers['total-count']).toBe('17');
    const items = (await get('/api/sample-lists?projection=ID')).json();
    expect(listIds(items).slice(0, 5)).toEqual([...ASCN, 'lgg_ucsf_2014_test_generic_assay_all']);
    expect(listIds((await get('/api/sample-lists?sortBy=studyId&direction=DESC&pageSize=1')).json())).toEqual(['teststudy_genepanels_all']);
  });

  it('400s bad parameters', async () => {
    for (const q of ['pageSize=0', 'pageSize=10000001', 'sortBy=sampleCount', 'projection=id']) expect((await get(`/api/sample-lists?${q}`)).statusCode, q).toBe(400);
  });
});

describe('GET /api/sample-lists/{sampleListId} and /sample-ids', () => {
  it('answers the DETAILED list', async () => {
    expect((await get('/api/sample-lists/study_hg38_sequenced')).json()).toEqual({
      sampleListId: 'study_hg38_sequenced', category: 'other', studyId: 'study_hg38', name: 'Samples profiled for mutations',
      description: 'This is this case list that contains all samples that are profiled for mutations.', sampleCount: 1, sampleIds: ['TCGA-A2-A04P-01'],
    });
  });

  it('answers member ids in import order', async () => {
    // cases_cnaseq.txt: S2..S6, listed in sample import order S3 S2 S5 S4 S6.
    expect((await get('/api/sample-lists/ascn_test_study_cnaseq/sample-ids')).json()).toEqual(['FAKE_P001_S3', 'FAKE_P001_S2', 'FAKE_P001_S5', 'FAKE_P001_S4', 'FAKE_P001_S6']);
    // study_es_0/case_lists/cases_sequenced.txt: 31 ids.
    expect((await get('/api/sample-lists/study_es_0_sequenced/sample-ids')).json()).toHaveLength(31);
  });

  it('404s unknown lists', async () => {
    for (const url of ['/api/sample-lists/nope', '/api/sample-lists/nope/sample-ids', '/api/sample-lists/STUDY_HG38_ALL']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toMatch(/^Sample list not found: /);
    }
  });
});

describe('POST /api/sample-lists/fetch', () => {
  it('fetches existing lists by id, once each, ordered by id', async () => {
    const items = (await fetchLists(['study_hg38_all', 'ascn_test_study_cna', 'nope', 'study_hg38_all'])).json();
    expect(listIds(items)).toEqual(['ascn_test_study_cna', 'study_hg38_all']);
    expect(items[1]).toEqual({ sampleListId: 'study_hg38_all', category: 'all_cases_in_study', studyId: 'study_hg38', name: expect.any(String), description: expect.any(String) });
    const detailed = (await fetchLists(['study_es_0_testprofiled'], '?projection=DETAILED')).json();
    // cases_test.txt: TEST_SAMPLE_1..15.
    expect(detailed[0].sampleCount).toBe(15);
    expect(detailed[0].sampleIds).toEqual(Array.from({ length: 15 }, (_, i) => `TEST_SAMPLE_${i + 1}`));
  });

  it('treats META like ID (not special-cased by the reference)', async () => {
    expect((await fetchLists(['study_hg38_all'], '?projection=META')).json()).toEqual([{ sampleListId: 'study_hg38_all' }]);
  });

  it('validates the body', async () => {
    expect((await fetchLists([])).json()).toEqual({ message: 'sampleListIds size must be between 1 and 10000000' });
    for (const payload of ['[', '{}', '[1, {}]', '"x"']) {
      const res = await app.inject({ method: 'POST', url: '/api/sample-lists/fetch', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});
