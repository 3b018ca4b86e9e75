// The body checks of study-view.md 2.3: on the endpoints whose StudyViewFilter body the reference
// validates, and only there (filtered-samples, mutated-genes, the density plot and nested filters
// are not validated).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => { app = await openTestApp(['study_es_0']); });
afterAll(() => app.close());

const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `/api${url}`, payload });
const ES = ['study_es_0'];
const VALIDATED = [
  '/clinical-data-violin-plots/fetch?categoricalAttributeId=SEX&numericalAttributeId=AGE', '/molecular-profile-sample-counts/fetch',
  '/structuralvariant-genes/fetch', '/sample-lists-counts/fetch', '/clinical-event-type-counts/fetch', '/treatments/patient-counts/fetch',
  '/treatments/sample-counts/fetch', '/clinical-data-table/fetch', '/structuralvariant-counts/fetch', '/treatments/patient', '/treatments/sample',
];
const NOT_VALIDATED = ['/filtered-samples/fetch', '/mutated-genes/fetch', '/cna-genes/fetch', '/clinical-data-density-plot/fetch?xAxisAttributeId=AGE&yAxisAttributeId=OS_MONTHS'];
const ageValues = (...values: object[]) => ({ studyIds: ES, clinicalDataFilters: [{ attributeId: 'AGE', values }] });

describe('StudyViewFilter validation (2.3)', () => {
  it.each(VALIDATED)('%s: empty id lists and value objects with both or neither of value and range get 400', async (url) => {
    const message = async (body: object) => {
      const res = await post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json().message;
    };
    expect(await message({ studyIds: [] })).toBe('studyIds size must be between 1 and 2147483647');
    expect(await message({ studyIds: ES, sampleIdentifiers: [] })).toBe('sampleIdentifiers size must be between 1 and 2147483647');
    expect(await message(ageValues({ value: '50', start: 40 }))).toBe('eitherValueOrRangePresentInClinicalDataIntervalFilters must be true');
    expect(await message(ageValues({}))).toBe('eitherValueOrRangePresentInClinicalDataIntervalFilters must be true');
    expect(await message({ studyIds: ES, genomicDataFilters: [{ hugoGeneSymbol: 'TP53', profileType: 'mrna', values: [{ value: 'NA', end: 1 }] }] }))
      .toBe('eitherValueOrRangePresentInGenomicDataIntervalFilters must be true');
    expect(await message({ studyIds: ES, genericAssayDataFilters: [{ stableId: 'x', profileType: 'y', values: [{}] }] }))
      .toBe('eitherValueOrRangePresentInGenericAssayDataIntervalFilters must be true');
    expect(await message({ studyIds: ES, customDataFilters: [{ attributeId: 'c', values: [{ value: 'A', end: 3 }] }] }))
      .toBe('eitherValueOrRangePresentInCustomDataFilters must be true');
    // Null value objects, and a value or a range alone (JSON null is "not given"), pass.
    expect((await post(url, ageValues(null as never, { start: 40, end: null }, { value: 'NA', start: null }))).statusCode).toBe(200);
  });

  it('generic assay selections and structural variant queries must be complete', async () => {
    const url = '/sample-lists-counts/fetch';
    const selection = (f: object) => post(url, { studyIds: ES, genericAssaySelectionFilters: [{ profileType: 'armlevel_cna', patientLevel: false, values: [[{ stableId: '1p_status', value: 'Gain' }]], ...f }] });
    expect((await selection({})).statusCode).toBe(200);
    for (const [f, message] of [
      [{ profileType: ' ' }, 'genericAssaySelectionFilters[0].profileType must not be blank'],
      [{ patientLevel: null }, 'genericAssaySelectionFilters[0].patientLevel must not be null'],
      [{ values: [] }, 'genericAssaySelectionFilters[0].values must not be empty'],
      [{ values: [[]] }, 'genericAssaySelectionFilters[0].values[0] must not be empty'],
      [{ values: [[{ stableId: '1p_status', value: '' }]] }, 'genericAssaySelectionFilters[0].values[0][0].value must not be blank'],
    ] as const) expect((await selection(f)).json().message).toBe(message);
    const sv = (gene1Query: object, gene2Query: object) => post(url, { studyIds: ES, structuralVariantFilters: [{ structVarQueries: [[{ gene1Query, gene2Query }]] }] });
    expect((await sv({ hugoSymbol: 'BRAF' }, { specialValue: 'ANY_GENE' })).statusCode).toBe(200);
    const at = 'structuralVariantFilters[0].structVarQueries[0][0]';
    expect((await sv({ specialValue: 'ANY_GENE' }, { specialValue: 'ANY_GENE' })).json().message).toBe(`${at}: gene1Query and gene2Query carry the same specialValue`);
    expect((await sv({ specialValue: 'ANY_GENE' }, { specialValue: 'NO_GENE' })).json().message).toBe(`${at}: gene1Query or gene2Query must name a hugoSymbol`);
    expect((await sv({ hugoSymbol: 'BRAF', entrezId: 673 }, { specialValue: 'NO_GENE' })).json().message)
      .toBe(`${at}.gene1Query must carry a hugoSymbol or a specialValue, and only one of entrezId, hugoSymbol and specialValue`);
    // Not validated: filtered-samples takes them as they are.
    expect((await post('/filtered-samples/fetch', { studyIds: ES, structuralVariantFilters: [{ structVarQueries: [[{ gene1Query: { specialValue: 'ANY_GENE' }, gene2Query: { specialValue: 'ANY_GENE' } }]] }] })).statusCode).toBe(200);
  });

  it.each(NOT_VALIDATED)('%s: not validated, an all-null value object has its meaning (3.4)', async (url) => {
    expect((await post(url, ageValues({}))).statusCode).toBe(200);
    expect((await post(url, { studyIds: [] })).statusCode).toBe(200);
  });
});
