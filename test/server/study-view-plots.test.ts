// Study View violin plots (study-view.md 4.19, 6.1) and density plots (4.20, 6.2).
// Expected values: python3 test/reference/study-view-plots.py, an independent re-implementation of 6.1
// and 6.2 over ../shared/studies (data_clinical_*.txt; patient values copied onto each sample;
// NA-like values skipped; MUTATION_COUNT of lgg = distinct (Chromosome, Start_Position,
// End_Position, Reference_Allele, Tumor_Seq_Allele2) of the non-germline rows of
// data_mutations_extended.txt the importer keeps (study-format.md 10.4: default classification
// filter, genes resolved by symbol in ../shared/reference/gene-info) per sample of
// cases_sequenced.txt), quartiles by
// np.percentile(method='weibull'), curves by math.fsum(scipy.stats.norm.pdf(p, v, σ)),
// correlations by scipy.stats.pearsonr / spearmanr. Numbers compare to 1e-9 relative.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

const post = async (url: string, payload: unknown) => {
  const res = await app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
};
const violin = (query: string, filter: unknown) => post(`/clinical-data-violin-plots/fetch?${query}`, filter);
const density = (query: string, filter: unknown) => post(`/clinical-data-density-plot/fetch?${query}`, filter);

/** Deep equality with numbers to 1e-9 relative (exact 0 where 0 is expected). */
function expectClose(actual: unknown, expected: unknown, path = '$'): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    if (expected === 0) expect(actual, path).toBe(0);
    else expect(Math.abs((actual as number) - expected) / Math.abs(expected), `${path}: ${String(actual)} vs ${expected}`).toBeLessThan(1e-9);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, `${path}.length`).toBe(expected.length);
    expected.forEach((e, i) => expectClose((actual as unknown[])[i], e, `${path}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, e] of Object.entries(expected)) expectClose((actual as Record<string, unknown>)[k], e, `${path}.${k}`);
  } else {
    expect(actual, path).toEqual(expected);
  }
}

const LGG = 'lgg_ucsf_2014_test_generic_assay';
const ES = 'study_es_0';
const ALL = { studyIds: [LGG] };
const sex = (value: string) => ({ attributeId: 'SEX', values: [{ value }] });
const age = (start: number, end: number) => ({ attributeId: 'AGE', values: [{ start, end }] });
const EMPTY_VIOLIN = { axisStart: 'Infinity', axisEnd: '-Infinity', rows: [] };
const FEMALE_BOX = { whiskerLower: 26, whiskerUpper: 41, median: 36, q1: 31.25, q3: 38.75 };
const MALE_BOX = { whiskerLower: 22, whiskerUpper: 56, median: 30, q1: 27, q3: 46.5 };

describe('POST /api/clinical-data-violin-plots/fetch', () => {
  it('plots a patient number by a patient category over every sample (golden sexAge)', async () => {
    const { status, body } = await violin('categoricalAttributeId=SEX&numericalAttributeId=AGE', ALL);
    expect(status).toBe(200);
    expect([body.axisStart, body.axisEnd]).toEqual([22, 56]);
    expect(body.rows.map((r: { category: string; numSamples: number }) => [r.category, r.numSamples])).toEqual([['Female', 16], ['Male', 45]]);
    expectClose(body.rows[0].boxData, FEMALE_BOX);
    expectClose(body.rows[1].boxData, MALE_BOX);
    // 100 curve points; spot checks at 0, 37 and 99 (σ = step = 34/99).
    const female = body.rows[0].curveData as number[];
    const male = body.rows[1].curveData as number[];
    expect([female.length, male.length]).toEqual([100, 100]);
    expectClose([female[0], female[37], female[99]], [8.113514623140221e-30, 1.6186900390374421, 0]);
    expectClose([male[0], male[37], male[99]], [6.969756410975232, 2.03336030917359, 4.6465042070284515]);
    expect(body.rows[0].individualPoints).toEqual([]);
    // logScale takes ln(1 + AGE) too (golden sexAgeLog; the reference logs MUTATION_COUNT only, Appendix B quirk 10).
    const log = (await violin('categoricalAttributeId=SEX&numericalAttributeId=AGE&logScale=true', ALL)).body;
    expectClose([log.axisStart, log.axisEnd], [3.1354942159291497, 4.04305126783455]);
    expectClose(log.rows.map((r: { boxData: unknown }) => r.boxData), [{"whiskerLower": 3.295836866004329, "whiskerUpper": 3.7376696182833684, "median": 3.6109179126442243, "q1": 3.471370137977887, "q3": 3.6825500021178637}, {"whiskerLower": 3.1354942159291497, "whiskerUpper": 4.04305126783455, "median": 3.4339872044851463, "q1": 3.332204510175204, "q3": 3.859342747599233}]);
    expectClose(log.rows.map((r: { curveData: number[] }) => [r.curveData[0], r.curveData[37], r.curveData[99]]),
      [[3.2215534132092074e-65, 0.004576538598784434, 9.32935516013916e-240], [261.1094410659175, 0.009153077197570874, 174.07296071061347]]);
  });

  it('plots without the numerical filter but counts numSamples with it (golden sexAgeFiltered)', async () => {
    // AGE in (30, 40]: 10 Female and 7 Male samples; the data are the whole study's.
    const { body } = await violin('categoricalAttributeId=SEX&numericalAttributeId=AGE', { ...ALL, clinicalDataFilters: [age(30, 40)] });
    expect(body.rows.map((r: { numSamples: number }) => r.numSamples)).toEqual([10, 7]);
    expectClose(body.rows[1].boxData, MALE_BOX);
    expectClose(body.rows[1].curveData[37], 2.03336030917359);
  });

  it('keeps the other filters, and the axis and sigma parameters (golden sexAgeCombined)', async () => {
    // SEX = Female and AGE (30, 40]: data of the Female samples, numSamples of both filters.
    const filter = { ...ALL, clinicalDataFilters: [sex('Female'), age(30, 40)] };
    const { body } = await violin('categoricalAttributeId=SEX&numericalAttributeId=AGE&numCurvePoints=5&sigmaMultiplier=2&axisStart=20&axisEnd=60', filter);
    expectClose(body, {
      axisStart: 20, axisEnd: 60,
      rows: [{
        category: 'Female', numSamples: 10,
        curveData: [0.23640001269547703, 0.3011169679885141, 0.30269131405513616, 0.2398497498763515, 0.1496381242584199],
        boxData: FEMALE_BOX, individualPoints: [],
      }],
    });
  });

  it('clamps the whiskers to requested axis bounds (golden sexAgeAxis)', async () => {
    const { body } = await violin('categoricalAttributeId=SEX&numericalAttributeId=AGE&numCurvePoints=4&sigmaMultiplier=0.5&axisStart=25&axisEnd=40', ALL);
    expectClose(body, {
      axisStart: 25, axisEnd: 40,
      rows: [
        { category: 'Female', numSamples: 16, curveData: [0.3379563363387279, 0.4893312598293046, 1.214069479527114, 1.0417586890337587],
          boxData: { ...FEMALE_BOX, whiskerUpper: 40 }, individualPoints: [] },
        { category: 'Male', numSamples: 45, curveData: [2.201476864495753, 2.0013087127508022, 0.9579585327589046, 0.4548683600890318],
          boxData: { ...MALE_BOX, whiskerLower: 25, whiskerUpper: 40 }, individualPoints: [] },
      ],
    });
  });

  it('removes only the first item on the numerical attribute (golden sexAgeTwoItems)', async () => {
    // AGE (30, 40] is removed, AGE (20, 35] stays: data of (20, 35], numSamples of (30, 35].
    const filter = { ...ALL, clinicalDataFilters: [age(30, 40), age(20, 35)] };
    const { body } = await violin('categoricalAttributeId=SEX&numericalAttributeId=AGE&numCurvePoints=3', filter);
    const point = (sampleId: string, value: number) => ({ sampleId, studyId: LGG, value });
    expectClose(body, {
      axisStart: 22, axisEnd: 35,
      rows: [
        { category: 'Female', numSamples: 2, curveData: [], boxData: { whiskerLower: 26, whiskerUpper: 35, median: 30, q1: 26, q3: 35 },
          individualPoints: [point('P02_Pri', 26), point('P02_Rec', 26), point('P11_Pri', 30), point('P11_Rec', 30), point('P16_Pri', 35), point('P16_Rec', 35)] },
        { category: 'Male', numSamples: 5, curveData: [1.2218030660847332, 1.5448211814724244, 0.9629732225539067],
          boxData: { whiskerLower: 22, whiskerUpper: 35, median: 27, q1: 24, q3: 30 }, individualPoints: [] },
      ],
    });
  });

  it('plots a patient number by a sample category (golden gradeAge: GRADE × OS_MONTHS)', async () => {
    const { body } = await violin('categoricalAttributeId=GRADE&numericalAttributeId=OS_MONTHS&numCurvePoints=3', ALL);
    expectClose(body, {
      axisStart: 5, axisEnd: 186,
      rows: [
        { category: 'II', numSamples: 37, curveData: [0.10654282085454404, 0.14615190664573394, 0.0896044699324379],
          boxData: { whiskerLower: 5, whiskerUpper: 186, median: 87, q1: 50.5, q3: 109 }, individualPoints: [] },
        { category: 'III', numSamples: 11, curveData: [0.03772807659108183, 0.04323215161637002, 0.02059928957156342],
          boxData: { whiskerLower: 5, whiskerUpper: 134.5, median: 61, q1: 47, q3: 82 }, individualPoints: [] },
        { category: 'IV', numSamples: 13, curveData: [0.04510505427285754, 0.05246656077288005, 0.02414063976009044],
          boxData: { whiskerLower: 35, whiskerUpper: 109, median: 59, q1: 44.5, q3: 88.5 }, individualPoints: [] },
      ],
    });
  });

  it('plots ln(1 + MUTATION_COUNT) on a log scale, outliers as points (golden sexMutLog)', async () => {
    const { body } = await violin('categoricalAttributeId=SEX&numericalAttributeId=MUTATION_COUNT&numCurvePoints=4&logScale=true', ALL);
    const point = (sampleId: string, value: number) => ({ sampleId, studyId: LGG, value });
    expectClose(body, {
      axisStart: 0.6931471805599453, axisEnd: 7.542213463193403,
      rows: [
        { category: 'Female', numSamples: 16, curveData: [1.321431575771288, 2.4266215014576704, 1.6460892673219076, 0.4124685871688365],
          boxData: { whiskerLower: 2.6167038618334635, whiskerUpper: 3.9112412809469594, median: 3.257356345436265, q1: 3.1021553940010245, q3: 3.4257897487793985 },
          individualPoints: [point('P05_Rec', 7.2305631534092925), point('P10_Rec', 7.542213463193403)] },
        { category: 'Male', numSamples: 45, curveData: [3.7430619661118434, 6.83584316897494, 5.0746827156763334, 1.5693719636307784],
          boxData: { whiskerLower: 1.5423275872861846, whiskerUpper: 5.349682358150266, median: 3.4011973816621555, q1: 2.9700856263602153, q3: 3.921924319076236 },
          individualPoints: [point('P01_Rec', 7.108244139731541), point('P18_Rec', 7.443663683115591), point('P24_Rec2', 7.397561535524052)] },
      ],
    });
  });

  it('skips non-numeric and missing values (golden esSubtypeOs: study_es_0 SUBTYPE × OS_MONTHS)', async () => {
    const { body } = await violin('categoricalAttributeId=SUBTYPE&numericalAttributeId=OS_MONTHS&numCurvePoints=3', { studyIds: [ES] });
    const point = (sampleId: string, value: number) => ({ sampleId, studyId: ES, value });
    expectClose(body, {
      axisStart: 0, axisEnd: 223.24,
      rows: [
        { category: 'Claudin low', numSamples: 2, curveData: [], boxData: { whiskerLower: 4.07, whiskerUpper: 43.5, median: 23.785, q1: 4.07, q3: 43.5 },
          individualPoints: [point('TCGA-AR-A1AO-01', 43.5), point('TCGA-E2-A108-01', 4.07)] },
        { category: 'Her2 enriched', numSamples: 58, curveData: [0.1946981341629526, 0.14866335417389182, 0.04396035744648249],
          boxData: { whiskerLower: 0, whiskerUpper: 104.13125, median: 18.990000000000002, q1: 0.45, q3: 41.9225 }, individualPoints: [point('TCGA-B6-A0RH-01', 188.84)] },
        { category: 'Luminal A', numSamples: 235, curveData: [0.7585021460960859, 0.6124620000310149, 0.19723990240487116],
          boxData: { whiskerLower: 0, whiskerUpper: 95.225, median: 24.28, q1: 11.1, q3: 44.75 },
          individualPoints: [point('TCGA-B6-A0I5-01', 149.45), point('TCGA-B6-A0IA-01', 220.71), point('TCGA-B6-A0IG-01', 146.39), point('TCGA-B6-A0RI-01', 223.24),
            point('TCGA-B6-A0RN-01', 172.84), point('TCGA-B6-A0RO-01', 161.9), point('TCGA-B6-A0RV-01', 157.3), point('TCGA-B6-A0WT-01', 177.28)] },
        { category: 'Luminal B', numSamples: 131, curveData: [0.4454396216208823, 0.3433955300519304, 0.1036449865694551],
          boxData: { whiskerLower: 0, whiskerUpper: 93.26500000000001, median: 16.99, q1: 7.69, q3: 41.92 }, individualPoints: [] },
        { category: 'basal-like', numSamples: 79, curveData: [0.25686986503074843, 0.20619514225027494, 0.06674096345695106],
          boxData: { whiskerLower: 0, whiskerUpper: 108.035, median: 22.6, q1: 8.31, q3: 48.2 },
          individualPoints: [point('TCGA-B6-A0IJ-01', 176.85), point('TCGA-B6-A0RE-01', 211.38)] },
      ],
    });
  });

  it('answers the empty plot with non-finite bounds as strings', async () => {
    // A filter matching nothing; one attribute as both axes; an unknown attribute.
    expect((await violin('categoricalAttributeId=SEX&numericalAttributeId=AGE', { ...ALL, clinicalDataFilters: [sex('Nobody')] })).body).toEqual(EMPTY_VIOLIN);
    expect((await violin('categoricalAttributeId=AGE&numericalAttributeId=AGE', ALL)).body).toEqual(EMPTY_VIOLIN);
    expect((await violin('categoricalAttributeId=SEX&numericalAttributeId=NO_SUCH_ATTRIBUTE', ALL)).body).toEqual(EMPTY_VIOLIN);
  });

  it('counts each study\'s samples per category over a cohort of two studies', async () => {
    const query = 'categoricalAttributeId=OS_STATUS&numericalAttributeId=OS_MONTHS';
    const counts = async (filter: unknown) => Object.fromEntries(((await violin(query, filter)).body.rows as { category: string; numSamples: number }[]).map((r) => [r.category, r.numSamples]));
    const [lgg, es, both] = [await counts(ALL), await counts({ studyIds: [ES] }), await counts({ studyIds: [LGG, ES] })];
    expect(Object.keys(lgg).length).toBeGreaterThan(0);
    expect(Object.keys(es).length).toBeGreaterThan(0);
    const summed: Record<string, number> = { ...lgg };
    for (const [category, n] of Object.entries(es)) summed[category] = (summed[category] ?? 0) + n;
    expect(both).toEqual(summed);
  });

  it('rejects bad requests with 400', async () => {
    const missing = await violin('numericalAttributeId=AGE', ALL);
    expect(missing).toEqual({ status: 400, body: { message: 'Request parameter is missing: categoricalAttributeId' } });
    expect((await violin('categoricalAttributeId=SEX&numericalAttributeId=AGE&numCurvePoints=many', ALL)).status).toBe(400);
    expect((await violin('categoricalAttributeId=SEX&numericalAttributeId=AGE', {})).body).toEqual({ message: 'eitherSampleIdentifiersOrStudyIdsPresent must be true' });
  });
});

describe('POST /api/clinical-data-density-plot/fetch', () => {
  it('bins two patient numbers over the samples (golden densAgeOs)', async () => {
    const { status, body } = await density('xAxisAttributeId=AGE&yAxisAttributeId=OS_MONTHS&xAxisBinCount=5&yAxisBinCount=4', ALL);
    expect(status).toBe(200);
    const bin = (binX: number, binY: number, minX: number, maxX: number, minY: number, maxY: number, count: number) => ({ binX, binY, minX, maxX, minY, maxY, count });
    expectClose(body, {
      bins: [
        bin(22, 5, 26, 28, 5, 45, 6), bin(22, 50.25, 22, 28, 58, 87, 15), bin(22, 95.5, 24, 24, 106, 106, 2), bin(28.8, 5, 35, 35, 38, 38, 2),
        bin(28.8, 50.25, 35, 35, 82, 82, 2), bin(28.8, 95.5, 30, 34, 109, 137, 5), bin(28.8, 140.75, 30, 30, 148, 186, 4), bin(35.6, 5, 36, 41, 42, 47, 8),
        bin(35.6, 50.25, 39, 39, 74, 74, 2), bin(35.6, 140.75, 38, 38, 143, 143, 2), bin(42.4, 95.5, 44, 49, 103, 106, 7), bin(49.2, 50.25, 56, 56, 54, 54, 4),
        bin(49.2, 95.5, 52, 52, 109, 109, 2),
      ],
      pearsonCorr: 0.09911686928276583, spearmanCorr: 0.08229495741557862,
    });
  });

  it('applies the filter without self-exclusion and clamps points off the requested axes (golden densAgeOsBounds)', async () => {
    const filter = { ...ALL, clinicalDataFilters: [sex('Female')] };
    const { body } = await density('xAxisAttributeId=AGE&yAxisAttributeId=OS_MONTHS&xAxisBinCount=3&yAxisBinCount=3&xAxisStart=30&xAxisEnd=40&yAxisStart=50&yAxisEnd=100', filter);
    const bin = (binX: number, binY: number, minX: number, maxX: number, minY: number, maxY: number, count: number) => ({ binX, binY, minX, maxX, minY, maxY, count });
    expectClose(body, {
      bins: [
        bin(30, 50, 26, 26, 5, 5, 2), bin(30, 83.33333333333334, 30, 30, 186, 186, 2), bin(33.333333333333336, 50, 35, 36, 38, 47, 6),
        bin(36.666666666666664, 50, 41, 41, 44, 44, 2), bin(36.666666666666664, 66.66666666666667, 39, 39, 74, 74, 2),
        bin(36.666666666666664, 83.33333333333334, 38, 38, 143, 143, 2),
      ],
      pearsonCorr: 0.016796447376165022, spearmanCorr: 0.2289156626506024,
    });
  });

  it('takes ln(1 + v) on each log axis (golden densMutLog)', async () => {
    // Both flags set: MUTATION_COUNT (x) and AGE (y) are transformed (the reference: MUTATION_COUNT only, Appendix B quirk 10).
    const { body } = await density('xAxisAttributeId=MUTATION_COUNT&yAxisAttributeId=AGE&xAxisBinCount=4&yAxisBinCount=3&xAxisLogScale=true&yAxisLogScale=true', ALL);
    const bin = (binX: number, binY: number, minX: number, maxX: number, minY: number, maxY: number, count: number) => ({ binX, binY, minX, maxX, minY, maxY, count });
    expectClose(body, {
      bins: [
        bin(0.6931471805599453, 3.1354942159291497, 0.6931471805599453, 1.791759469228055, 3.1354942159291497, 3.367295829986474, 2),
        bin(2.4054137512183096, 3.1354942159291497, 2.5649493574615367, 4.02535169073515, 3.1354942159291497, 3.4339872044851463, 23),
        bin(2.4054137512183096, 3.43801323323095, 2.5649493574615367, 3.6109179126442243, 3.5553480614894135, 3.7376696182833684, 15),
        bin(2.4054137512183096, 3.74053225053275, 3.044522437723423, 4.04305126783455, 3.8066624897703196, 4.04305126783455, 12),
        bin(4.117680321876674, 3.1354942159291497, 4.61512051684126, 4.8283137373023015, 3.4339872044851463, 3.4339872044851463, 2),
        bin(4.117680321876674, 3.43801323323095, 4.430816798843313, 4.430816798843313, 3.6888794541139363, 3.6888794541139363, 1),
        bin(5.829946892535038, 3.1354942159291497, 6.467698726104354, 7.108244139731541, 3.332204510175204, 3.367295829986474, 2),
        bin(5.829946892535038, 3.43801323323095, 7.2305631534092925, 7.542213463193403, 3.5553480614894135, 3.7376696182833684, 3),
        bin(5.829946892535038, 3.74053225053275, 7.443663683115591, 7.443663683115591, 3.912023005428146, 3.912023005428146, 1),
      ],
      pearsonCorr: 0.2189018959765166, spearmanCorr: 0.3495979560310702,
    });
  });

  it('skips non-numeric values such as "[Not Available]" (golden esDensOsDfs: study_es_0)', async () => {
    const { body } = await density('xAxisAttributeId=OS_MONTHS&yAxisAttributeId=DFS_MONTHS&xAxisBinCount=4&yAxisBinCount=4', { studyIds: [ES] });
    const bin = (binX: number, binY: number, minX: number, maxX: number, minY: number, maxY: number, count: number) => ({ binX, binY, minX, maxX, minY, maxY, count });
    expectClose(body, {
      bins: [
        bin(0, 0, 0, 55.16, 0, 55.16, 633), bin(55.1775, 0, 81.57, 81.57, 32.62, 32.62, 1), bin(55.1775, 55.1775, 56.08, 110.06, 56.08, 110.06, 69),
        bin(110.355, 110.355, 110.85, 161.9, 110.85, 161.9, 9), bin(165.5325, 165.5325, 172.84, 220.71, 172.84, 220.71, 7),
      ],
      pearsonCorr: 0.9982594438043936, spearmanCorr: 0.9995140834791534,
    });
  });

  it('pairs the samples of each study of a cohort, and no attribute with itself', async () => {
    // AGE is lgg's only (a patient attribute), DFS_MONTHS study_es_0's only: each pair comes from one study.
    const total = async (query: string, filter: unknown) => ((await density(query, filter)).body.bins as { count: number }[]).reduce((n, b) => n + b.count, 0);
    const both = { studyIds: [LGG, ES] };
    const ageOs = 'xAxisAttributeId=AGE&yAxisAttributeId=OS_MONTHS';
    const osDfs = 'xAxisAttributeId=OS_MONTHS&yAxisAttributeId=DFS_MONTHS';
    expect(await total(ageOs, ALL)).toBeGreaterThan(0);
    expect(await total(osDfs, { studyIds: [ES] })).toBeGreaterThan(0);
    expect(await total(ageOs, both)).toBe(await total(ageOs, ALL));
    expect(await total(osDfs, both)).toBe(await total(osDfs, { studyIds: [ES] }));
    expect(await total(osDfs, ALL)).toBe(0);
    expect((await density('xAxisAttributeId=AGE&yAxisAttributeId=AGE', ALL)).body).toEqual({ bins: [] });
  });

  it('answers one pair with zero correlations and nothing with no bins', async () => {
    // P01_Pri: AGE 28, OS_MONTHS 58.
    const one = await density('xAxisAttributeId=AGE&yAxisAttributeId=OS_MONTHS', { sampleIdentifiers: [{ studyId: LGG, sampleId: 'P01_Pri' }] });
    expect(one.body).toEqual({ bins: [{ binX: 28, binY: 58, minX: 28, maxX: 28, minY: 58, maxY: 58, count: 1 }], pearsonCorr: 0, spearmanCorr: 0 });
    expect((await density('xAxisAttributeId=AGE&yAxisAttributeId=OS_MONTHS', { ...ALL, clinicalDataFilters: [sex('Nobody')] })).body).toEqual({ bins: [] });
    expect((await density('xAxisAttributeId=AGE&yAxisAttributeId=AGE', ALL)).body).toEqual({ bins: [] });
  });

  it('rejects bad requests with 400', async () => {
    const missing = await density('xAxisAttributeId=AGE', ALL);
    expect(missing).toEqual({ status: 400, body: { message: 'Request parameter is missing: yAxisAttributeId' } });
    expect((await density('xAxisAttributeId=AGE&yAxisAttributeId=OS_MONTHS&xAxisBinCount=0', ALL)).status).toBe(400);
    const logBound = await density('xAxisAttributeId=MUTATION_COUNT&yAxisAttributeId=AGE&xAxisLogScale=true&xAxisStart=-1', ALL);
    expect(logBound).toEqual({ status: 400, body: { message: 'xAxisStart must be greater than -1 on a log scale axis' } });
  });
});
