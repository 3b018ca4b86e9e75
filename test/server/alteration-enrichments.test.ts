// POST /api/alteration-enrichments/fetch (api.md 23.1). Expected counts were worked out with python
// from the study files: MAF rows (UNCALLED and Silent dropped, as the importer), CNA cells ±2,
// panels from data_gene_panel_matrix.txt with study_es_0's TESTPANEL1/2 gene lists (loaded last, so
// they win); a matrix NA is whole exome when the sample has data in that profile's file, else the
// sample is not profiled; a sample absent from the matrix is whole exome when it is in the
// <study>_sequenced case list or the MAF. p-values: SciPy 1.17, scipy.stats.fisher_exact([[a1, p1 − a1], [a2, p2 − a2]])
// for two groups, scipy.stats.chi2_contingency(numpy.array(rows, float), correction=False) for more
// (ValueError for a zero expected count → 1).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

interface Enrichment {
  entrezGeneId: number;
  hugoGeneSymbol: string;
  counts: { name: string; alteredCount: number; profiledCount: number }[];
  pValue: number;
}

const post = async (payload: unknown, query = '') => {
  const res = await app.inject({ method: 'POST', url: `/api/alteration-enrichments/fetch${query}`, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
};
const group = (name: string, profiles: string[], caseIds: string[]) => ({
  name, molecularProfileCaseIdentifiers: profiles.flatMap((molecularProfileId) => caseIds.map((caseId) => ({ molecularProfileId, caseId }))),
});
/** gene → [[altered, profiled] per group, p] */
const table = (body: Enrichment[]) => Object.fromEntries(body.map((e) => [e.hugoGeneSymbol, [e.counts.map((c) => [c.alteredCount, c.profiledCount]), e.pValue]]));
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9);

const GP = ['teststudy_genepanels_mutations', 'teststudy_genepanels_gistic'];

describe('POST /api/alteration-enrichments/fetch', () => {
  it('counts altered and panel-profiled samples per group; two groups: Fisher exact', async () => {
    const { status, body } = await post({
      molecularProfileCasesGroupFilter: [group('G1', GP, ['sample1', 'sample2']), group('G2', GP, ['sample3', 'sample4', 'sample5'])],
    });
    expect(status).toBe(200);
    const t = table(body);
    expect(Object.keys(t).sort()).toEqual(['ABLIM1', 'CADM2', 'ERBB2', 'PIEZO1']);
    expect(t.ABLIM1[0]).toEqual([[2, 2], [1, 3]]);
    close(t.ABLIM1[1] as number, 0.4000000000000001);
    expect(t.CADM2).toEqual([[[1, 2], [2, 3]], 1]);
    // ERBB2 is on no panel: G1 (panel samples only) is not profiled → 0 / 0 and p = 0 (sic).
    expect(t.ERBB2).toEqual([[[0, 0], [1, 2]], 0]);
    expect(t.PIEZO1).toEqual([[[1, 1], [1, 2]], 1]);
    expect(body.find((e: Enrichment) => e.hugoGeneSymbol === 'ERBB2').entrezGeneId).toBe(2064);
    expect(body[0].counts.map((c: { name: string }) => c.name)).toEqual(['G1', 'G2']);
    expect(body[0]).not.toHaveProperty('cytoband');
  });

  it('takes a body of over 1 MB in slices: the same answer; a malformed one is a 400, a prototype key too', async () => {
    const small = { molecularProfileCasesGroupFilter: [group('G1', GP, ['sample1', 'sample2']), group('G2', GP, ['sample3', 'sample4', 'sample5'])] };
    // 20,000 more case ids per group that no study holds: nothing changes, but the body is 4 MB.
    const padding = Array.from({ length: 20_000 }, (_, i) => `nowhere-${i}`);
    const large = { molecularProfileCasesGroupFilter: [group('G1', GP, ['sample1', 'sample2', ...padding]), group('G2', GP, ['sample3', 'sample4', 'sample5', ...padding])] };
    expect(JSON.stringify(large).length).toBeGreaterThan(1 << 20);
    expect((await post(large)).body).toEqual((await post(small)).body);
    const text = JSON.stringify(large);
    const send = (payload: string) => app.inject({ method: 'POST', url: '/api/alteration-enrichments/fetch', headers: { 'content-type': 'application/json' }, payload });
    for (const bad of [text.replace('"nowhere-5"}', '"nowhere-5"},'), text.replace('"caseId":"nowhere-7"', '"__proto__":{"x":1},"caseId":"nowhere-7"')]) {
      const res = await send(bad);
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'There is an error in the JSON format of the request payload' }]);
    }
  });

  it('three groups: chi-square; more altered than profiled gives 0, an unprofiled group 1', async () => {
    const M = ['teststudy_genepanels_mutations'];
    const { body } = await post({
      molecularProfileCasesGroupFilter: [group('A', M, ['sample1']), group('B', M, ['sample2', 'sample3']), group('C', M, ['sample4', 'sample5'])],
    });
    const t = table(body);
    // ABLIM1 in B: mutated in sample2 (TESTPANEL1) and sample3 (TESTPANEL2, no ABLIM1): 2 > 1.
    expect(t.ABLIM1).toEqual([[[1, 1], [2, 1], [0, 1]], 0]);
    expect(t.CADM2[0]).toEqual([[0, 1], [2, 2], [0, 1]]);
    close(t.CADM2[1] as number, 0.1353352832366127);
    expect(t.ERBB2).toEqual([[[0, 0], [0, 0], [1, 1]], 0]);
    expect(t.PIEZO1).toEqual([[[0, 0], [1, 1], [0, 1]], 1]);
  });

  const ES = ['study_es_0_mutations'];
  const A = ['TCGA-A1-A0SB-01', 'TCGA-A1-A0SB-02', 'TCGA-A1-A0SK-01', 'TCGA-A2-A04P-01', 'TCGA-GI-A2C8-01', 'TEST-A2B8-01'];
  const B = ['TCGA-A2-A0CM-01', 'TCGA-AR-A1AR-01', 'TEST_SAMPLE_2', 'TEST_SAMPLE_4', 'TEST_SAMPLE_15', 'TEST_SAMPLE_14', 'TEST_SAMPLE_SOMATIC_HOMOZYGOUS'];
  const expectTable = (body: Enrichment[], expected: Record<string, [number[][], number]>) => {
    const t = table(body);
    expect(Object.keys(t).sort()).toEqual(Object.keys(expected).sort());
    for (const [gene, [counts, p]] of Object.entries(expected)) {
      expect(t[gene][0]).toEqual(counts);
      close(t[gene][1] as number, p);
    }
  };

  it('study_es_0 samples, with and without a mutation-type filter', async () => {
    const one = [[1, 5], [0, 5]];
    const { body } = await post({ molecularProfileCasesGroupFilter: [group('A', ES, A), group('B', ES, B)] });
    expectTable(body, {
      ABLIM1: [one, 1], ACP3: [[[0, 6], [3, 7]], 0.1923076923076923], ADAMTS20: [one, 1], ATM: [one, 1], BRCA1: [[[1, 5], [1, 5]], 1],
      BRCA2: [[[3, 5], [2, 5]], 1], DTNB: [[[1, 6], [0, 7]], 0.46153846153846156], MSH3: [[[1, 6], [0, 7]], 0.46153846153846156],
      MYB: [[[1, 6], [0, 7]], 0.46153846153846156], OR11H1: [one, 1], PIEZO1: [[[1, 3], [0, 5]], 0.37500000000000006],
      TMEM247: [one, 1], TP53: [one, 1],
    });
    const missense = await post({
      molecularProfileCasesGroupFilter: [group('A', ES, A), group('B', ES, B)],
      alterationEventTypes: { mutationEventTypes: { missense_mutation: true, nonsense_mutation: false } },
    });
    expectTable(missense.body, {
      ABLIM1: [one, 1], ACP3: [[[0, 6], [3, 7]], 0.1923076923076923], ADAMTS20: [one, 1], BRCA1: [[[1, 5], [1, 5]], 1],
      BRCA2: [[[0, 5], [1, 5]], 1], DTNB: [[[1, 6], [0, 7]], 0.46153846153846156], OR11H1: [one, 1],
      PIEZO1: [[[1, 3], [0, 5]], 0.37500000000000006], TP53: [one, 1],
    });
  });

  it('PATIENT: a patient is altered / profiled through any of its samples (panels united)', async () => {
    const PA = ['TCGA-A1-A0SB', 'TCGA-A1-A0SK', 'TCGA-A2-A04P', 'TCGA-GI-A2C8', 'TEST-A2B8'];
    const PB = ['TCGA-A2-A0CM', 'TCGA-AR-A1AR', 'TEST_PATIENT_14', 'TEST_PATIENT_15', 'TEST_PATIENT_2', 'TEST_PATIENT_4', 'TEST_PATIENT_NAMESPACE'];
    const one = [[1, 5], [0, 5]];
    const { status, body } = await post({ molecularProfileCasesGroupFilter: [group('A', ES, PA), group('B', ES, PB)] }, '?enrichmentType=PATIENT');
    expect(status).toBe(200);
    expectTable(body, {
      ABLIM1: [one, 1], ACP3: [[[0, 5], [3, 7]], 0.20454545454545459], ADAMTS20: [one, 1], ATM: [one, 1], BRCA1: [[[1, 5], [1, 5]], 1],
      BRCA2: [[[3, 5], [2, 5]], 1], DTNB: [[[1, 5], [0, 7]], 0.4166666666666667], MSH3: [[[1, 5], [0, 7]], 0.4166666666666667],
      MYB: [[[1, 5], [0, 7]], 0.4166666666666667], OR11H1: [one, 1], PIEZO1: [[[1, 3], [0, 5]], 0.37500000000000006],
      TMEM247: [one, 1], TP53: [one, 1],
    });
  });

  it('ids mostly out of key order (left to a join in DuckDB): the same answers, SAMPLE and PATIENT', async () => {
    // Each group's ids reversed and repeated 300 times: over 1,024 lookups out of order (case-keys.ts).
    const shuffled = (ids: string[]) => Array.from({ length: 300 }, () => [...ids].reverse()).flat();
    const PA = ['TCGA-A1-A0SB', 'TCGA-A1-A0SK', 'TCGA-A2-A04P', 'TCGA-GI-A2C8', 'TEST-A2B8'];
    for (const [query, a, b] of [['', A, B], ['?enrichmentType=PATIENT', PA, ['TCGA-A2-A0CM', 'TEST_PATIENT_14']]] as const) {
      const ordered = await post({ molecularProfileCasesGroupFilter: [group('A', ES, [...a]), group('B', ES, [...b])] }, query);
      const disordered = await post({ molecularProfileCasesGroupFilter: [group('A', ES, shuffled([...a])), group('B', ES, shuffled([...b]))] }, query);
      expect(disordered.status).toBe(200);
      expect(ordered.body.length).toBeGreaterThan(5);
      expect(disordered.body).toEqual(ordered.body);
    }
  });

  it('filters and groups that match nothing', async () => {
    // No mutation type selected: no event passes.
    const none = await post({
      molecularProfileCasesGroupFilter: [group('A', ES, A), group('B', ES, B)],
      alterationEventTypes: { mutationEventTypes: { missense_mutation: false } },
    });
    expect(none.body).toEqual([]);
    // Unknown case ids and structuralVariants: false on an SV-only request.
    expect((await post({ molecularProfileCasesGroupFilter: [group('A', ES, ['nope']), group('B', ES, ['nope2'])] })).body).toEqual([]);
    const sv = ['study_es_0_structural_variants'];
    const svOff = await post({
      molecularProfileCasesGroupFilter: [group('A', sv, A), group('B', sv, B)], alterationEventTypes: { structuralVariants: false },
    });
    expect(svOff.body).toEqual([]);
    // A group of unknown samples is still listed, with 0 / 0.
    const { body } = await post({ molecularProfileCasesGroupFilter: [group('A', ES, A), group('X', ES, ['nope'])] });
    expect(body.length).toBeGreaterThan(0);
    for (const e of body as Enrichment[]) {
      expect(e.counts[1]).toEqual({ name: 'X', alteredCount: 0, profiledCount: 0 });
      expect(e.pValue).toBe(0);
    }
  });

  it('rejects bad requests with 4xx', async () => {
    expect((await post({ molecularProfileCasesGroupFilter: [group('A', ['nope_profile'], ['s'])] })).status).toBe(404);
    expect((await post({ molecularProfileCasesGroupFilter: [group('A', ES, A), group('A', ES, B)] })).status).toBe(400);
    expect((await post({ molecularProfileCasesGroupFilter: [] })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    expect((await post({ molecularProfileCasesGroupFilter: [group('A', ES, A)] }, '?enrichmentType=sample')).status).toBe(400);
  });
});
