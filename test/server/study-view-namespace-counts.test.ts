// Namespace value counts (study-view.md 4.25) and namespace attribute counts (4.26).
// Expected values: python (csv.DictReader) over ../shared/studies/study_es_0:
// events = rows of data_mutations_extended.maf, rows of data_cna_discrete.txt (DISCRETE_LONG) with
// Value 2 / -2 / -1.5, rows of data_structural_variants.txt; per `<outer>.<inner>` column the
// non-empty cells: Zygosity.name Homozygous (TEST_SAMPLE_SOMATIC_HOMOZYGOUS, 1 row) and Heterozygous
// (TEST_SAMPLE_SOMATIC_HETEROZYGOUS, 1 row), Zygosity.code 2 / 1 on the same rows; MyNamespace.column1
// value1b, MyNamespace2.blarp bluirp2 (TCGA-A2-A04U-01, 1 row); StructVarNs.column1 value1,
// StructVarNs.column2 value2, StructVarNs2.lorem ipsum (TCGA-A2-A04P-01, 2 rows).
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
const es = (...ids: string[]) => ids.map((sampleId) => ({ studyId: 'study_es_0', sampleId }));
const HOM = 'TEST_SAMPLE_SOMATIC_HOMOZYGOUS';
const HET = 'TEST_SAMPLE_SOMATIC_HETEROZYGOUS';

describe('POST /api/namespace-data-counts/fetch', () => {
  it('counts values per attribute over mutations, CNA events and SVs, in request order', async () => {
    const { status, body } = await post('/namespace-data-counts/fetch', {
      attributes: [
        { outerKey: 'Zygosity', innerKey: 'code', values: [] },
        { outerKey: 'MyNamespace', innerKey: 'column1' },
        { outerKey: 'NoSuchNamespace', innerKey: 'x' },
        { outerKey: 'StructVarNs', innerKey: 'column2' },
      ],
      studyViewFilter: { studyIds: ['study_es_0'] },
    });
    expect(status).toBe(200);
    expect(body).toEqual([
      // Numbers in the JSON are counted as their text.
      { outerKey: 'Zygosity', innerKey: 'code', counts: [{ value: '1', count: 1, totalCount: 1 }, { value: '2', count: 1, totalCount: 1 }] },
      { outerKey: 'MyNamespace', innerKey: 'column1', counts: [{ value: 'value1b', count: 1, totalCount: 1 }] },
      // An attribute without values is a null element, as in cBioPortal.
      null,
      // Two SV rows of one sample: count 1, totalCount 2.
      { outerKey: 'StructVarNs', innerKey: 'column2', counts: [{ value: 'value2', count: 1, totalCount: 2 }] },
    ]);
  });

  it('counts only the filtered samples', async () => {
    const attributes = [{ outerKey: 'Zygosity', innerKey: 'name' }, { outerKey: 'StructVarNs2', innerKey: 'lorem' }];
    const { body } = await post('/namespace-data-counts/fetch', { attributes, studyViewFilter: { sampleIdentifiers: es(HOM, 'TCGA-A2-A04P-01') } });
    expect(body).toEqual([
      { outerKey: 'Zygosity', innerKey: 'name', counts: [{ value: 'Homozygous', count: 1, totalCount: 1 }] },
      { outerKey: 'StructVarNs2', innerKey: 'lorem', counts: [{ value: 'ipsum', count: 1, totalCount: 2 }] },
    ]);
    // A namespaceDataFilters item (case-insensitive) leaves only the heterozygous sample.
    const filtered = await post('/namespace-data-counts/fetch', {
      attributes,
      studyViewFilter: { studyIds: ['study_es_0'], namespaceDataFilters: [{ outerKey: 'Zygosity', innerKey: 'name', values: [[{ value: 'heterozygous' }]] }] },
    });
    expect(filtered.body).toEqual([{ outerKey: 'Zygosity', innerKey: 'name', counts: [{ value: 'Heterozygous', count: 1, totalCount: 1 }] }, null]);
  });

  it('answers [] for an empty cohort or no attributes', async () => {
    const attributes = [{ outerKey: 'Zygosity', innerKey: 'name' }];
    expect(await post('/namespace-data-counts/fetch', { attributes, studyViewFilter: { sampleIdentifiers: es('NOPE') } })).toEqual({ status: 200, body: [] });
    expect(await post('/namespace-data-counts/fetch', {
      attributes, studyViewFilter: { studyIds: ['study_es_0'], clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'no such subtype' }] }] },
    })).toEqual({ status: 200, body: [] });
    expect(await post('/namespace-data-counts/fetch', { attributes: [], studyViewFilter: { studyIds: ['study_es_0'] } })).toEqual({ status: 200, body: [] });
    expect(await post('/namespace-data-counts/fetch', { studyViewFilter: { studyIds: ['study_es_0'] } })).toEqual({ status: 200, body: [] });
    // Samples without namespace values: one null per attribute.
    expect((await post('/namespace-data-counts/fetch', { attributes, studyViewFilter: { sampleIdentifiers: es('TCGA-A1-A0SB-01') } })).body).toEqual([null]);
  });

  it('rejects a missing or empty studyViewFilter with 400', async () => {
    expect((await post('/namespace-data-counts/fetch', { attributes: [] })).status).toBe(400);
    expect(await post('/namespace-data-counts/fetch', { attributes: [], studyViewFilter: {} }))
      .toEqual({ status: 400, body: { message: 'eitherSampleIdentifiersOrStudyIdsPresent must be true' } });
  });
});

describe('POST /api/namespace-attributes/counts/fetch', () => {
  it('counts the given samples having a value, per attribute (absent when 0)', async () => {
    const { status, body } = await post('/namespace-attributes/counts/fetch', {
      sampleIdentifiers: [...es(HOM, HET, 'TCGA-A2-A04U-01', 'TCGA-A2-A04P-01', 'TCGA-A1-A0SB-01', 'NOPE'), { studyId: 'study_hg38', sampleId: HOM }],
      namespaceAttributes: [
        { outerKey: 'Zygosity', innerKey: 'name' },
        { outerKey: 'MyNamespace2', innerKey: 'blarp' },
        { outerKey: 'StructVarNs', innerKey: 'column1' },
        { outerKey: 'NoSuchNamespace', innerKey: 'x' },
        { outerKey: 'Zygosity', innerKey: 'name' },
      ],
    });
    expect(status).toBe(200);
    expect(body).toEqual([
      { outerKey: 'Zygosity', innerKey: 'name', count: 2 },
      { outerKey: 'MyNamespace2', innerKey: 'blarp', count: 1 },
      { outerKey: 'StructVarNs', innerKey: 'column1', count: 1 },
    ]);
  });

  it('answers [] for samples without values', async () => {
    expect(await post('/namespace-attributes/counts/fetch', {
      sampleIdentifiers: es('TCGA-A1-A0SB-01', 'NOPE'), namespaceAttributes: [{ outerKey: 'Zygosity', innerKey: 'name' }],
    })).toEqual({ status: 200, body: [] });
    expect(await post('/namespace-attributes/counts/fetch', { sampleIdentifiers: es(HOM), namespaceAttributes: [] })).toEqual({ status: 200, body: [] });
  });

  it('requires both lists (400)', async () => {
    const message = { message: 'bothSampleIdentifiersAndNamespaceAttributesPresent must be true' };
    expect(await post('/namespace-attributes/counts/fetch', { sampleIdentifiers: es(HOM) })).toEqual({ status: 400, body: message });
    expect(await post('/namespace-attributes/counts/fetch', { namespaceAttributes: [] })).toEqual({ status: 400, body: message });
    const empty = await post('/namespace-attributes/counts/fetch', { sampleIdentifiers: [], namespaceAttributes: [] });
    expect(empty).toEqual({ status: 400, body: { message: 'sampleIdentifiers size must be between 1 and 10000000' } });
  });
});
