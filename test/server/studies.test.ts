// GET /api/health and /api/studies over the shared test studies (api.md 4.1, 28).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Db } from '../../engine/sql/db.js';
import { buildApp } from '../../server/app.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';

let app: FastifyInstance;

beforeAll(async () => {
  const store = await openReferenceStore();
  await loadTestStudy(store, 'study_hg38');
  await loadTestStudy(store, 'ascn-test-study');
  app = await buildApp({ db: store.db });
});
afterAll(() => app.close());

describe('GET /api/health', () => {
  it('is UP once cancer types are imported', async () => {
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'UP' });
    expect(res.headers['elapsed-time']).toMatch(/^\d+$/);
  });

  it('is DOWN over a store without the cancer type reference', async () => {
    const empty = await buildApp({ db: await Db.open(':memory:') });
    const res = await empty.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'DOWN' });
    await empty.close();
  });
});

describe('GET /api/studies', () => {
  it('lists studies in import order with the SUMMARY fields', async () => {
    const res = await app.inject('/api/studies');
    expect(res.statusCode).toBe(200);
    const studies = res.json();
    expect(studies.map((s: { studyId: string }) => s.studyId)).toEqual(['study_hg38', 'ascn_test_study']);
    // study_hg38/meta_study.txt: type_of_cancer brca, groups PUBLIC, reference_genome hg38,
    // add_global_case_list true; its sample file has one sample.
    expect(studies[0]).toMatchObject({
      studyId: 'study_hg38', cancerTypeId: 'brca', publicStudy: true, groups: 'PUBLIC', status: 0, referenceGenome: 'hg38',
      allSampleCount: 1, readPermission: true, resourceCounts: [],
    });
    expect(studies[0].importDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(studies[0]).not.toHaveProperty('pmid');
    expect(studies[0]).not.toHaveProperty('sequencedSampleCount');
  });

  it('counts samples of the _all list; ascn has cases_all.txt with 6 ids', async () => {
    const res = await app.inject('/api/studies/ascn_test_study');
    expect(res.json()).toMatchObject({ studyId: 'ascn_test_study', allSampleCount: 6, groups: 'PUBLIC', cancerType: { id: 'mel', name: 'Melanoma' } });
  });

  it('filters by keyword tokens (AND) over names and cancer types', async () => {
    const ids = async (q: string) => (await app.inject(`/api/studies?keyword=${q}`)).json().map((s: { studyId: string }) => s.studyId);
    expect(await ids('melanoma')).toEqual(['ascn_test_study']);
    expect(await ids('study%20hg38')).toEqual(['study_hg38']);
    expect(await ids('melanoma%20hg38')).toEqual([]);
    expect(await ids('hg38')).toEqual(['study_hg38']);
  });

  it('answers META with total-count headers and sorts, pages', async () => {
    const meta = await app.inject('/api/studies?projection=META');
    expect(meta.headers['total-count']).toBe('2');
    expect(meta.headers['x-total-count']).toBe('2');
    const page = await app.inject('/api/studies?sortBy=studyId&direction=DESC&pageSize=1&pageNumber=2');
    expect(page.json().map((s: { studyId: string }) => s.studyId)).toEqual(['ascn_test_study']);
    expect((await app.inject('/api/studies?projection=ID')).json()).toEqual([{ studyId: 'ascn_test_study' }, { studyId: 'study_hg38' }]);
  });

  it('rejects bad parameters with 400 and a message', async () => {
    for (const q of ['projection=summary', 'pageSize=abc', 'sortBy=nope', 'direction=up']) {
      const res = await app.inject(`/api/studies?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toMatch(/^Request parameter type mismatch/);
    }
    const bound = await app.inject('/api/studies?pageSize=0');
    expect(bound.statusCode).toBe(400);
    expect(bound.json()).toEqual({ message: 'pageSize must be greater than or equal to 1' });
  });

  it('answers 404 for an unknown study', async () => {
    const res = await app.inject('/api/studies/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Study not found: nope' });
  });
});
