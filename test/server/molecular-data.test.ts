// Numeric molecular data (api.md 13) over the shared studies: value normalisation, dropped
// non-numbers, order (sampleId then load order; import order and request order for multi-profile),
// repeated genes, the identifiers quirk, META and errors.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

type Item = { sampleId: string; entrezGeneId: number; value: number; molecularProfileId: string };
const triples = (body: Item[]) => body.map((d) => [d.sampleId, d.entrezGeneId, d.value]);
const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
const AMER1 = 139285;
const BRCA2 = 675;
const TP53 = 7157;
const CREB3L1 = 90993;
const ERCC5 = 2073;

describe('GET /api/molecular-profiles/{id}/molecular-data', () => {
  it('answers one gene for the list members, non-numbers dropped, by sampleId', async () => {
    const res = await app.inject(`/api/molecular-profiles/ascn_test_study_cna/molecular-data?sampleListId=ascn_test_study_all&entrezGeneId=${AMER1}`);
    expect(res.statusCode).toBe(200);
    // ascn-test-study/data_CNA.txt, AMER1 row: NA NA -1 NA NA -1 for S2..S7.
    expect(res.json()).toEqual([
      { uniqueSampleKey: 'RkFLRV9QMDAxX1M0OmFzY25fdGVzdF9zdHVkeQ', uniquePatientKey: 'RkFLRV9QMDAxOmFzY25fdGVzdF9zdHVkeQ', entrezGeneId: AMER1,
        molecularProfileId: 'ascn_test_study_cna', sampleId: 'FAKE_P001_S4', patientId: 'FAKE_P001', studyId: 'ascn_test_study', value: -1 },
      { uniqueSampleKey: 'RkFLRV9QMDAxX1M3OmFzY25fdGVzdF9zdHVkeQ', uniquePatientKey: 'RkFLRV9QMDAxOmFzY25fdGVzdF9zdHVkeQ', entrezGeneId: AMER1,
        molecularProfileId: 'ascn_test_study_cna', sampleId: 'FAKE_P001_S7', patientId: 'FAKE_P001', studyId: 'ascn_test_study', value: -1 },
    ]);
    const meta = await app.inject(`/api/molecular-profiles/ascn_test_study_cna/molecular-data?sampleListId=ascn_test_study_all&entrezGeneId=${AMER1}&projection=META`);
    expect(meta.headers['total-count']).toBe('2');
    expect(meta.body).toBe('');
  });

  it('adds the gene under DETAILED only', async () => {
    const detailed = (await app.inject(`/api/molecular-profiles/ascn_test_study_cna/molecular-data?sampleListId=ascn_test_study_all&entrezGeneId=${AMER1}&projection=DETAILED`)).json();
    expect(detailed[0].gene).toEqual({ entrezGeneId: AMER1, hugoGeneSymbol: 'AMER1', type: 'protein-coding' });
    const id = (await app.inject(`/api/molecular-profiles/ascn_test_study_cna/molecular-data?sampleListId=ascn_test_study_all&entrezGeneId=${AMER1}&projection=ID`)).json();
    expect(Object.keys(id[0]).sort()).toEqual(['entrezGeneId', 'molecularProfileId', 'patientId', 'sampleId', 'studyId', 'uniquePatientKey', 'uniqueSampleKey', 'value']);
  });

  it('gives [] for an unknown list, 404 for mutation or unknown profiles, 400 for missing parameters', async () => {
    expect((await app.inject(`/api/molecular-profiles/ascn_test_study_cna/molecular-data?sampleListId=nope&entrezGeneId=${AMER1}`)).json()).toEqual([]);
    for (const id of ['ascn_test_study_mutations', 'study_es_0_structural_variants', 'nope']) {
      const res = await app.inject(`/api/molecular-profiles/${id}/molecular-data?sampleListId=x&entrezGeneId=1`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: `Molecular profile not found: ${id}` });
    }
    expect((await app.inject('/api/molecular-profiles/ascn_test_study_cna/molecular-data?entrezGeneId=1')).json())
      .toEqual({ message: 'Request parameter is missing: sampleListId' });
    const bad = await app.inject('/api/molecular-profiles/ascn_test_study_cna/molecular-data?sampleListId=x&entrezGeneId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Request parameter type mismatch/);
  });
});

describe('POST /api/molecular-profiles/{id}/molecular-data/fetch', () => {
  it('orders by sampleId, then genes in file order, not request order', async () => {
    const res = await post('/api/molecular-profiles/ascn_test_study_cna/molecular-data/fetch', { sampleListId: 'ascn_test_study_cnaseq', entrezGeneIds: [BRCA2, AMER1, BRCA2] });
    // cases_cnaseq.txt: S2..S6; data_CNA.txt: AMER1 (line 10) before BRCA2 (line 45);
    // BRCA2 row 0 -1 0 -1 -2, AMER1 NA NA -1 NA NA.
    expect(triples(res.json())).toEqual([
      ['FAKE_P001_S2', BRCA2, 0], ['FAKE_P001_S3', BRCA2, -1], ['FAKE_P001_S4', AMER1, -1], ['FAKE_P001_S4', BRCA2, 0],
      ['FAKE_P001_S5', BRCA2, -1], ['FAKE_P001_S6', BRCA2, -2],
    ]);
  });

  it('normalises values as v7 does (4 decimals, ties to even)', async () => {
    const res = await post('/api/molecular-profiles/study_es_0_mrna/molecular-data/fetch', {
      sampleIds: ['TCGA-A2-A04N-01', 'TCGA-A1-A0SE-01', 'TCGA-A1-A0SE-01', 'nope'], entrezGeneIds: [ERCC5, CREB3L1],
    });
    // data_expression_median.txt: CREB3L1 (row 1) 0.89075 / 1.18425, ERCC5 (row 6) -0.2385 / 0.46675.
    expect(triples(res.json())).toEqual([
      ['TCGA-A1-A0SE-01', CREB3L1, 0.8908], ['TCGA-A1-A0SE-01', ERCC5, -0.2385],
      ['TCGA-A2-A04N-01', CREB3L1, 1.1842], ['TCGA-A2-A04N-01', ERCC5, 0.4668],
    ]);
  });

  it('answers every gene when entrezGeneIds is absent; META counts the numeric cells', async () => {
    // awk over data_CNA.txt: 468 rows x 6 samples, 2735 integer cells (73 NA).
    const meta = await post('/api/molecular-profiles/ascn_test_study_cna/molecular-data/fetch?projection=META', { sampleListId: 'ascn_test_study_all' });
    expect(meta.headers['total-count']).toBe('2735');
    const all = (await post('/api/molecular-profiles/ascn_test_study_cna/molecular-data/fetch', { sampleIds: ['FAKE_P001_S2'] })).json();
    // awk: 450 integer cells in the S2 column; the first three rows are ABL1 -1, ACVR1 1, AGO2 1.
    expect(all).toHaveLength(450);
    expect(triples(all.slice(0, 3))).toEqual([['FAKE_P001_S2', 25, -1], ['FAKE_P001_S2', 90, 1], ['FAKE_P001_S2', 27161, 1]]);
  });

  it('enforces exactly one of sampleListId / sampleIds before the profile check', async () => {
    const rule = { message: 'eitherSampleListIdOrSampleIdsPresent must be true' };
    expect((await post('/api/molecular-profiles/nope/molecular-data/fetch', {})).json()).toEqual(rule);
    expect((await post('/api/molecular-profiles/ascn_test_study_cna/molecular-data/fetch', { sampleListId: 'a', sampleIds: ['b'] })).json()).toEqual(rule);
    expect((await post('/api/molecular-profiles/ascn_test_study_cna/molecular-data/fetch', { sampleIds: [] })).json())
      .toEqual({ message: 'sampleIds size must be between 1 and 10000000' });
    expect((await post('/api/molecular-profiles/nope/molecular-data/fetch', { sampleIds: ['a'] })).statusCode).toBe(404);
    for (const payload of ['{"sampleIds": [', '{"sampleIds": ["a"], "entrezGeneIds": ["x"]}', '{"sampleIds": ["a"], "extra": 1}', '{"sampleIds": ["a"], "entrezGeneIds": [99999999999]}']) {
      const res = await app.inject({ method: 'POST', url: '/api/molecular-profiles/ascn_test_study_cna/molecular-data/fetch', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});

describe('POST /api/molecular-data/fetch', () => {
  it('by profile ids: samples in import order, then profile, then genes in request order with repeats', async () => {
    const body = { molecularProfileIds: ['ascn_test_study_cna', 'study_es_0_mrna', 'nope'], entrezGeneIds: [TP53, CREB3L1, TP53] };
    const res = await post('/api/molecular-data/fetch', body);
    const rows = res.json() as Item[];
    // CREB3L1: 526 numeric cells in study_es_0's expression file; TP53: 6 zeros in ascn's CNA file, listed twice.
    expect(rows).toHaveLength(526 + 12);
    // study_es_0 was loaded before ascn; its first clinical sample is TCGA-A2-A04P-01 (CREB3L1 0.9665).
    expect(triples(rows.slice(0, 1))).toEqual([['TCGA-A2-A04P-01', CREB3L1, 0.9665]]);
    // ascn's clinical sample file lists S3, S2, S5, S4, S6, S7.
    expect(rows.slice(-12).map((d) => [d.sampleId, d.entrezGeneId])).toEqual(
      ['S3', 'S2', 'S5', 'S4', 'S6', 'S7'].flatMap((s) => [[`FAKE_P001_${s}`, TP53], [`FAKE_P001_${s}`, TP53]]),
    );
    const meta = await post('/api/molecular-data/fetch?projection=META', body);
    expect(meta.headers['total-count']).toBe('538');
  });

  it('by identifiers: each sample gets every listed profile of its study, by sampleId', async () => {
    const res = await post('/api/molecular-data/fetch', {
      sampleMolecularIdentifiers: [
        { molecularProfileId: 'study_es_0_mrna', sampleId: 'TCGA-A1-A0SE-01' },
        { molecularProfileId: 'study_es_0_mutations', sampleId: 'TCGA-A1-A0SD-01' },
        { molecularProfileId: 'ascn_test_study_cna', sampleId: 'FAKE_P001_S3' },
      ],
      entrezGeneIds: [CREB3L1, ERCC5, CREB3L1],
    });
    // TCGA-A1-A0SD-01 was paired with the mutation profile yet gets the mrna rows (the reference's quirk).
    // ascn's data_CNA.txt has ERCC5 (S3: -1) but no CREB3L1.
    expect(res.json().map((d: Item) => [d.molecularProfileId, d.sampleId, d.entrezGeneId, d.value])).toEqual([
      ['ascn_test_study_cna', 'FAKE_P001_S3', ERCC5, -1],
      ['study_es_0_mrna', 'TCGA-A1-A0SD-01', CREB3L1, 1.4345], ['study_es_0_mrna', 'TCGA-A1-A0SD-01', ERCC5, -0.1072],
      ['study_es_0_mrna', 'TCGA-A1-A0SD-01', CREB3L1, 1.4345],
      ['study_es_0_mrna', 'TCGA-A1-A0SE-01', CREB3L1, 0.8908], ['study_es_0_mrna', 'TCGA-A1-A0SE-01', ERCC5, -0.2385],
      ['study_es_0_mrna', 'TCGA-A1-A0SE-01', CREB3L1, 0.8908],
    ]);
  });

  it('checks the exactly-one rule and requires entrezGeneIds with profile ids', async () => {
    const rule = { message: 'eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent must be true' };
    expect((await post('/api/molecular-data/fetch', { entrezGeneIds: [1] })).json()).toEqual(rule);
    expect((await post('/api/molecular-data/fetch', { molecularProfileIds: ['a'], sampleMolecularIdentifiers: [{ molecularProfileId: 'a', sampleId: 'b' }] })).json()).toEqual(rule);
    const noGenes = await post('/api/molecular-data/fetch', { molecularProfileIds: ['ascn_test_study_cna'] });
    expect(noGenes.statusCode).toBe(400);
    expect(noGenes.json()).toEqual({ message: 'entrezGeneIds must not be null' });
    expect((await post('/api/molecular-data/fetch', { molecularProfileIds: ['nope'], entrezGeneIds: [1] })).json()).toEqual([]);
    const bad = await post('/api/molecular-data/fetch', { sampleMolecularIdentifiers: [{ molecularProfileId: 'a' }], entrezGeneIds: [1] });
    expect(bad.statusCode).toBe(400);
  });
});
