// POST /api/generic-assay-categorical-enrichments/fetch and /api/generic-assay-binary-enrichments/fetch
// (api.md 23.3) on lgg_ucsf_2014_test_generic_assay. Expected items (the .expected.json beside this
// file) were computed with python from the data files: per group the cells of its samples (patient-
// level HLA: one cell per patient of the group; cells trimmed, as the loader stores them); categorical: every cell ('NA' included), groups
// with < 2 values dropped, scipy.stats.chi2_contingency(numpy.array(groups × sorted categories,
// float), correction=False).pvalue (one category → 1); binary: true/yes → 1, false/no → 0, '' and
// NA skipped, groups with < 2 values dropped, entities whose groups all have zero variance dropped
// (commons-math gives NaN), scipy.stats.ttest_ind(a, b, equal_var=False).pvalue for two groups,
// scipy.stats.f_oneway(*groups).pvalue for more, numpy.mean / numpy.std(ddof=1); items sorted by
// p; q by Python decimal: q_m = p_m, q_i = min(q_{i+1}, (D(p_i)·m / i) rounded half-up to the scale
// of D(p_i)), D = Java's BigDecimal.valueOf text of the double.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

interface Expected {
  stableId: string;
  groups?: string[];
  pValue: number;
  qValue: number;
  stats?: [string, number, number][];
  counts?: [string, number, number][];
}
const EXPECTED = JSON.parse(readFileSync(new URL('./generic-assay-categorical-enrichments.expected.json', import.meta.url), 'utf8')) as Record<string, Expected[]>;

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

const STUDY = 'lgg_ucsf_2014_test_generic_assay';
const post = async (kind: 'categorical' | 'binary', groups: [string, string[]][], profile: string, query = '') => {
  const payload = groups.map(([name, ids]) => ({ name, molecularProfileCaseIdentifiers: ids.map((caseId) => ({ molecularProfileId: `${STUDY}_${profile}`, caseId })) }));
  const res = await app.inject({ method: 'POST', url: `/api/generic-assay-${kind}-enrichments/fetch${query}`, payload });
  return { status: res.statusCode, body: res.json() };
};
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9);

/** Same items (by stable id), p and q to 1e-9, p ascending. */
function expectItems(body: { stableId: string; pValue: number; qValue: number }[], expected: Expected[]) {
  expect(body.map((i) => i.stableId).sort()).toEqual(expected.map((e) => e.stableId).sort());
  const byId = new Map(body.map((i) => [i.stableId, i]));
  for (const e of expected) {
    close(byId.get(e.stableId)!.pValue, e.pValue);
    close(byId.get(e.stableId)!.qValue, e.qValue);
  }
  for (let i = 1; i < body.length; i++) expect(body[i].pValue).toBeGreaterThanOrEqual(body[i - 1].pValue);
}

// Sample columns of the data files, in file order (data_armlevel_CNA.txt has CRLF line ends).
const columns = (file: string, skip: number) =>
  readFileSync(new URL(`../../../shared/studies/${STUDY}/${file}`, import.meta.url), 'utf8').split(/\r?\n/)[0].split('\t').slice(skip);
const SBS = columns('data_mutational_signature_binary_SBS.txt', 4);
const ARM = columns('data_armlevel_CNA.txt', 3);

describe('POST /api/generic-assay-categorical-enrichments/fetch', () => {
  it('two groups: chi-square per entity, q-values, sorted by p', async () => {
    const { status, body } = await post('categorical', [['G1', SBS.slice(0, 16)], ['G2', SBS.slice(16)]], 'mutational_signature_category_SBS');
    expect(status).toBe(200);
    expectItems(body, EXPECTED.CAT_SBS);
    expect(body[0]).toMatchObject({ stableId: 'mutational_signature_category_SBS10b', groupsStatistics: [{ name: 'G1' }, { name: 'G2' }] });
    close(body[0].pValue, 0.002430309065897345);
    close(body[0].qValue, 0.07290927197692035);
    expect(body[0].groupsStatistics[0]).not.toHaveProperty('meanExpression');
    expect(body[0].genericEntityMetaProperties).toEqual({
      NAME: 'SBS10b (POLE)', DESCRIPTION: 'Attributed to polymerase epsilon exonuclease domain mutations', URL: 'https://cancer.sanger.ac.uk/cosmic/signatures/SBS/SBS10b.tt',
    });
  });

  it('three groups, NA cells as a category', async () => {
    const { body } = await post('categorical', [['A', ARM.slice(0, 10)], ['B', ARM.slice(10, 25)], ['C', ARM.slice(25)]], 'armlevel_cna');
    expectItems(body, EXPECTED.ARM);
    expect(body[0].stableId).toBe('17q_status');
    close(body[0].pValue, 0.02245036205419382);
    close(body[0].qValue, 0.6406868224608666);
  });

  it('a patient-level profile keeps one value per patient', async () => {
    const { body } = await post('categorical', [
      ['G1', ['P01_Pri', 'P01_Rec', 'P02_Pri', 'P02_Rec', 'P04_Pri', 'P05_Pri', 'P06_Pri']],
      ['G2', ['P07_Pri', 'P08_Pri', 'P09_Pri', 'P10_Pri', 'P11_Pri', 'P12_Pri', 'P13_Pri', 'P15_Pri']],
    ], 'hla');
    expectItems(body, EXPECTED.HLA);
    close(body.find((i: Expected) => i.stableId === 'HLA_DPA1').pValue, 0.18798575930229441);
  });

  it('answers [] when no group has two values, and 4xx for bad requests', async () => {
    expect((await post('categorical', [['G1', ['P01_Pri']], ['G2', SBS]], 'mutational_signature_category_SBS')).body).toEqual([]);
    expect((await post('categorical', [['G1', ['nope']], ['G2', ['nope2']]], 'mutational_signature_category_SBS')).body).toEqual([]);
    // The binary profile is not CATEGORICAL; an unknown profile; two profiles; duplicate names.
    expect((await post('categorical', [['G1', SBS]], 'mutational_signature_binary_SBS')).status).toBe(404);
    expect((await post('categorical', [['G1', SBS]], 'nope')).status).toBe(404);
    const two = [{ name: 'a', molecularProfileCaseIdentifiers: [
      { molecularProfileId: `${STUDY}_hla`, caseId: 'P01' }, { molecularProfileId: `${STUDY}_armlevel_cna`, caseId: 'P01_Pri' }] }];
    expect((await app.inject({ method: 'POST', url: '/api/generic-assay-categorical-enrichments/fetch', payload: two })).statusCode).toBe(501);
    expect((await post('categorical', [['G1', SBS], ['G1', SBS]], 'armlevel_cna')).status).toBe(400);
    expect((await post('categorical', [['G1', SBS]], 'armlevel_cna', '?enrichmentType=BOTH')).status).toBe(400);
  });
});

describe('POST /api/generic-assay-binary-enrichments/fetch', () => {
  const check = (body: { stableId: string; groupsStatistics: { name: string; meanExpression: number; standardDeviation: number }[]; counts: unknown[] }[], expected: Expected[]) => {
    const byId = new Map(body.map((i) => [i.stableId, i]));
    for (const e of expected) {
      const item = byId.get(e.stableId)!;
      expect(item.counts).toEqual(e.counts!.map(([name, count, totalCount]) => ({ name, count, totalCount })));
      item.groupsStatistics.forEach((g, i) => {
        expect(g.name).toBe(e.stats![i][0]);
        close(g.meanExpression, e.stats![i][1]);
        close(g.standardDeviation, e.stats![i][2]);
      });
    }
  };

  it('two groups: Welch t-test on 0/1 values, counts of 1s, q-values', async () => {
    const { status, body } = await post('binary', [['G1', SBS.slice(0, 16)], ['G2', SBS.slice(16)]], 'mutational_signature_binary_SBS');
    expect(status).toBe(200);
    expectItems(body, EXPECTED.BIN);
    check(body, EXPECTED.BIN);
    const sbs1 = body.find((i: Expected) => i.stableId === 'mutational_signature_binary_SBS1');
    expect(sbs1.counts).toEqual([{ name: 'G1', count: 16, totalCount: 16 }, { name: 'G2', count: 41, totalCount: 45 }]);
    close(sbs1.pValue, 0.04416972927523984);
    close(sbs1.qValue, 0.530036751302879);
  });

  it('three groups: ANOVA', async () => {
    const { body } = await post('binary', [['A', SBS.slice(0, 10)], ['B', SBS.slice(10, 20)], ['C', SBS.slice(20)]], 'mutational_signature_binary_SBS');
    expectItems(body, EXPECTED.BIN3);
    check(body, EXPECTED.BIN3);
    close(body[0].pValue, 0.0517796127352645);
  });

  it('PATIENT: every sample of the named patients', async () => {
    const { body } = await post('binary', [
      ['A', ['P01', 'P02', 'P04', 'P05', 'P06', 'P07', 'P08', 'P09']], ['B', ['P10', 'P11', 'P12', 'P13', 'P15', 'P16', 'P17', 'P18']],
    ], 'mutational_signature_binary_SBS', '?enrichmentType=PATIENT');
    expectItems(body, EXPECTED.BINP);
    check(body, EXPECTED.BINP);
    expect(body[0].counts).toEqual([{ name: 'A', count: 5, totalCount: 18 }, { name: 'B', count: 1, totalCount: 24 }]);
  });

  it('the categorical profile is not BINARY', async () => {
    expect((await post('binary', [['G1', SBS]], 'mutational_signature_category_SBS')).status).toBe(404);
  });
});
