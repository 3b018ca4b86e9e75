// POST /api/filtered-samples/fetch (study-view.md 4.1) over the shared test studies. Goldens in
// test/golden/filtered-samples: responses computed by make-goldens.py (Python over the study TSVs).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => { app = await openTestApp(); });
afterAll(() => app.close());

const GOLDEN = join(import.meta.dirname, '../golden/filtered-samples');
const cases = readdirSync(GOLDEN).filter((f) => f.endsWith('.request.json')).map((f) => f.replace('.request.json', ''));
const read = (file: string) => JSON.parse(readFileSync(join(GOLDEN, file), 'utf8'));
const post = (body: unknown, query = '') => app.inject({ method: 'POST', url: `/api/filtered-samples/fetch${query}`, payload: body as object });
const LGG = 'lgg_ucsf_2014_test_generic_assay';

describe('filtered-samples goldens', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(20));
  it.each(cases)('%s', async (name) => {
    const { query, body } = read(`${name}.request.json`);
    const res = await post(body, query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(read(`${name}.response.json`));
  });
});

describe('filtered-samples edge cases', () => {
  const count = async (body: unknown) => (await post(body)).json().length as number;

  it('empty blocks are the universe; an empty base set is the empty cohort, none is a 400', async () => {
    // lgg data_clinical_sample.txt: 61 samples.
    expect(await count({ studyIds: [LGG], clinicalDataFilters: [], geneFilters: [], caseLists: [] })).toBe(61);
    for (const body of [{}, { studyIds: null, sampleIdentifiers: null }]) {
      const res = await post(body);
      expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 400, body: { message: 'eitherSampleIdentifiersOrStudyIdsPresent must be true' } });
    }
    expect(await count({ studyIds: [] })).toBe(0);
    expect(await count({ studyIds: ['nope'] })).toBe(0);
  });

  it('answers under the old /api/column-store/ paths too', async () => {
    const body = { studyIds: [LGG], clinicalDataFilters: [{ attributeId: 'SEX', values: [{ value: 'Male' }] }] };
    const old = await app.inject({ method: 'POST', url: '/api/column-store/filtered-samples/fetch', payload: body });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual((await post(body)).json());
    expect(old.json().length).toBeGreaterThan(0);
  });

  it('sends a cohort kept compressed again only for that cohort (negated or not)', async () => {
    const male = { studyIds: [LGG], clinicalDataFilters: [{ attributeId: 'SEX', values: [{ value: 'Male' }] }] };
    const requests: [unknown, string][] = [[{ studyIds: [LGG] }, ''], [male, ''], [male, '?negateFilters=true'], [{ sampleIdentifiers: [{ studyId: LGG, sampleId: 'P01_Pri' }] }, '']];
    for (let round = 0; round < 2; round++) {
      for (const [body, query] of requests) {
        const brotli = await app.inject({ method: 'POST', url: `/api/filtered-samples/fetch${query}`, payload: body as object, headers: { 'accept-encoding': 'br' } });
        expect(brotli.headers['content-encoding']).toBe('br');
        expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual((await post(body, query)).json());
      }
    }
  });

  it('takes range bounds of any size (beyond the 64-bit integers too)', async () => {
    // lgg data_clinical_patient.txt: every one of the 61 samples' patients has a numeric AGE.
    const age = (value: object) => count({ studyIds: [LGG], clinicalDataFilters: [{ attributeId: 'AGE', values: [value] }] });
    expect(await age({ start: 1e19 })).toBe(0);
    expect(await age({ start: -1e300, end: 1e19 })).toBe(61);
    expect(await age({ end: -1.5e19 })).toBe(0);
  });

  it('reads a JSON null as "not given", never as 0, "" or false', async () => {
    const age = (value: object) => count({ studyIds: [LGG], clinicalDataFilters: [{ attributeId: 'AGE', values: [value] }] });
    expect(await age({ start: 49, end: null })).toBe(await age({ start: 49 }));
    expect(await age({ start: 49 })).toBeGreaterThan(0);
    // All null: every sample with an AGE row (3.4), all 61.
    expect(await age({ start: null, end: null, value: null })).toBe(61);
    expect(await age({ start: 0 })).toBe(61);
    const nullDriver = await app.inject({ method: 'POST', url: '/api/mutated-genes/fetch', payload: { studyIds: ['study_es_0'], alterationFilter: { includeDriver: null, structuralVariants: null } } });
    const noDriver = await app.inject({ method: 'POST', url: '/api/mutated-genes/fetch', payload: { studyIds: ['study_es_0'], alterationFilter: {} } });
    expect(nullDriver.json()).toEqual(noDriver.json());
  });

  it('takes every sample of a matching patient for a patientLevel selection', async () => {
    // data_armlevel_CNA.txt: 1p_status is Gain in P17_Pri_A only; P17 has 7 samples (data_clinical_sample.txt).
    const selection = (patientLevel: boolean) => post({ studyIds: [LGG], genericAssaySelectionFilters: [{ profileType: 'armlevel_cna', patientLevel, values: [[{ stableId: '1p_status', value: 'Gain' }]] }] });
    expect((await selection(false)).json().map((s: { sampleId: string }) => s.sampleId)).toEqual(['P17_Pri_A']);
    expect((await selection(true)).json().map((s: { sampleId: string }) => s.sampleId))
      .toEqual(['P17_Pri_A', 'P17_Pri_B', 'P17_Pri_C', 'P17_Rec1_A', 'P17_Rec1_B', 'P17_Rec1_C', 'P17_Rec1_D']);
  });

  it('refuses a gene query string the reference cannot parse, as a bad body (2.3)', async () => {
    const gene = (query: string) => post({ studyIds: ['study_es_0'], geneFilters: [{ molecularProfileIds: ['study_es_0_gistic'], geneQueries: [[query]] }] });
    for (const query of ['ACAP3', 'CDKN2A:HOMDEL', ' CDKN2A : HOMDEL AMP ']) expect((await gene(query)).statusCode, query).toBe(200);
    for (const query of ['ACAP3:FOO', 'ACAP3:amp', 'BRAF:', 'A B', 'CDKN2A:HOMDELX']) {
      const res = await gene(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ message: 'There is an error in the JSON format of the request payload' });
    }
  });

  it('ignores unknown properties and alterationFilter', async () => {
    expect(await count({ studyIds: [LGG], showNA: true, alterationFilter: { includeDriver: false, mutationEventTypes: { any: false } } })).toBe(61);
  });

  it('400s bad shapes and bad negateFilters, never 5xx', async () => {
    for (const body of [{ studyIds: 'x' }, { clinicalDataFilters: [{ values: [] }] }, { studyIds: [LGG], caseLists: 'all' }])
      expect((await post(body)).statusCode).toBe(400);
    expect((await post({ studyIds: [LGG] }, '?negateFilters=maybe')).statusCode).toBe(400);
    const nasty = "x' OR '1'='1; --%_\\\"";
    const res = await post({
      studyIds: [LGG, nasty], caseLists: [[nasty]], genomicProfiles: [[nasty]],
      clinicalDataFilters: [{ attributeId: nasty, values: [{ value: nasty }, { start: 1 }] }],
      geneFilters: [{ molecularProfileIds: [nasty], geneQueries: [[{ hugoGeneSymbol: nasty }]] }],
      genomicDataFilters: [{ hugoGeneSymbol: nasty, profileType: nasty, values: [{ value: 'NA' }] }],
      genericAssayDataFilters: [{ stableId: nasty, profileType: nasty, values: [{ value: nasty }] }],
      namespaceDataFilters: [{ outerKey: nasty, innerKey: nasty, values: [[{ value: nasty }]] }],
      structuralVariantFilters: [{ molecularProfileIds: [nasty], structVarQueries: [[{ gene1Query: { hugoSymbol: nasty }, gene2Query: { specialValue: 'ANY_GENE' } }]] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
