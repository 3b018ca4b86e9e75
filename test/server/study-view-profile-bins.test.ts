// POST /api/genomic-data-bin-counts/fetch and /api/generic-assay-data-bin-counts/fetch
// (study-view.md 4.9, 4.12, 5). Expected bins come from an independent python re-implementation of
// 5.4 (Decimal arithmetic; discrete, linear, outlier, distinct-conversion and recount steps) fed
// with the values read from the study files: per sample the matrix cell, NA-like cells and
// samples without a cell as "NA" (845 samples / 841 patients in study_es_0, 61 in lgg).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBins } from '../../engine/stats/binning/describe.js';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

interface Bin { specialValue?: string; start?: number; end?: number; count: number; hugoGeneSymbol?: string; stableId?: string; profileType: string }

const ES = 'study_es_0';
const LGG = 'lgg_ucsf_2014_test_generic_assay';
const post = async (path: string, payload: object, method?: string) => {
  const res = await app.inject({ method: 'POST', url: `/api/${path}${method ? `?dataBinMethod=${method}` : ''}`, payload });
  return { status: res.statusCode, body: res.json() };
};
const genomic = (genes: string[], studyViewFilter: object, method?: string, profileType = 'mrna') =>
  post('genomic-data-bin-counts/fetch', { genomicDataBinFilters: genes.map((hugoGeneSymbol) => ({ hugoGeneSymbol, profileType })), studyViewFilter }, method);
const assay = (ids: string[], profileType: string, studyViewFilter: object, method?: string) =>
  post('generic-assay-data-bin-counts/fetch', { genericAssayDataBinFilters: ids.map((stableId) => ({ stableId, profileType })), studyViewFilter }, method);
const text = (bins: Bin[], key?: string) => describeBins(key ? bins.filter((b) => (b.hugoGeneSymbol ?? b.stableId) === key) : bins);
const zeros = (bins: string) => bins.replace(/:\d+/g, ':0');

// data_expression_median.txt, CREB3L1: 526 values, 845 − 526 = 319 NA; linear, interval 0.25.
const CREB3L1 = '≤-1.25:1, (-1.25,-1]:2, (-1,-0.75]:5, (-0.75,-0.5]:12, (-0.5,-0.25]:26, (-0.25,0]:23, (0,0.25]:44, (0.25,0.5]:37, '
  + '(0.5,0.75]:69, (0.75,1]:58, (1,1.25]:63, (1.25,1.5]:57, (1.5,1.75]:45, (1.75,2]:46, (2,2.25]:13, (2.25,2.5]:12, (2.5,2.75]:5, '
  + '(2.75,3]:3, >3:5, NA:319';
const RPS11 = '≤-0.8:1, (-0.8,-0.6]:8, (-0.6,-0.4]:11, (-0.4,-0.2]:36, (-0.2,0]:47, (0,0.2]:77, (0.2,0.4]:86, (0.4,0.6]:92, (0.6,0.8]:71, '
  + '(0.8,1]:42, (1,1.2]:27, (1.2,1.4]:13, (1.4,1.6]:7, >1.6:8, NA:319';
const subtype = (value: string) => ({ attributeId: 'SUBTYPE', values: [{ value }] });

describe('POST /api/genomic-data-bin-counts/fetch', () => {
  it('DYNAMIC (default) bins the expression values of the cohort; NA = samples without a value', async () => {
    const { status, body } = await genomic(['CREB3L1'], { studyIds: [ES] });
    expect(status).toBe(200);
    expect(text(body)).toBe(CREB3L1);
    expect(body[0]).toEqual({ hugoGeneSymbol: 'CREB3L1', profileType: 'mrna', specialValue: '<=', end: -1.25, count: 1 });
    expect(body[1]).toEqual({ hugoGeneSymbol: 'CREB3L1', profileType: 'mrna', start: -1.25, end: -1, count: 2 });
    expect(body.at(-1)).toEqual({ hugoGeneSymbol: 'CREB3L1', profileType: 'mrna', specialValue: 'NA', count: 319 });
  });

  it('several genes: bins per gene in request order, one NA bin each', async () => {
    const { body } = await genomic(['RPS11', 'CREB3L1'], { studyIds: [ES] }, 'STATIC');
    expect(text(body, 'RPS11')).toBe(RPS11);
    expect(text(body, 'CREB3L1')).toBe(CREB3L1);
    expect(body[0].hugoGeneSymbol).toBe('RPS11');
  });

  it('STATIC with a combined filter: SUBTYPE basal-like AND RPS11 > 0.5 (32 samples, python)', async () => {
    const filter = { studyIds: [ES], clinicalDataFilters: [subtype('basal-like')], genomicDataFilters: [{ hugoGeneSymbol: 'RPS11', profileType: 'mrna', values: [{ start: 0.5 }] }] };
    const stat = await genomic(['CREB3L1'], filter, 'STATIC');
    expect(text(stat.body)).toBe('≤-1.25:0, (-1.25,-1]:0, (-1,-0.75]:1, (-0.75,-0.5]:2, (-0.5,-0.25]:6, (-0.25,0]:3, (0,0.25]:4, (0.25,0.5]:4, '
      + '(0.5,0.75]:5, (0.75,1]:1, (1,1.25]:2, (1.25,1.5]:3, (1.5,1.75]:0, (1.75,2]:1, (2,2.25]:0, (2.25,2.5]:0, (2.5,2.75]:0, (2.75,3]:0, >3:0, NA:0');
    // DYNAMIC re-bins those 32 values (interval 0.2).
    const dyn = await genomic(['CREB3L1'], filter, 'DYNAMIC');
    expect(text(dyn.body)).toBe('≤-0.8:1, (-0.8,-0.6]:1, (-0.6,-0.4]:3, (-0.4,-0.2]:4, (-0.2,0]:3, (0,0.2]:4, (0.2,0.4]:4, (0.4,0.6]:4, '
      + '(0.6,0.8]:1, (0.8,1]:1, (1,1.2]:2, (1.2,1.4]:3, (1.4,1.6]:0, (1.6,1.8]:0, >1.8:1');
  });

  it('one gene: its own genomic filter is removed (3.17); several: it applies (CREB3L1 > 2: 38 samples)', async () => {
    const filter = { studyIds: [ES], genomicDataFilters: [{ hugoGeneSymbol: 'CREB3L1', profileType: 'mrna', values: [{ start: 2 }] }] };
    expect(text((await genomic(['CREB3L1'], filter, 'STATIC')).body)).toBe(CREB3L1);
    const both = await genomic(['CREB3L1', 'RPS11'], filter, 'STATIC');
    expect(text(both.body, 'CREB3L1')).toBe(zeros(CREB3L1.split(', (2,2.25]')[0]) + ', (2,2.25]:13, (2.25,2.5]:12, (2.5,2.75]:5, (2.75,3]:3, >3:5, NA:0');
    expect(text(both.body, 'RPS11')).toBe('≤-0.8:0, (-0.8,-0.6]:0, (-0.6,-0.4]:1, (-0.4,-0.2]:0, (-0.2,0]:4, (0,0.2]:5, (0.2,0.4]:10, (0.4,0.6]:9, '
      + '(0.6,0.8]:4, (0.8,1]:3, (1,1.2]:1, (1.2,1.4]:1, (1.4,1.6]:0, >1.6:0, NA:0');
    // A filter on another profile type of the same gene is not "self": RPS11 Z-score > 0 (252 samples).
    const other = { studyIds: [ES], genomicDataFilters: [{ hugoGeneSymbol: 'RPS11', profileType: 'mrna_median_Zscores', values: [{ start: 0 }] }] };
    expect(text((await genomic(['RPS11'], other, 'STATIC')).body)).toBe('≤-0.8:0, (-0.8,-0.6]:0, (-0.6,-0.4]:0, (-0.4,-0.2]:0, (-0.2,0]:0, '
      + '(0,0.2]:0, (0.2,0.4]:0, (0.4,0.6]:84, (0.6,0.8]:71, (0.8,1]:42, (1,1.2]:27, (1.2,1.4]:13, (1.4,1.6]:7, >1.6:8, NA:0');
  });

  it('a filter matching nothing: STATIC keeps every bin at 0, DYNAMIC gives none', async () => {
    const filter = { studyIds: [ES], clinicalDataFilters: [subtype('no such subtype')] };
    expect(text((await genomic(['CREB3L1'], filter, 'STATIC')).body)).toBe(zeros(CREB3L1));
    expect((await genomic(['CREB3L1'], filter, 'DYNAMIC')).body).toEqual([]);
  });

  it('unknown genes, profile types and studies; bad input', async () => {
    // An unknown gene has no values: its only bin is NA (every sample).
    expect((await genomic(['NOT_A_GENE'], { studyIds: [ES] })).body).toEqual([{ hugoGeneSymbol: 'NOT_A_GENE', profileType: 'mrna', specialValue: 'NA', count: 845 }]);
    expect((await genomic(['CREB3L1'], { studyIds: [LGG] })).body).toEqual([{ hugoGeneSymbol: 'CREB3L1', profileType: 'mrna', specialValue: 'NA', count: 61 }]);
    expect((await genomic(['CREB3L1'], { studyIds: ['no_such_study'] }, 'STATIC')).body).toEqual([]);
    expect((await genomic([], { studyIds: [ES] })).body).toEqual([]);
    expect((await genomic(['CREB3L1'], {})).status).toBe(400);
    expect((await genomic(['CREB3L1'], { studyIds: [ES] }, 'SOMETIMES')).status).toBe(400);
    expect((await post('genomic-data-bin-counts/fetch', { studyViewFilter: { studyIds: [ES] } })).status).toBe(400);
  });
});

// data_mutational_signature_counts_SBS.txt, A[C>A]A over the 61 lgg samples: integers 0…57.
const ACAA = '≤1:35, [2,2]:8, [3,3]:5, [4,4]:2, [5,5]:2, [6,6]:1, [7,7]:1, >7:7';
const ACAA_ID = 'mutational_signature_counts_A_C_A_A';
const SBS = 'mutational_signature_counts_SBS';
const grade = (value: string) => ({ attributeId: 'GRADE', values: [{ value }] });
const assayFilter = (stableId: string, start: number) => ({ stableId, profileType: SBS, values: [{ start }] });

describe('POST /api/generic-assay-data-bin-counts/fetch', () => {
  it('LIMIT-VALUE data with ">8": discrete bins, the special values in the ">" bin (data_treatment_ic50.txt)', async () => {
    // AEW541: >8, 2.329924107, 2.68212986, 5.002314091, 1.736181378, 4.260821819, >8, 7.613147736; 845 − 8 NA.
    const { status, body } = await assay(['AEW541'], 'treatment_ic50', { studyIds: [ES] });
    expect(status).toBe(200);
    expect(text(body)).toBe('[1.736181378,1.736181378]:1, [2.329924107,2.329924107]:1, [2.68212986,2.68212986]:1, '
      + '[4.260821819,4.260821819]:1, [5.002314091,5.002314091]:1, [7.613147736,7.613147736]:1, >8:2, NA:837');
    expect(body.at(-2)).toEqual({ stableId: 'AEW541', profileType: 'treatment_ic50', specialValue: '>', start: 8, count: 2 });
  });

  it('patient-level profile: one value per patient, NA = patients without one (841 − 2)', async () => {
    const { body } = await assay(['test_patient_generic_assay_1'], 'generic_assay_patient_test', { studyIds: [ES] });
    expect(text(body)).toBe('[0.010373016,0.010373016]:1, [0.370266873,0.370266873]:1, NA:839');
  });

  it('STATIC: linear integer bins converted to points, recounted on GRADE IV (13 samples)', async () => {
    expect(text((await assay([ACAA_ID], SBS, { studyIds: [LGG] }, 'STATIC')).body)).toBe(ACAA);
    const { body } = await assay([ACAA_ID], SBS, { studyIds: [LGG], clinicalDataFilters: [grade('IV')] }, 'STATIC');
    expect(text(body)).toBe('≤1:7, [2,2]:1, [3,3]:1, [4,4]:1, [5,5]:0, [6,6]:0, [7,7]:0, >7:3');
  });

  it('self-exclusion by stableId and profile type (3.17), combined with a clinical filter', async () => {
    const self = { studyIds: [LGG], genericAssayDataFilters: [assayFilter(ACAA_ID, 3)] };
    expect(text((await assay([ACAA_ID], SBS, self, 'STATIC')).body)).toBe(ACAA);
    // Two entities requested: the A[C>A]A > 3 filter applies (13 samples).
    const both = await assay([ACAA_ID, 'mutational_signature_counts_A_C_A_C'], SBS, self, 'STATIC');
    expect(text(both.body, ACAA_ID)).toBe('≤1:0, [2,2]:0, [3,3]:0, [4,4]:2, [5,5]:2, [6,6]:1, [7,7]:1, >7:7');
    // Another entity's filter (A[C>A]C > 3: 15 samples) is kept.
    const other = await assay([ACAA_ID], SBS, { studyIds: [LGG], genericAssayDataFilters: [assayFilter('mutational_signature_counts_A_C_A_C', 3)] }, 'STATIC');
    expect(text(other.body)).toBe('≤1:2, [2,2]:0, [3,3]:1, [4,4]:2, [5,5]:1, [6,6]:1, [7,7]:1, >7:7');
    const combined = await assay([ACAA_ID, 'mutational_signature_counts_A_C_A_C'], SBS, { ...self, clinicalDataFilters: [grade('IV')] }, 'STATIC');
    expect(text(combined.body, ACAA_ID)).toBe('≤1:0, [2,2]:0, [3,3]:0, [4,4]:1, [5,5]:0, [6,6]:0, [7,7]:0, >7:3');
  });

  it('a filter matching nothing; unknown entities; bad input', async () => {
    const none = { studyIds: [LGG], clinicalDataFilters: [grade('V')] };
    expect(text((await assay([ACAA_ID], SBS, none, 'STATIC')).body)).toBe(zeros(ACAA));
    expect((await assay([ACAA_ID], SBS, none, 'DYNAMIC')).body).toEqual([]);
    expect((await assay(['nope'], SBS, { studyIds: [LGG] })).body).toEqual([{ stableId: 'nope', profileType: SBS, specialValue: 'NA', count: 61 }]);
    expect((await assay([ACAA_ID], SBS, {})).status).toBe(400);
    expect((await post('generic-assay-data-bin-counts/fetch', { genericAssayDataBinFilters: [{ stableId: ACAA_ID }], studyViewFilter: { studyIds: [LGG] } })).status).toBe(400);
  });
});
