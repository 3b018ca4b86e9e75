// Gene sets, gene set scores, the gene set hierarchy and expression correlation (api.md 19) over
// study_es_0 and the shared gene sets (../shared/studies/genesets: 7 sets, tree of 4 nodes).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp(['study_es_0']);
});
afterAll(() => app.close());

const post = (url: string, payload?: unknown) =>
  app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });
// cut -f1 study_es_0_genesets.gmt | sort
const ALL_IDS = [
  'GO_ACYLGLYCEROL_HOMEOSTASIS', 'GO_ANATOMICAL_STRUCTURE_FORMATION_INVOLVED_IN_MORPHOGENESIS', 'GO_ANTEROGRADE_AXONAL_TRANSPORT',
  'GO_APICAL_PROTEIN_LOCALIZATION', 'GO_ATP_DEPENDENT_CHROMATIN_REMODELING', 'GO_CARBOHYDRATE_CATABOLIC_PROCESS', 'GO_CARDIAC_CHAMBER_DEVELOPMENT',
];
// Its line in study_es_0_genesets.gmt (link) and study_es_0_supp-genesets.txt (name, description).
const CARDIAC = {
  genesetId: 'GO_CARDIAC_CHAMBER_DEVELOPMENT', name: 'GO_CARDIAC_CHAMBER_DEVELOPMENT',
  description: 'Genes associated with CARDIAC_CHAMBER_DEVELOPMENT based on gene ontology from C5 (MSigDB)', refLink: 'http://dummy',
};

describe('GET /api/genesets, /api/genesets/{id}, POST /api/genesets/fetch, /api/genesets/version', () => {
  it('lists every gene set by id, with paging and META', async () => {
    const all = (await app.inject('/api/genesets')).json();
    expect(all.map((g: { genesetId: string }) => g.genesetId)).toEqual(ALL_IDS);
    expect(all[6]).toEqual(CARDIAC);
    const page = (await app.inject('/api/genesets?pageSize=2&pageNumber=1')).json();
    expect(page.map((g: { genesetId: string }) => g.genesetId)).toEqual(ALL_IDS.slice(2, 4));
    expect((await app.inject('/api/genesets?pageSize=2&pageNumber=9')).json()).toEqual([]);
    // Gene sets allow page sizes up to Integer.MAX_VALUE.
    expect((await app.inject('/api/genesets?pageSize=2147483647')).statusCode).toBe(200);
    const meta = await app.inject('/api/genesets?projection=META');
    expect(meta.headers['total-count']).toBe('7');
    expect(meta.body).toBe('');
  });

  it('answers one gene set, or 404', async () => {
    expect((await app.inject('/api/genesets/GO_CARDIAC_CHAMBER_DEVELOPMENT')).json()).toEqual(CARDIAC);
    const missing = await app.inject('/api/genesets/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Gene set not found: nope' });
  });

  it('fetches by ids in id order, skipping unknown ones', async () => {
    const res = await post('/api/genesets/fetch', ['GO_CARDIAC_CHAMBER_DEVELOPMENT', 'nope', 'GO_ACYLGLYCEROL_HOMEOSTASIS', 'GO_CARDIAC_CHAMBER_DEVELOPMENT']);
    expect(res.json().map((g: { genesetId: string }) => g.genesetId)).toEqual(['GO_ACYLGLYCEROL_HOMEOSTASIS', 'GO_CARDIAC_CHAMBER_DEVELOPMENT']);
    expect((await post('/api/genesets/fetch', [])).json()).toEqual({ message: 'genesetIds size must be between 1 and 10000000' });
    expect((await app.inject({ method: 'POST', url: '/api/genesets/fetch', payload: '{"a": [', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
  });

  it('answers the loaded version as a JSON string', async () => {
    const res = await app.inject('/api/genesets/version');
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toBe('"msigdb_7.5.1"'); // DEFAULT_GENESET_VERSION of `genesets import`
  });
});

describe('POST /api/genetic-profiles/{id}/geneset-genetic-data/fetch', () => {
  const url = '/api/genetic-profiles/study_es_0_gsva_scores/geneset-genetic-data/fetch';

  it('answers scores of the named samples by sampleId, values rounded to 4 decimals', async () => {
    const res = await post(url, { genesetIds: ['GO_CARDIAC_CHAMBER_DEVELOPMENT'], sampleIds: ['TCGA-A1-A0SD-01', 'TCGA-A1-A0SB-01', 'nope'] });
    // data_gsva_scores.txt, row GO_CARDIAC_CHAMBER_DEVELOPMENT: 0.0898885015206211 (A0SB), 0.300940950401182 (A0SD)
    expect(res.json()).toEqual([
      {
        uniqueSampleKey: 'VENHQS1BMS1BMFNCLTAxOnN0dWR5X2VzXzA', uniquePatientKey: 'VENHQS1BMS1BMFNCOnN0dWR5X2VzXzA', geneticProfileId: 'study_es_0_gsva_scores',
        sampleId: 'TCGA-A1-A0SB-01', patientId: 'TCGA-A1-A0SB', studyId: 'study_es_0', genesetId: 'GO_CARDIAC_CHAMBER_DEVELOPMENT',
        stableId: 'GO_CARDIAC_CHAMBER_DEVELOPMENT', value: '0.0899',
      },
      expect.objectContaining({ sampleId: 'TCGA-A1-A0SD-01', value: '0.3009' }),
    ]);
  });

  it('answers every profiled sample × gene set without a sample selection', async () => {
    // data_gsva_scores.txt: 7 gene set rows × 5 sample columns.
    const all = (await post(url, {})).json();
    expect(all).toHaveLength(35);
    // Gene sets of a sample come in file order.
    expect(all.slice(0, 7).map((d: { genesetId: string }) => d.genesetId)).toEqual(ALL_IDS);
    // A sample list of the study: its members that the profile measured (case_lists/*_all holds all 5).
    const viaList = (await post(url, { sampleListId: 'study_es_0_all', genesetIds: ['GO_ACYLGLYCEROL_HOMEOSTASIS'] })).json();
    expect(viaList.map((d: { sampleId: string }) => d.sampleId)).toEqual(['TCGA-A1-A0SB-01', 'TCGA-A1-A0SD-01', 'TCGA-A1-A0SE-01', 'TCGA-A1-A0SH-01', 'TCGA-A2-A04U-01']);
  });

  it('404s unknown profiles and sample lists, 400s bad bodies', async () => {
    expect((await post('/api/genetic-profiles/nope/geneset-genetic-data/fetch', {})).json()).toEqual({ message: 'Molecular profile not found: nope' });
    expect((await post(url, { sampleListId: 'nope' })).json()).toEqual({ message: 'Sample list not found: nope' });
    expect((await post(url, { sampleIds: 5 })).statusCode).toBe(400);
    expect((await post(url, { unknown: 1 })).statusCode).toBe(400);
    // A profile without gene set scores has none.
    expect((await post('/api/genetic-profiles/study_es_0_mrna/geneset-genetic-data/fetch', {})).json()).toEqual([]);
  });
});

describe('POST /api/geneset-hierarchy/fetch', () => {
  const url = '/api/geneset-hierarchy/fetch?geneticProfileId=study_es_0_gsva_scores';

  it('keeps gene sets whose 75th-percentile score passes 0.4 and p 0.05', async () => {
    // Worked out from data_gsva_scores.txt / data_gsva_pvalues.txt (python, 4-decimal values):
    // ACYLGLYCEROL −0.442 (p 0.005) and ATP_DEPENDENT 0.5692 (p 0.005) pass; node ids in YAML order.
    const res = (await post(url)).json();
    expect(res).toEqual([
      {
        nodeId: 2, nodeName: 'Different Gene sets from Random Institute',
        genesets: [{
          genesetId: 'GO_ACYLGLYCEROL_HOMEOSTASIS', name: 'GO_ACYLGLYCEROL_HOMEOSTASIS', refLink: 'http://dummy',
          description: 'Genes associated with ACYLGLYCEROL_HOMEOSTASIS based on gene ontology from C5 (MSigDB)',
          representativeScore: -0.442, representativePvalue: 0.005,
        }],
      },
      {
        nodeId: 3, nodeName: 'Institutes Subcategory 1', parentId: 2, parentNodeName: 'Different Gene sets from Random Institute',
        genesets: [expect.objectContaining({ genesetId: 'GO_ATP_DEPENDENT_CHROMATIN_REMODELING', representativeScore: 0.5692, representativePvalue: 0.005 })],
      },
    ]);
    // An empty body is "no samples given", as is none.
    expect((await post(url, [])).json()).toEqual(res);
  });

  it('lists a parent whose own sets all fail as a super node with no sets', async () => {
    // At 0.5 only ATP_DEPENDENT (0.5692, node 3) passes; node 2 leads to it and keeps genesets [].
    const res = (await post(`${url}&scoreThreshold=0.5`)).json();
    expect(res.map((n: { nodeId: number }) => n.nodeId)).toEqual([2, 3]);
    expect(res[0].genesets).toEqual([]);
    // No threshold: all 4 nodes, node 2's two sets sorted by name.
    const all = (await post(`${url}&scoreThreshold=0&pvalueThreshold=1`)).json();
    expect(all.map((n: { nodeId: number }) => n.nodeId)).toEqual([1, 2, 3, 4]);
    expect(all[1].genesets.map((g: { genesetId: string }) => g.genesetId)).toEqual(['GO_ACYLGLYCEROL_HOMEOSTASIS', 'GO_ANATOMICAL_STRUCTURE_FORMATION_INVOLVED_IN_MORPHOGENESIS']);
  });

  it('checks the profile and the parameters', async () => {
    expect((await post('/api/geneset-hierarchy/fetch?geneticProfileId=nope')).json()).toEqual({ message: 'Molecular profile not found: nope' });
    const wrong = await post('/api/geneset-hierarchy/fetch?geneticProfileId=study_es_0_mrna');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Genetic profile should be of DATA_TYPE = GSVA-SCORE, but found: CONTINUOUS' });
    expect((await post('/api/geneset-hierarchy/fetch')).json()).toEqual({ message: 'Request parameter is missing: geneticProfileId' });
    expect((await post(`${url}&percentile=0`)).json()).toEqual({ message: 'percentile must be greater than or equal to 1' });
    expect((await post(`${url}&scoreThreshold=2`)).statusCode).toBe(400);
    expect((await post(`${url}&sampleListId=nope`)).json()).toEqual({ message: 'Sample list not found: nope' });
    // Samples the profile did not measure: no scores, no hierarchy.
    expect((await post(url, ['TCGA-A1-A0SK-01'])).json()).toEqual([]);
  });
});

describe('POST /api/genesets/{id}/expression-correlation/fetch', () => {
  const url = '/api/genesets/GO_CARDIAC_CHAMBER_DEVELOPMENT/expression-correlation/fetch?geneticProfileId=study_es_0_gsva_scores';

  it('answers the set\'s genes whose rho passes the threshold', async () => {
    // BRCA2 (675) and ATM (472) are not in data_expression_median.txt: fewer than 2 pairs → rho 0.
    expect((await post(url)).json()).toEqual([]);
    expect((await post(`${url}&correlationThreshold=0`)).json()).toEqual([
      { entrezGeneId: 675, hugoGeneSymbol: 'BRCA2', correlationValue: 0, expressionGeneticProfileId: 'study_es_0_mrna', zScoreGeneticProfileId: 'study_es_0_mrna_median_Zscores' },
      { entrezGeneId: 472, hugoGeneSymbol: 'ATM', correlationValue: 0, expressionGeneticProfileId: 'study_es_0_mrna', zScoreGeneticProfileId: 'study_es_0_mrna_median_Zscores' },
    ]);
  });

  it('404s and 400s', async () => {
    expect((await post('/api/genesets/nope/expression-correlation/fetch?geneticProfileId=study_es_0_gsva_scores')).json()).toEqual({ message: 'Gene set not found: nope' });
    expect((await post('/api/genesets/GO_CARDIAC_CHAMBER_DEVELOPMENT/expression-correlation/fetch?geneticProfileId=nope')).json()).toEqual({ message: 'Molecular profile not found: nope' });
    expect((await post(`${url}&correlationThreshold=1.5`)).json()).toEqual({ message: 'correlationThreshold must be less than or equal to 1' });
    // The expression profile names no source profile.
    expect((await post('/api/genesets/GO_CARDIAC_CHAMBER_DEVELOPMENT/expression-correlation/fetch?geneticProfileId=study_es_0_mrna')).statusCode).toBe(400);
  });
});
