// Molecular profiles over the shared test studies (api.md 12): projections, order, paging, META,
// the DETAILED nested study, the fetch rule and 404s.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

const ids = (body: { molecularProfileId: string }[]) => body.map((p) => p.molecularProfileId);
const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

describe('GET /api/molecular-profiles', () => {
  it('lists every profile by molecularProfileId with the SUMMARY fields', async () => {
    const res = await app.inject('/api/molecular-profiles');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // meta files with a stable_id and a genetic_alteration_type: 2 + 15 + 2 + 1 + 15.
    expect(body).toHaveLength(35);
    expect(ids(body)).toEqual([...ids(body)].sort());
    // study_es_0/meta_treatment_ec50.txt: pivot_threshold_value 0.1, value_sort_order ASC.
    expect(body.find((p: { molecularProfileId: string }) => p.molecularProfileId === 'study_es_0_treatment_ec50')).toEqual({
      molecularProfileId: 'study_es_0_treatment_ec50', studyId: 'study_es_0', molecularAlterationType: 'GENERIC_ASSAY', datatype: 'LIMIT-VALUE',
      name: 'EC50 values of compounds on cellular phenotype readout',
      description: 'EC50 (compound concentration resulting in half maximal activation) of compounds on cellular phenotype readout of cultured mutant cell lines.',
      showProfileInAnalysisTab: true, pivotThreshold: 0.1, sortOrder: 'ASC', genericAssayType: 'TREATMENT_RESPONSE', patientLevel: false,
    });
  });

  it('keeps only the ids under ID and ignores sortBy there', async () => {
    const body = (await app.inject('/api/molecular-profiles?projection=ID&sortBy=name&direction=DESC&pageSize=2')).json();
    expect(body).toEqual([
      { molecularProfileId: 'ascn_test_study_cna', studyId: 'ascn_test_study' },
      { molecularProfileId: 'ascn_test_study_mutations', studyId: 'ascn_test_study' },
    ]);
  });

  it('sorts by the alteration type (a 500 in the reference), then by id; pages zero-based', async () => {
    const page = (n: number) => app.inject(`/api/molecular-profiles?sortBy=molecularAlterationType&direction=DESC&pageSize=2&pageNumber=${n}`);
    // STRUCTURAL_VARIANT is the greatest type, held only by study_es_0_structural_variants; then MUTATION_EXTENDED x5.
    expect(ids((await page(0)).json())).toEqual(['study_es_0_structural_variants', 'ascn_test_study_mutations']);
    expect(ids((await page(1)).json())).toEqual(['lgg_ucsf_2014_test_generic_assay_mutations', 'study_es_0_mutations']);
    expect((await page(100)).json()).toEqual([]);
  });

  it('answers META with total-count and no body', async () => {
    const res = await app.inject('/api/molecular-profiles?projection=META');
    expect(res.statusCode).toBe(200);
    expect(res.headers['total-count']).toBe('35');
    expect(res.body).toBe('');
  });

  it('rejects bad parameters', async () => {
    for (const q of ['projection=summary', 'sortBy=studyId', 'pageSize=abc', 'direction=up']) {
      const res = await app.inject(`/api/molecular-profiles?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toMatch(/^Request parameter type mismatch/);
    }
    expect((await app.inject('/api/molecular-profiles?pageSize=0')).json()).toEqual({ message: 'pageSize must be greater than or equal to 1' });
    expect((await app.inject('/api/molecular-profiles?pageSize=10000001')).json()).toEqual({ message: 'pageSize must be less than or equal to 10000000' });
  });
});

describe('GET /api/studies/{studyId}/molecular-profiles', () => {
  it('lists the study\'s profiles; 404 for an unknown study', async () => {
    // genepanel_test_study: meta_cna_discrete (gistic) and meta_mutations_extended (mutations).
    expect(ids((await app.inject('/api/studies/teststudy_genepanels/molecular-profiles')).json())).toEqual(['teststudy_genepanels_gistic', 'teststudy_genepanels_mutations']);
    const meta = await app.inject('/api/studies/study_es_0/molecular-profiles?projection=META');
    expect(meta.headers['total-count']).toBe('15');
    const res = await app.inject('/api/studies/nope/molecular-profiles');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Study not found: nope' });
  });
});

describe('GET /api/molecular-profiles/{id}', () => {
  it('answers the DETAILED shape with the nested study', async () => {
    const res = await app.inject('/api/molecular-profiles/study_hg38_mutations');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // study_hg38/meta_mutations_extended.txt and meta_study.txt (type brca, groups PUBLIC, hg38).
    expect(body).toMatchObject({
      molecularProfileId: 'study_hg38_mutations', studyId: 'study_hg38', molecularAlterationType: 'MUTATION_EXTENDED', datatype: 'MAF',
      showProfileInAnalysisTab: true, patientLevel: false,
      study: { studyId: 'study_hg38', cancerTypeId: 'brca', publicStudy: true, groups: 'PUBLIC', status: 0, referenceGenome: 'hg38', readPermission: true },
    });
    expect(body.study.importDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(Object.keys(body.study).sort()).not.toContain('allSampleCount');
    expect(body).not.toHaveProperty('pivotThreshold');
  });

  it('404s an unknown profile with cBioPortal\'s message', async () => {
    const res = await app.inject('/api/molecular-profiles/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Molecular profile not found: nope' });
  });
});

describe('POST /api/molecular-profiles/fetch', () => {
  it('fetches by study ids or by profile ids, ordered by id, once each', async () => {
    const byStudy = await post('/api/molecular-profiles/fetch?projection=ID', { studyIds: ['study_hg38', 'ascn_test_study', 'nope'] });
    expect(ids(byStudy.json())).toEqual(['ascn_test_study_cna', 'ascn_test_study_mutations', 'study_hg38_mutations']);
    const byId = await post('/api/molecular-profiles/fetch', { molecularProfileIds: ['study_hg38_mutations', 'ascn_test_study_cna', 'study_hg38_mutations', 'x'] });
    expect(ids(byId.json())).toEqual(['ascn_test_study_cna', 'study_hg38_mutations']);
    const detailed = await post('/api/molecular-profiles/fetch?projection=DETAILED', { molecularProfileIds: ['ascn_test_study_cna'] });
    expect(detailed.json()[0].study).toMatchObject({ studyId: 'ascn_test_study', cancerTypeId: 'mel', readPermission: true });
    const meta = await post('/api/molecular-profiles/fetch?projection=META', { studyIds: ['lgg_ucsf_2014_test_generic_assay'] });
    expect(meta.headers['total-count']).toBe('15');
    expect(meta.body).toBe('');
  });

  it('enforces exactly one of studyIds / molecularProfileIds and the list sizes', async () => {
    const rule = { message: 'eitherStudyIdsOrMolecularProfileIdsPresent must be true' };
    expect((await post('/api/molecular-profiles/fetch', {})).json()).toEqual(rule);
    expect((await post('/api/molecular-profiles/fetch', { studyIds: ['a'], molecularProfileIds: ['b'] })).json()).toEqual(rule);
    const empty = await post('/api/molecular-profiles/fetch', { studyIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'studyIds size must be between 1 and 10000000' });
  });

  it('answers malformed bodies with 400', async () => {
    for (const payload of ['{"studyIds": [', '{"studyIds": "x"}', '{"studyIds": ["a"], "other": 1}', '[]']) {
      const res = await app.inject({ method: 'POST', url: '/api/molecular-profiles/fetch', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toBe('There is an error in the JSON format of the request payload');
    }
  });
});
