// POST /api/expression-enrichments/fetch and /api/generic-assay-enrichments/fetch (api.md 23.2, 23.3).
// Expected values: python3 over the study files: per entity, each group's
// numeric cells (regex ^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$; NA, '>8' and '' skipped; groups with
// < 2 values dropped), numpy.mean / numpy.std(ddof=1), then scipy.stats.ttest_ind(a, b,
// equal_var=False).pvalue for two groups or scipy.stats.f_oneway(*groups).pvalue for more (SciPy 1.17).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

type Expected = Record<string, { p: number; groups: [string, number, number][] }>;
interface Item {
  entrezGeneId?: number;
  hugoGeneSymbol?: string;
  stableId?: string;
  genericEntityMetaProperties?: Record<string, string>;
  groupsStatistics: { name: string; meanExpression: number; standardDeviation: number }[];
  pValue: number;
}

const rel = (actual: number, expected: number) =>
  expect(expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(1e-9);

function check(items: Item[], key: (i: Item) => string, expected: Expected) {
  const byKey = new Map(items.map((i) => [key(i), i]));
  for (const [id, e] of Object.entries(expected)) {
    const item = byKey.get(id);
    expect(item, id).toBeDefined();
    rel(item!.pValue, e.p);
    expect(item!.groupsStatistics.map((g) => g.name)).toEqual(e.groups.map((g) => g[0]));
    item!.groupsStatistics.forEach((g, i) => {
      rel(g.meanExpression, e.groups[i][1]);
      rel(g.standardDeviation, e.groups[i][2]);
    });
  }
}

const group = (name: string, profile: string, caseIds: string[]) => ({
  name, molecularProfileCaseIdentifiers: caseIds.map((caseId) => ({ molecularProfileId: profile, caseId })),
});

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

// The first 20 and the next 25 sample columns of study_es_0/data_expression_median.txt.
const MRNA_A = ['TCGA-A1-A0SD-01', 'TCGA-A1-A0SE-01', 'TCGA-A1-A0SH-01', 'TCGA-A1-A0SJ-01', 'TCGA-A1-A0SK-01', 'TCGA-A1-A0SM-01', 'TCGA-A1-A0SO-01', 'TCGA-A1-A0SP-01', 'TCGA-A2-A04N-01', 'TCGA-A2-A04P-01', 'TCGA-A2-A04Q-01', 'TCGA-A2-A04R-01', 'TCGA-A2-A04T-01', 'TCGA-A2-A04U-01', 'TCGA-A2-A04V-01', 'TCGA-A2-A04W-01', 'TCGA-A2-A04X-01', 'TCGA-A2-A04Y-01', 'TCGA-A2-A0CL-01', 'TCGA-A2-A0CM-01'];
const MRNA_B = ['TCGA-A2-A0CP-01', 'TCGA-A2-A0CQ-01', 'TCGA-A2-A0CS-01', 'TCGA-A2-A0CT-01', 'TCGA-A2-A0CU-01', 'TCGA-A2-A0CV-01', 'TCGA-A2-A0CW-01', 'TCGA-A2-A0CX-01', 'TCGA-A2-A0CY-01', 'TCGA-A2-A0CZ-01', 'TCGA-A2-A0D0-01', 'TCGA-A2-A0D1-01', 'TCGA-A2-A0D2-01', 'TCGA-A2-A0D3-01', 'TCGA-A2-A0D4-01', 'TCGA-A2-A0EM-01', 'TCGA-A2-A0EN-01', 'TCGA-A2-A0EO-01', 'TCGA-A2-A0EQ-01', 'TCGA-A2-A0ER-01', 'TCGA-A2-A0ES-01', 'TCGA-A2-A0ET-01', 'TCGA-A2-A0EU-01', 'TCGA-A2-A0EV-01', 'TCGA-A2-A0EW-01'];

describe('POST /api/expression-enrichments/fetch', () => {
  it('compares two groups with Welch\'s t-test (unknown, unprofiled and repeated cases ignored)', async () => {
    // Group A also names an unknown sample, TCGA-A1-A0SB-01 (in the study, not in the mRNA matrix) and a repeat.
    const res = await post('/api/expression-enrichments/fetch', [
      group('A', 'study_es_0_mrna', [...MRNA_A, 'NOPE-01', 'TCGA-A1-A0SB-01', MRNA_A[0]]),
      group('B', 'study_es_0_mrna', MRNA_B),
    ]);
    expect(res.statusCode).toBe(200);
    const items = res.json() as Item[];
    expect(items.map((i) => i.entrezGeneId).sort((a, b) => a! - b!)).toEqual([2073, 4313, 6205, 9240, 23051, 90993]);
    expect(items.find((i) => i.entrezGeneId === 6205)?.hugoGeneSymbol).toBe('RPS11');
    expect(Object.keys(items[0]).sort()).toEqual(['entrezGeneId', 'groupsStatistics', 'hugoGeneSymbol', 'pValue']);
    check(items, (i) => String(i.entrezGeneId), {
      '90993': { p: 0.6870092479757165, groups: [['A', 0.897025, 1.0025464285744419], ['B', 1.00454, 0.7017406137301256]] },
      '6205': { p: 0.25587484485621415, groups: [['A', 0.35673750000000004, 0.33313842028857676], ['B', 0.49326999999999993, 0.46112213064978785]] },
      '9240': { p: 0.6616723114993792, groups: [['A', 0.008400000000000006, 0.7151523227514835], ['B', 0.10718, 0.7852749801025116]] },
      '4313': { p: 0.7169758753461242, groups: [['A', 0.2998083333333331, 1.0493373490680311], ['B', 0.18934666666666686, 0.9547041183102335]] },
      '23051': { p: 0.376902991228586, groups: [['A', -0.27249166666666685, 0.46250310722838034], ['B', -0.16474666666666668, 0.3064837812154962]] },
      '2073': { p: 0.6939027303402248, groups: [['A', 0.09555, 0.5026737955541766], ['B', 0.03761999999999999, 0.46680365987746925]] },
    });
  });

  it('uses one-way ANOVA for more groups and drops groups with fewer than two values', async () => {
    // Methylation columns 1-10, 11-25, 26-31 and 32 (the last group has one value and is dropped).
    const meth = ['TCGA-A1-A0SD-01', 'TCGA-A2-A04N-01', 'TCGA-A2-A04P-01', 'TCGA-A2-A04Q-01', 'TCGA-A2-A04T-01', 'TCGA-A2-A04U-01', 'TCGA-A2-A04V-01', 'TCGA-A2-A04W-01', 'TCGA-A2-A04X-01', 'TCGA-A2-A04Y-01', 'TCGA-A2-A0CL-01', 'TCGA-A2-A0CM-01', 'TCGA-A2-A0CP-01', 'TCGA-A2-A0CQ-01', 'TCGA-A2-A0CS-01', 'TCGA-A2-A0CU-01', 'TCGA-A2-A0CV-01', 'TCGA-A2-A0CW-01', 'TCGA-A2-A0CX-01', 'TCGA-A2-A0CY-01', 'TCGA-A2-A0CZ-01', 'TCGA-A2-A0D0-01', 'TCGA-A2-A0D1-01', 'TCGA-A2-A0D2-01', 'TCGA-A2-A0D3-01', 'TCGA-A2-A0D4-01', 'TCGA-A2-A0EM-01', 'TCGA-A2-A0EO-01', 'TCGA-A2-A0EQ-01', 'TCGA-A2-A0ER-01', 'TCGA-A2-A0ES-01', 'TCGA-A2-A0ET-01'];
    const p = 'study_es_0_methylation_hm27';
    const res = await post('/api/expression-enrichments/fetch', [
      group('x', p, meth.slice(0, 10)), group('y', p, meth.slice(10, 25)), group('z', p, meth.slice(25, 31)), group('w', p, meth.slice(31)),
    ]);
    expect(res.statusCode).toBe(200);
    const items = res.json() as Item[];
    expect(items).toHaveLength(8);
    check(items, (i) => String(i.entrezGeneId), {
      '487': { p: 0.35763934865887204, groups: [['x', 0.5448220938999999, 0.18753343983103404], ['y', 0.5527078230000001, 0.18852220366416503], ['z', 0.6657282903333334, 0.09771076206520464]] },
      '3232': { p: 0.042673324575689724, groups: [['x', 0.6267313183, 0.15633408312981195], ['y', 0.6316592572666665, 0.12942660068785244], ['z', 0.4574409506666668, 0.15113430718574972]] },
      '3613': { p: 0.6970507544953182, groups: [['x', 0.0454775269, 0.00703329781364921], ['y', 0.0427112948, 0.010240523743212337], ['z', 0.0418110575, 0.010871950240205807]] },
      '283234': { p: 0.7764762884950266, groups: [['x', 0.7344946714, 0.05908449509794538], ['y', 0.7229909270000002, 0.09147233705390678], ['z', 0.7484026345, 0.0444968272092037]] },
    });
  });

  it('takes patient ids with enrichmentType=PATIENT (every sample of the patient)', async () => {
    // Patients of mRNA columns 1-8 and 9-20 (sample id minus "-01"); each patient has one sample in study_es_0.
    const p1 = MRNA_A.slice(0, 8).map((s) => s.slice(0, -3));
    const p2 = MRNA_A.slice(8, 20).map((s) => s.slice(0, -3));
    const res = await post('/api/expression-enrichments/fetch?enrichmentType=PATIENT', [
      group('P1', 'study_es_0_mrna', p1), group('P2', 'study_es_0_mrna', p2),
    ]);
    expect(res.statusCode).toBe(200);
    check(res.json() as Item[], (i) => String(i.entrezGeneId), {
      '6205': { p: 0.451893956206237, groups: [['P1', 0.276, 0.44394643036712694], ['P2', 0.4105625, 0.24160636362310867]] },
      '9240': { p: 0.019099684641795164, groups: [['P1', 0.41090625000000003, 0.3643899485416884], ['P2', -0.2599375, 0.7762265010716325]] },
    });
    // The same patient ids read as sample ids match nothing.
    const asSamples = await post('/api/expression-enrichments/fetch', [group('P1', 'study_es_0_mrna', p1), group('P2', 'study_es_0_mrna', p2)]);
    expect(asSamples.json()).toEqual([]);
  });

  it('answers [] when fewer than two groups have data', async () => {
    const one = await post('/api/expression-enrichments/fetch', [group('A', 'study_es_0_mrna', MRNA_A), group('B', 'study_es_0_mrna', ['TCGA-A1-A0SB-01', 'NOPE'])]);
    expect(one.json()).toEqual([]);
    expect((await post('/api/expression-enrichments/fetch', [group('A', 'study_es_0_mrna', MRNA_A)])).json()).toEqual([]);
    expect((await post('/api/expression-enrichments/fetch', [])).json()).toEqual([]);
  });

  it('rejects several profiles (501), wrong or unknown profiles (404) and bad requests (400)', async () => {
    const several = await post('/api/expression-enrichments/fetch', [group('A', 'study_es_0_mrna', MRNA_A), group('B', 'study_es_0_methylation_hm27', MRNA_B)]);
    expect(several.statusCode).toBe(501);
    expect(several.json()).toEqual({ message: 'Requested API is not implemented yet' });
    const wrongType = await post('/api/expression-enrichments/fetch', [group('A', 'study_es_0_mutations', MRNA_A), group('B', 'study_es_0_mutations', MRNA_B)]);
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.json()).toEqual({ message: 'Molecular profile not found: study_es_0_mutations' });
    const unknown = await post('/api/expression-enrichments/fetch', [group('A', 'nope', MRNA_A), group('B', 'nope', MRNA_B)]);
    expect(unknown.json()).toEqual({ message: 'Molecular profile not found: nope' });
    // Generic assay profiles are not expression profiles, and the other way round.
    expect((await post('/api/expression-enrichments/fetch', [group('A', 'study_es_0_treatment_ic50', MRNA_A), group('B', 'study_es_0_treatment_ic50', MRNA_B)])).statusCode).toBe(404);
    expect((await post('/api/generic-assay-enrichments/fetch', [group('A', 'study_es_0_mrna', MRNA_A), group('B', 'study_es_0_mrna', MRNA_B)])).statusCode).toBe(404);
    const duplicate = await post('/api/expression-enrichments/fetch', [group('A', 'study_es_0_mrna', MRNA_A), group('A', 'study_es_0_mrna', MRNA_B)]);
    expect(duplicate.statusCode).toBe(400);
    expect((await post('/api/expression-enrichments/fetch?enrichmentType=sample', [group('A', 'study_es_0_mrna', MRNA_A)])).statusCode).toBe(400);
    expect((await post('/api/expression-enrichments/fetch', [{ name: 'A', molecularProfileCaseIdentifiers: [] }])).statusCode).toBe(400);
    expect((await post('/api/expression-enrichments/fetch', [{ ...group('A', 'study_es_0_mrna', MRNA_A), extra: 1 }])).statusCode).toBe(400);
  });
});

describe('POST /api/generic-assay-enrichments/fetch', () => {
  it('compares numeric values only (">8" and NA skipped) and adds the entity meta properties', async () => {
    const p = 'study_es_0_treatment_ic50';
    const res = await post('/api/generic-assay-enrichments/fetch', [
      group('g1', p, ['TCGA-A1-A0SB-01', 'TCGA-A1-A0SD-01', 'TCGA-A1-A0SE-01', 'TCGA-A1-A0SH-01']),
      group('g2', p, ['TCGA-A2-A04U-01', 'TCGA-B6-A0RS-01', 'TCGA-BH-A0HP-01', 'TCGA-BH-A18P-01']),
    ]);
    expect(res.statusCode).toBe(200);
    const items = res.json() as Item[];
    // The other five compounds have fewer than two numeric values in a group.
    expect(items.map((i) => i.stableId).sort()).toEqual(['17-AAG', 'AEW541', 'AZD0530', 'Irinotecan', 'Lapatinib']);
    expect(items.find((i) => i.stableId === '17-AAG')?.genericEntityMetaProperties).toEqual({
      NAME: 'Name of 17-AAG', DESCRIPTION: 'Desc of 17-AAG', URL: 'Url of 17-AAG',
    });
    expect(Object.keys(items[0]).sort()).toEqual(['genericEntityMetaProperties', 'groupsStatistics', 'pValue', 'stableId']);
    check(items, (i) => i.stableId!, {
      '17-AAG': { p: 0.41711905259912085, groups: [['g1', 0.170410254, 0.13215302850061783], ['g2', 0.25099869075000003, 0.12945200416858957]] },
      'AEW541': { p: 0.5736084058625838, groups: [['g1', 3.3381226859999997, 1.4519511002332273], ['g2', 4.536716977666667, 2.948181133715791]] },
      'AZD0530': { p: 0.9640716520613113, groups: [['g1', 3.8950930835, 0.9939890836863206], ['g2', 3.6924416295, 5.04795276253802]] },
      'Irinotecan': { p: 0.329773610319237, groups: [['g1', 0.073904518, 0.009701714341486659], ['g2', 0.26364970175, 0.32690662447085483]] },
      'Lapatinib': { p: 0.6111588848963593, groups: [['g1', 5.077536464, 3.917044649681114], ['g2', 3.0283242096666663, 3.595259486607364]] },
    });
  });

  it('uses ANOVA over three patient groups (lgg, enrichmentType=PATIENT)', async () => {
    // Patients P01,P02,P04,P05 / P06-P09 / P10-P13 with all their samples (Pri, Rec, ...).
    const p = 'lgg_ucsf_2014_test_generic_assay_mutational_signature_contribution_SBS';
    const res = await post('/api/generic-assay-enrichments/fetch?enrichmentType=PATIENT', [
      group('r1', p, ['P01', 'P02', 'P04', 'P05']), group('r2', p, ['P06', 'P07', 'P08', 'P09']), group('r3', p, ['P10', 'P11', 'P12', 'P13']),
    ]);
    expect(res.statusCode).toBe(200);
    const items = res.json() as Item[];
    expect(items).toHaveLength(30);
    check(items, (i) => i.stableId!, {
      'mutational_signature_contribution_SBS1': { p: 0.8845513727195614, groups: [['r1', 0.23789032380078096, 0.21259355776925629], ['r2', 0.20950499350000001, 0.14693931112591427], ['r3', 0.25411149911375, 0.1713206951765951]] },
      'mutational_signature_contribution_SBS3': { p: 0.6502535780486505, groups: [['r1', 3.962238000000001e-10, 1.1319602599591757e-09], ['r2', 3.475701875e-10, 4.887739603866638e-10], ['r3', 7.569575000000001e-11, 8.226232504398874e-11]] },
    });
  });
});
