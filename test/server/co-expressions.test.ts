// POST /api/molecular-profiles/co-expressions/fetch (api.md 22.2).
// Expected values: python3 over study_es_0's data_expression_median(_Zscores).txt and case lists:
// for every other gene of profile B, the samples of the selection with numeric values for both
// genes; genes with n < 3 or at most max(1, n/2) distinct values → null; else
// r = scipy.stats.spearmanr(x, y) (SciPy 1.17), kept when |r.statistic| ≥ threshold.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

interface Item {
  geneticEntityId: string;
  geneticEntityType: string;
  spearmansCorrelation: number | null;
  pValue: number | null;
}

const close = (actual: number | null, expected: number) => {
  expect(actual).not.toBeNull();
  if (expected === 0) expect(Math.abs(actual!)).toBeLessThan(1e-12);
  else expect(Math.abs(actual! - expected) / Math.abs(expected)).toBeLessThan(1e-9);
};

function check(items: Item[], expected: Record<string, [number, number]>) {
  expect(items.map((i) => i.geneticEntityId).sort()).toEqual(Object.keys(expected).sort());
  for (const item of items) {
    expect(item.geneticEntityType).toBe('GENE');
    close(item.spearmansCorrelation, expected[item.geneticEntityId][0]);
    close(item.pValue, expected[item.geneticEntityId][1]);
  }
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(async () => {
  await app.close();
});

const url = (a: string, b: string, threshold?: number) =>
  `/api/molecular-profiles/co-expressions/fetch?molecularProfileIdA=${a}&molecularProfileIdB=${b}${threshold === undefined ? '' : `&threshold=${threshold}`}`;
const post = (u: string, payload: unknown) => app.inject({ method: 'POST', url: u, payload: payload as object });

describe('POST /api/molecular-profiles/co-expressions/fetch', () => {
  it('correlates the query gene with every other gene of the same profile', async () => {
    // RPS11 (6205) in study_es_0_mrna over the study_es_0_cnaseq list (501 samples with mRNA data), threshold 0.
    const res = await post(url('study_es_0_mrna', 'study_es_0_mrna', 0), { sampleListId: 'study_es_0_cnaseq', entrezGeneId: 6205 });
    expect(res.statusCode).toBe(200);
    check(res.json() as Item[], {
      '90993': [0.0699516742391349, 0.11787973083456768],
      '9240': [-0.03495054127950455, 0.4350475559485182],
      '4313': [-0.02896711409232672, 0.5177044558534336],
      '23051': [-0.10505834700758744, 0.018664609186198302],
      '2073': [0.1774826366258221, 6.484966642764568e-05],
    });
  });

  it('pairs across profiles and applies the threshold (default 0.3) to |rho|', async () => {
    // CREB3L1 (90993, mRNA) against the Z-score profile over the study_es_0_sequenced samples (11 pairs).
    const sequenced = await post(url('study_es_0_mrna', 'study_es_0_mrna_median_Zscores'), { sampleListId: 'study_es_0_sequenced', entrezGeneId: 90993 });
    check(sequenced.json() as Item[], {
      '9240': [-0.41818181818181827, 0.20057021703405048],
      '23051': [0.5545454545454546, 0.07665233333978243],
    });
    const all = await post(url('study_es_0_mrna', 'study_es_0_mrna_median_Zscores', 0), { sampleListId: 'study_es_0_sequenced', entrezGeneId: 90993 });
    check(all.json() as Item[], {
      '6205': [0.17272727272727276, 0.6115423848512369],
      '9240': [-0.41818181818181827, 0.20057021703405048],
      '4313': [0, 1],
      '23051': [0.5545454545454546, 0.07665233333978243],
      '2073': [-0.27272727272727276, 0.4171414371425311],
    });
  });

  it('returns genes failing the data-quality tests with null rho and p (always written)', async () => {
    // Two samples: n = 2 < 3 for every gene.
    const res = await post(url('study_es_0_mrna', 'study_es_0_mrna'), { sampleIds: ['TCGA-A1-A0SD-01', 'TCGA-A1-A0SE-01'], entrezGeneId: 6205 });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"spearmansCorrelation":null');
    expect((res.json() as Item[]).sort((a, b) => Number(a.geneticEntityId) - Number(b.geneticEntityId))).toEqual(
      ['2073', '4313', '9240', '23051', '90993'].map((id) => ({ geneticEntityId: id, geneticEntityType: 'GENE', spearmansCorrelation: null, pValue: null })),
    );
  });

  it('answers [] for selections that match nothing, gene sets and unknown or empty lists', async () => {
    // TEST_SAMPLE_* have no mRNA data; sample ids are read in profile A's study only.
    expect((await post(url('study_es_0_mrna', 'study_es_0_mrna'), { sampleListId: 'study_es_0_testprofiled', entrezGeneId: 6205 })).json()).toEqual([]);
    expect((await post(url('study_es_0_mrna', 'study_es_0_mrna'), { sampleIds: ['NOPE'], entrezGeneId: 6205 })).json()).toEqual([]);
    expect((await post(url('study_es_0_mrna', 'study_es_0_mrna'), { sampleListId: 'nope', entrezGeneId: 6205 })).json()).toEqual([]);
    expect((await post(url('study_es_0_mrna', 'study_es_0_mrna'), { sampleListId: 'study_es_0_cnaseq', genesetId: 'GO_ATP_DEPENDENT_CHROMATIN_REMODELING' })).json()).toEqual([]);
    // A gene absent from profile A: no reference values.
    expect((await post(url('study_es_0_mrna_median_Zscores', 'study_es_0_mrna'), { sampleListId: 'study_es_0_cnaseq', entrezGeneId: 90993 })).json()).toEqual([]);
    // Profile B of another study: no shared samples.
    expect((await post(url('study_es_0_mrna', 'lgg_ucsf_2014_test_generic_assay_mutational_signature_contribution_SBS'), { sampleListId: 'study_es_0_cnaseq', entrezGeneId: 6205 })).json()).toEqual([]);
  });

  it('answers 404 for unknown profiles and genes, 400 for bad requests', async () => {
    const body = { sampleListId: 'study_es_0_cnaseq', entrezGeneId: 6205 };
    const profile = await post(url('nope', 'study_es_0_mrna'), body);
    expect(profile.statusCode).toBe(404);
    expect(profile.json()).toEqual({ message: 'Molecular profile not found: nope' });
    expect((await post(url('study_es_0_mrna', 'nope'), body)).json()).toEqual({ message: 'Molecular profile not found: nope' });
    const gene = await post(url('study_es_0_mrna', 'study_es_0_mrna'), { sampleListId: 'study_es_0_cnaseq', entrezGeneId: 999999999 });
    expect(gene.statusCode).toBe(404);
    expect(gene.json()).toEqual({ message: 'Gene not found: 999999999' });

    const both = await post(url('study_es_0_mrna', 'study_es_0_mrna'), { ...body, sampleIds: ['TCGA-A1-A0SD-01'] });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: 'eitherSampleListIdOrSampleIdsPresent must be true' });
    const neither = await post(url('study_es_0_mrna', 'study_es_0_mrna'), { sampleListId: 'study_es_0_cnaseq' });
    expect(neither.json()).toEqual({ message: 'eitherEntrezGeneIdOrGenesetIdPresent must be true' });
    const missing = await post('/api/molecular-profiles/co-expressions/fetch?molecularProfileIdB=study_es_0_mrna', body);
    expect(missing.statusCode).toBe(400);
    expect((await post(url('study_es_0_mrna', 'study_es_0_mrna') + '&threshold=abc', body)).statusCode).toBe(400);
    expect((await post(url('study_es_0_mrna', 'study_es_0_mrna'), { ...body, extra: true })).statusCode).toBe(400);
    expect((await post(url('study_es_0_mrna', 'study_es_0_mrna'), { sampleIds: [], entrezGeneId: 6205 })).statusCode).toBe(400);
  });
});
