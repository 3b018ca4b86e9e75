// Clinical-data enrichments (api.md 23.4, study-view.md 4.23 and 6.4).
// Expected values: python over ../shared/studies/lgg_ucsf_2014_test_generic_assay (data_clinical_
// sample.txt, data_clinical_patient.txt; SAMPLE_COUNT = samples per patient): unknown ids and
// duplicates dropped, empty groups dropped; sample attributes one value per sample, patient
// attributes one per distinct patient of the group; NA-like values ('', NA, NAN, N/A) left out.
// Numeric: scipy.stats.kruskal(*non_empty_groups) → (score, pValue). Categorical: O = groups ×
// sorted categories (rows without counts dropped), E = outer(O.sum(1), O.sum(0)) / O.sum(),
// score = sum((O − E)²/E) (2×2: sum((|O − E| − 0.5)²/E)), pValue = scipy.stats.chi2.sf(score,
// (rows − 1)(cols − 1)). MUTATION_COUNT is derived by the loader from the MAF and is not recomputed:
// only its presence and method are asserted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';
import { studyDir } from '../helpers/store.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

const LGG = 'lgg_ucsf_2014_test_generic_assay';
const post = async (payload: unknown, url = '/api/clinical-data-enrichments/fetch') => {
  const res = await app.inject({ method: 'POST', url, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
};
const lgg = (ids: readonly string[]) => ids.map((sampleId) => ({ studyId: LGG, sampleId }));

interface Enrichment { clinicalAttribute: { clinicalAttributeId: string }; score: number; method: string; pValue: number }
type Expected = [attributeId: string, method: string, score: number, pValue: number];

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.max(Math.abs(expected) * 1e-9, 1e-12));

function expectEnrichments(body: Enrichment[], expected: Expected[]) {
  const byId = new Map(body.map((e) => [e.clinicalAttribute.clinicalAttributeId, e]));
  for (const [id, method, score, pValue] of expected) {
    const e = byId.get(id);
    expect(e, id).toBeDefined();
    expect(e?.method, id).toBe(method);
    close(e?.score ?? NaN, score);
    close(e?.pValue ?? NaN, pValue);
  }
}

/** Sample ids whose column in the study's data_clinical_sample.txt holds `value` (read from the file). */
function samplesWhere(column: string, value: string): string[] {
  const lines = readFileSync(join(studyDir(LGG), 'data_clinical_sample.txt'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const header = lines[0].split('\t');
  const rows = lines.slice(1).map((l) => l.split('\t'));
  return rows.filter((r) => r[header.indexOf(column)] === value).map((r) => r[header.indexOf('SAMPLE_ID')]);
}

describe('POST /api/clinical-data-enrichments/fetch', () => {
  it('compares two groups: Wilcoxon for numbers, chi-squared (Yates on 2×2) for categories', async () => {
    const primary = samplesWhere('SAMPLE_TYPE', 'Primary');
    const recurrent = samplesWhere('SAMPLE_TYPE', 'Recurrent');
    expect([primary.length, recurrent.length]).toEqual([30, 31]);
    const { status, body } = await post({ groups: [{ name: 'Primary', sampleIdentifiers: lgg(primary) }, { name: 'Recurrent', sampleIdentifiers: lgg(recurrent) }] });
    expect(status).toBe(200);
    // Numeric results first, then categorical ones, each by attribute id; NOTE (2 values, one group)
    // and the single-category CANCER_TYPE / SOMATIC_STATUS are not tested.
    expect(body.map((e: Enrichment) => e.clinicalAttribute.clinicalAttributeId)).toEqual([
      'AGE', 'MUTATION_COUNT', 'OS_MONTHS',
      'CANCER_TYPE_DETAILED', 'GRADE', 'IDH1_MUTATION', 'MGMT_STATUS', 'NON_SILENT_MUT_TP53_ATRX_CIC_FUBP1', 'ONCOTREE_CODE',
      'OS_STATUS', 'SAMPLE_COUNT', 'SAMPLE_TYPE', 'SEX', 'STATUS_1P_19Q',
    ]);
    expect(body[1].method).toBe('Wilcoxon Test');
    expectEnrichments(body, [
      // Every patient has a primary and a recurrent sample: identical patient sets, H = 0.
      ['AGE', 'Wilcoxon Test', 0.0, 1.0],
      ['OS_MONTHS', 'Wilcoxon Test', 0.0, 1.0],
      ['CANCER_TYPE_DETAILED', 'Chi-squared Test', 38.81088660443499, 7.62200253874412e-08],
      ['GRADE', 'Chi-squared Test', 38.29119442022668, 4.8436502813577276e-09],
      ['IDH1_MUTATION', 'Chi-squared Test', 1.0020576735092863, 0.6059069595749317],
      ['MGMT_STATUS', 'Chi-squared Test', 1.5565926669067598, 0.45918764792647837],
      ['NON_SILENT_MUT_TP53_ATRX_CIC_FUBP1', 'Chi-squared Test', 1.3509504608294929, 0.7170713897061844],
      ['ONCOTREE_CODE', 'Chi-squared Test', 38.81088660443499, 7.62200253874412e-08],
      ['SAMPLE_TYPE', 'Chi-squared Test', 57.06453376112846, 4.21743109504471e-14],
      ['STATUS_1P_19Q', 'Chi-squared Test', 0.12649769585253434, 0.9387098486225859],
      ['OS_STATUS', 'Chi-squared Test', 0.0982142857142857, 0.7539831764610182],
      ['SAMPLE_COUNT', 'Chi-squared Test', 0.0, 1.0],
      ['SEX', 'Chi-squared Test', 0.10267857142857142, 0.7486386180037932],
    ]);
    expect(body[0].clinicalAttribute).toEqual({
      clinicalAttributeId: 'AGE', studyId: LGG, displayName: 'Diagnosis Age', description: 'Age at which a condition or disease was first diagnosed.',
      datatype: 'NUMBER', patientAttribute: true, priority: '1',
    });
  });

  it('drops unknown samples, duplicates and empty groups (Kruskal-Wallis over three groups)', async () => {
    const [ii, iii, iv] = ['II', 'III', 'IV'].map((g) => samplesWhere('GRADE', g));
    const groups = [
      { name: 'II', sampleIdentifiers: lgg([...ii, ii[0]]) },
      { name: 'III', sampleIdentifiers: lgg([...iii, 'NOPE']) },
      { name: 'IV', sampleIdentifiers: lgg(iv) },
      { name: 'unknown only', sampleIdentifiers: [{ studyId: LGG, sampleId: 'NOPE2' }, { studyId: 'no_such_study', sampleId: ii[0] }] },
    ];
    const { status, body } = await post({ groups });
    expect(status).toBe(200);
    expect(body.find((e: Enrichment) => e.clinicalAttribute.clinicalAttributeId === 'MUTATION_COUNT')?.method).toBe('Kruskal Wallis Test');
    expectEnrichments(body, [
      ['AGE', 'Kruskal Wallis Test', 0.2646047079386359, 0.876076069953635],
      ['OS_MONTHS', 'Kruskal Wallis Test', 0.7960330994209487, 0.6716509119418967],
      ['CANCER_TYPE_DETAILED', 'Chi-squared Test', 121.99999999999999, 1.2805686660896668e-22],
      ['GRADE', 'Chi-squared Test', 122.0, 1.997230977315357e-25],
      ['IDH1_MUTATION', 'Chi-squared Test', 10.709403618494528, 0.030031548658597043],
      ['MGMT_STATUS', 'Chi-squared Test', 4.388296668200974, 0.3559988267071914],
      ['NON_SILENT_MUT_TP53_ATRX_CIC_FUBP1', 'Chi-squared Test', 7.512037962037962, 0.27607454714109236],
      ['ONCOTREE_CODE', 'Chi-squared Test', 121.99999999999999, 1.2805686660896668e-22],
      ['SAMPLE_TYPE', 'Chi-squared Test', 38.29119442022668, 4.8436502813577276e-09],
      ['STATUS_1P_19Q', 'Chi-squared Test', 2.2895856742010583, 0.6826657878471482],
      ['OS_STATUS', 'Chi-squared Test', 2.3217215634606942, 0.3132164538101078],
      ['SAMPLE_COUNT', 'Chi-squared Test', 8.004436557231587, 0.4330368625527095],
      ['SEX', 'Chi-squared Test', 0.3855215249518098, 0.824679244761589],
    ]);
    expect(body).toHaveLength(14);
    // The column store's preview path answers the same.
    expect((await post({ groups }, '/api/not-ready-yet/clinical-data-enrichments/fetch')).body).toEqual(body);
  });

  it('answers [] when fewer than two groups have known samples', async () => {
    expect(await post({ groups: [{ name: 'a', sampleIdentifiers: lgg(['P01_Pri', 'P02_Pri']) }, { name: 'b', sampleIdentifiers: lgg(['NOPE']) }] }))
      .toEqual({ status: 200, body: [] });
    expect(await post({ groups: [{ name: 'a', sampleIdentifiers: lgg(['NOPE']) }, { name: 'b', sampleIdentifiers: [{ studyId: 'nope', sampleId: 'P01_Pri' }] }] }))
      .toEqual({ status: 200, body: [] });
  });

  it('rejects fewer than two groups, an empty group and a missing list with 400', async () => {
    const one = await post({ groups: [{ name: 'a', sampleIdentifiers: lgg(['P01_Pri']) }] });
    expect(one).toEqual({ status: 400, body: { message: 'groups size must be between 2 and 2147483647' } });
    const empty = await post({ groups: [{ name: 'a', sampleIdentifiers: [] }, { name: 'b', sampleIdentifiers: lgg(['P01_Pri']) }] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/sampleIdentifiers size must be between 1 and 10000000/);
    expect((await post({})).status).toBe(400);
    expect((await post({ groups: [{ name: 'a' }, { name: 'b' }] })).status).toBe(400);
    // unknown properties are refused, as cBioPortal's JSON reader does (api.md 1.7)
    const groups = [{ name: 'a', sampleIdentifiers: lgg(['P01_Pri']) }, { name: 'b', sampleIdentifiers: lgg(['P01_Rec']) }];
    expect(await post({ groups, colour: 'red' })).toEqual({ status: 400, body: { message: 'There is an error in the JSON format of the request payload' } });
  });
});
