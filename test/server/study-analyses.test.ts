// Significantly mutated genes, significant copy number regions, custom driver annotation report.
import { writeFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadStudy } from '../../loaders/load-study.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';
import { copyStudy } from '../helpers/study-copy.js';

let app: FastifyInstance;

beforeAll(async () => {
  const store = await openReferenceStore();
  await loadTestStudy(store, 'study_es_0');
  // study_hg38 plus a MutSig file (no shared study has one): TP53 rank 1, KRAS rank 2, BRCA2 rank 4
  // (study_hg38's one mutated gene), and a row with q >= 0.1 that the loader drops.
  const dir = copyStudy('study_hg38');
  writeFileSync(`${dir}/meta_mutsig.txt`, 'cancer_study_identifier: study_hg38\ngenetic_alteration_type: MUTSIG\ndatatype: Q-VALUE\ndata_filename: data_mutsig.txt\n');
  writeFileSync(`${dir}/data_mutsig.txt`, 'rank\tgene\tN\tn\tp\tq\n1\tTP53\t1000\t40\t<1e-16\t<1e-12\n2\tKRAS\t500\t12\t0.0001\t0.02\n3\tBRAF\t400\t2\t0.3\t0.5\n4\tBRCA2\t300\t3\t0.001\t0.05\n');
  // And a BRCA2 amplification of its one sample, in a region GISTIC calls (q 0.001) with KRAS.
  writeFileSync(`${dir}/meta_cna.txt`, 'cancer_study_identifier: study_hg38\ngenetic_alteration_type: COPY_NUMBER_ALTERATION\ndatatype: DISCRETE\nstable_id: gistic\nshow_profile_in_analysis_tab: true\nprofile_name: CNA\nprofile_description: CNA\ndata_filename: data_cna.txt\n');
  writeFileSync(`${dir}/data_cna.txt`, 'Hugo_Symbol\tEntrez_Gene_Id\tTCGA-A2-A04P-01\nBRCA2\t675\t2\nKRAS\t3845\t0\n');
  writeFileSync(`${dir}/meta_gistic_genes_amp.txt`, 'cancer_study_identifier: study_hg38\ngenetic_alteration_type: GISTIC_GENES_AMP\ndatatype: Q-VALUE\nreference_genome_id: hg38\ndata_filename: data_gistic_genes_amp.txt\n');
  writeFileSync(`${dir}/data_gistic_genes_amp.txt`, 'chromosome\tpeak_start\tpeak_end\tgenes_in_region\tamp\tcytoband\tq_value\n13\t32300000\t32400000\tBRCA2,KRAS,\t1\t13q13.1\t0.001\n');
  await loadStudy(store.db, store.genes, dir);
  app = await buildApp({ db: store.db });
});
afterAll(() => app.close());

describe('GET /api/studies/{studyId}/significantly-mutated-genes', () => {
  it('lists MutSig genes by Entrez id, with META and sorting', async () => {
    const res = await app.inject('/api/studies/study_hg38/significantly-mutated-genes');
    expect(res.json()).toEqual([
      { studyId: 'study_hg38', entrezGeneId: 675, hugoGeneSymbol: 'BRCA2', rank: 4, numberOfMutations: 3, pValue: 0.001, qValue: 0.05 },
      { studyId: 'study_hg38', entrezGeneId: 3845, hugoGeneSymbol: 'KRAS', rank: 2, numberOfMutations: 12, pValue: 0.0001, qValue: 0.02 },
      { studyId: 'study_hg38', entrezGeneId: 7157, hugoGeneSymbol: 'TP53', rank: 1, numberOfMutations: 40, pValue: 1e-16, qValue: 1e-12 },
    ]);
    const sorted = await app.inject('/api/studies/study_hg38/significantly-mutated-genes?sortBy=rank&pageSize=1');
    expect(sorted.json().map((g: { hugoGeneSymbol: string }) => g.hugoGeneSymbol)).toEqual(['TP53']);
    const meta = await app.inject('/api/studies/study_hg38/significantly-mutated-genes?projection=META');
    expect(meta.headers['total-count']).toBe('3');
    expect(meta.body).toBe('');
    expect((await app.inject('/api/studies/nope/significantly-mutated-genes')).json()).toEqual({ message: 'Study not found: nope' });
  });
});

describe('POST /api/mutated-genes/fetch with MutSig', () => {
  it("gives a gene MutSig's q-value when the cohort is of the one study MutSig ran on", async () => {
    const genes = async (studyIds: string[]) => (await app.inject({ method: 'POST', url: '/api/mutated-genes/fetch', payload: { studyIds } })).json();
    // data_mutations_extended.maf: one BRCA2 nonsense mutation, of TCGA-A2-A04P-01.
    expect(await genes(['study_hg38'])).toMatchObject([{ hugoGeneSymbol: 'BRCA2', numberOfAlteredCases: 1, totalCount: 1, qValue: 0.05 }]);
    // Two studies: no q-value, though BRCA2 is mutated in both.
    const brca2 = (await genes(['study_hg38', 'study_es_0'])).find((g: { hugoGeneSymbol: string }) => g.hugoGeneSymbol === 'BRCA2');
    expect(brca2.numberOfAlteredCases).toBeGreaterThan(1);
    expect(brca2).not.toHaveProperty('qValue');
  });
});

describe('POST /api/cna-genes/fetch with GISTIC', () => {
  it("gives an alteration GISTIC's q-value for its direction when the cohort is of the one study GISTIC ran on", async () => {
    const genes = async (studyIds: string[]) => (await app.inject({ method: 'POST', url: '/api/cna-genes/fetch', payload: { studyIds } })).json();
    // BRCA2's cytoband in hg38 (the study's genome), from the reference's seed table.
    expect(await genes(['study_hg38'])).toEqual([{
      uniqueEventKey: 'BRCA2', hugoGeneSymbol: 'BRCA2', hugoGeneSymbols: ['BRCA2'], entrezGeneId: 675, entrezGeneIds: [675], alteration: 2, cytoband: '13q13.1',
      numberOfAlteredCases: 1, numberOfAlteredCasesOnPanel: 1, totalCount: 1, numberOfProfiledCases: 1, matchingGenePanelIds: ['WES'], qValue: 0.001,
    }]);
    const brca2 = (await genes(['study_hg38', 'study_es_0'])).find((g: { hugoGeneSymbol: string; alteration: number }) => g.hugoGeneSymbol === 'BRCA2' && g.alteration === 2);
    expect(brca2 ?? {}).not.toHaveProperty('qValue');
  });
});

describe('GET /api/studies/{studyId}/significant-copy-number-regions', () => {
  it('lists GISTIC regions in import order with their genes', async () => {
    const regions = (await app.inject('/api/studies/study_es_0/significant-copy-number-regions')).json();
    // data_gistic_genes_amp.txt: 11 regions on chromosomes 1-22, all amplifications.
    expect(regions).toHaveLength(11);
    // Its first data line: chromosome 1, 1p22.3, peak 85988564-85991712, q 4.1251e-13, gene DDAH1.
    expect(regions[0]).toEqual({
      studyId: 'study_es_0', chromosome: 1, cytoband: '1p22.3', widePeakStart: 85988564, widePeakEnd: 85991712,
      qValue: 4.1251e-13, amp: true, genes: [{ entrezGeneId: 23576, hugoGeneSymbol: 'DDAH1' }],
    });
    const ids = (await app.inject('/api/studies/study_es_0/significant-copy-number-regions?projection=ID')).json();
    expect(ids[0]).not.toHaveProperty('genes');
    const byQ = (await app.inject('/api/studies/study_es_0/significant-copy-number-regions?sortBy=qValue&direction=DESC')).json();
    expect(byQ[0].qValue).toBeGreaterThanOrEqual(byQ[10].qValue);
  });
});

describe('POST /api/custom-driver-annotation-report/fetch', () => {
  it('reports binary annotations and tier names of the profiles', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/custom-driver-annotation-report/fetch', payload: ['study_es_0_mutations', 'study_es_0_gistic', 'study_es_0_structural_variants'] });
    const report = res.json();
    expect(report.hasBinary).toBe(true);
    // cbp_driver_tiers values over the MAF, the long CNA file and the SV file (grep, minus NA/empty).
    expect(report.tiers).toEqual([...report.tiers].sort());
    expect(report.tiers.length).toBeGreaterThan(0);
    expect((await app.inject({ method: 'POST', url: '/api/custom-driver-annotation-report/fetch', payload: ['nope'] })).json()).toEqual({ hasBinary: false, tiers: [] });
    expect((await app.inject({ method: 'POST', url: '/api/custom-driver-annotation-report/fetch', payload: [] })).statusCode).toBe(400);
  });
});
