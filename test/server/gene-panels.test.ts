// Gene panels and gene panel data (api.md 18) over genepanel_test_study (study id
// teststudy_genepanels) and study_es_0, whose panel files are TESTPANEL1 (17 genes) and TESTPANEL2 (11).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp(['study_es_0', 'genepanel_test_study']);
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
const DESCRIPTION = 'Example gene panel meta file for testing purposes.';
// data_gene_panel_testpanel2.txt gene_list, sorted: the DETAILED genes of TESTPANEL2.
const PANEL2_SYMBOLS = ['ACP3', 'CADM2', 'DTNB', 'FGFR3', 'KAT2A', 'MSH3', 'MYB', 'NPIPB15', 'OTOR', 'P2RY10', 'PIEZO1'];

describe('gene panels', () => {
  it('lists panels by id with the projection\'s fields', async () => {
    expect((await app.inject('/api/gene-panels')).json()).toEqual([
      { genePanelId: 'TESTPANEL1', description: DESCRIPTION }, { genePanelId: 'TESTPANEL2', description: DESCRIPTION },
    ]);
    expect((await app.inject('/api/gene-panels?projection=ID&sortBy=description&direction=DESC')).json()).toEqual([{ genePanelId: 'TESTPANEL1' }, { genePanelId: 'TESTPANEL2' }]);
    expect((await app.inject('/api/gene-panels?sortBy=genePanelId&direction=DESC&pageSize=1')).json()).toEqual([{ genePanelId: 'TESTPANEL2', description: DESCRIPTION }]);
    const detailed = (await app.inject('/api/gene-panels?projection=DETAILED')).json();
    expect(detailed.map((p: { genes: unknown[] }) => p.genes.length)).toEqual([17, 11]);
    const meta = await app.inject('/api/gene-panels?projection=META');
    expect(meta.headers['total-count']).toBe('2');
    expect(meta.body).toBe('');
  });

  it('answers one panel with its genes sorted by symbol; 404 otherwise', async () => {
    const panel = (await app.inject('/api/gene-panels/TESTPANEL2')).json();
    expect(panel.genePanelId).toBe('TESTPANEL2');
    expect(panel.genes.map((g: { hugoGeneSymbol: string }) => g.hugoGeneSymbol)).toEqual(PANEL2_SYMBOLS);
    expect(panel.genes[0]).toEqual({ entrezGeneId: 55, hugoGeneSymbol: 'ACP3' });
    const res = await app.inject('/api/gene-panels/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Gene panel not found: nope' });
  });

  it('fetches panels by id (META answers the ID items)', async () => {
    expect((await post('/api/gene-panels/fetch', ['TESTPANEL2', 'x', 'TESTPANEL2'])).json()).toEqual([{ genePanelId: 'TESTPANEL2', description: DESCRIPTION }]);
    expect((await post('/api/gene-panels/fetch?projection=META', ['TESTPANEL1'])).json()).toEqual([{ genePanelId: 'TESTPANEL1' }]);
    expect((await post('/api/gene-panels/fetch', [])).json()).toEqual({ message: 'genePanelIds size must be between 1 and 10000000' });
    expect((await post('/api/gene-panels/fetch', { ids: ['x'] })).statusCode).toBe(400);
  });
});

type PanelData = { molecularProfileId: string; sampleId: string; genePanelId?: string; profiled: boolean };
const brief = (body: PanelData[]) => body.map((d) => [d.molecularProfileId.replace('teststudy_genepanels_', ''), d.sampleId, d.genePanelId ?? null, d.profiled]);

describe('gene panel data', () => {
  // data_gene_panel_matrix.txt (mutations, gistic): sample1 T1 T1, sample2 T1 T2, sample3 T2 NA,
  // sample4 NA NA, sample5 NA T1. The MAF has mutations of sample1-4; cases_sequenced lists
  // sample1-5; data_cna_discrete.txt has columns sample1-5.
  const MUTATIONS = [
    ['mutations', 'sample1', 'TESTPANEL1', true], ['mutations', 'sample2', 'TESTPANEL1', true], ['mutations', 'sample3', 'TESTPANEL2', true],
    ['mutations', 'sample4', null, true], ['mutations', 'sample5', null, true],
  ];
  const GISTIC = [
    ['gistic', 'sample1', 'TESTPANEL1', true], ['gistic', 'sample2', 'TESTPANEL2', true], ['gistic', 'sample3', null, true],
    ['gistic', 'sample4', null, true], ['gistic', 'sample5', 'TESTPANEL1', true],
  ];

  it('answers every sample of each profile\'s study, profile then sample order', async () => {
    const res = await post('/api/gene-panel-data/fetch', { molecularProfileIds: ['teststudy_genepanels_gistic', 'teststudy_genepanels_mutations', 'nope'] });
    expect(brief(res.json())).toEqual([...MUTATIONS, ...GISTIC]);
    expect(res.json()[0]).toEqual({
      uniqueSampleKey: 'c2FtcGxlMTp0ZXN0c3R1ZHlfZ2VuZXBhbmVscw', uniquePatientKey: 'cGF0aWVudEE6dGVzdHN0dWR5X2dlbmVwYW5lbHM',
      molecularProfileId: 'teststudy_genepanels_mutations', sampleId: 'sample1', patientId: 'patientA', studyId: 'teststudy_genepanels',
      genePanelId: 'TESTPANEL1', profiled: true,
    });
    expect((await post('/api/gene-panel-data/fetch', { molecularProfileIds: [] })).json()).toEqual([]);
  });

  it('answers the existing (profile, sample) pairs once each', async () => {
    const res = await post('/api/gene-panel-data/fetch', {
      sampleMolecularIdentifiers: [
        { molecularProfileId: 'teststudy_genepanels_gistic', sampleId: 'sample3' },
        { molecularProfileId: 'teststudy_genepanels_gistic', sampleId: 'sample3' },
        { molecularProfileId: 'teststudy_genepanels_mutations', sampleId: 'sample5' },
        { molecularProfileId: 'teststudy_genepanels_mutations', sampleId: 'TCGA-A1-A0SD-01' },
      ],
    });
    expect(brief(res.json())).toEqual([['mutations', 'sample5', null, true], ['gistic', 'sample3', null, true]]);
  });

  it('reports unprofiled samples with profiled false', async () => {
    // study_es_0: TCGA-A1-A0SB-01 has no column in data_expression_median.txt, TCGA-A1-A0SD-01 has;
    // data_clinical_samples.txt lists A0SD (line 281) before A0SB (line 580).
    const res = await post('/api/molecular-profiles/study_es_0_mrna/gene-panel-data/fetch', { sampleIds: ['TCGA-A1-A0SB-01', 'TCGA-A1-A0SD-01'] });
    expect(res.json().map((d: PanelData) => [d.sampleId, d.profiled])).toEqual([['TCGA-A1-A0SD-01', true], ['TCGA-A1-A0SB-01', false]]);
  });

  it('single profile: by sample list (404 for an unknown profile) or by ids ([] for an unknown profile)', async () => {
    const byList = await post('/api/molecular-profiles/teststudy_genepanels_gistic/gene-panel-data/fetch', { sampleListId: 'teststudy_genepanels_cna' });
    expect(brief(byList.json())).toEqual(GISTIC);
    const unknown = await post('/api/molecular-profiles/nope/gene-panel-data/fetch', { sampleListId: 'teststudy_genepanels_cna' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Molecular profile not found: nope' });
    expect((await post('/api/molecular-profiles/nope/gene-panel-data/fetch', { sampleIds: ['sample1'] })).json()).toEqual([]);
    expect(brief((await post('/api/molecular-profiles/teststudy_genepanels_mutations/gene-panel-data/fetch', { sampleIds: ['sample4', 'x'] })).json()))
      .toEqual([['mutations', 'sample4', null, true]]);
  });

  it('checks the exactly-one rules and malformed bodies', async () => {
    expect((await post('/api/gene-panel-data/fetch', {})).json()).toEqual({ message: 'eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent must be true' });
    expect((await post('/api/molecular-profiles/x/gene-panel-data/fetch', { sampleListId: 'a', sampleIds: ['b'] })).json())
      .toEqual({ message: 'eitherSampleListIdOrSampleIdsPresent must be true' });
    for (const payload of ['{"molecularProfileIds": [', '{"molecularProfileIds": "x"}', '{"molecularProfileIds": [], "x": 1}']) {
      const res = await app.inject({ method: 'POST', url: '/api/gene-panel-data/fetch', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});
