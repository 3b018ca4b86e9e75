// Arrow IPC answers (server/arrow-stream.ts): every list route that opts in answers
// `Accept: application/vnd.apache.arrow.stream` with the rows of its JSON answer, read back here
// with apache-arrow and compared row by row and field by field (a null Arrow value is a field
// absent from the JSON item; namespaceColumns is its JSON text). Over the shared test studies.
import { tableFromIPC, Type as ArrowType, type Table } from 'apache-arrow';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARROW_STREAM } from '../../server/arrow-stream.js';
import { openTestApp } from '../helpers/app.js';
import { itemsOf } from '../helpers/arrow-items.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

type Json = Record<string, unknown>;

const accept = (options: InjectOptions, value: string): InjectOptions => ({ ...options, headers: { ...options.headers, accept: value } });

/** Asks for JSON and for Arrow; both answers have the same items (and Arrow's fields are those the JSON items can have). */
async function sameAnswers(options: InjectOptions): Promise<{ json: Json[]; table: Table }> {
  const jsonAnswer = await app.inject(options);
  expect(jsonAnswer.statusCode, jsonAnswer.body).toBe(200);
  const arrowAnswer = await app.inject(accept(options, ARROW_STREAM));
  expect(arrowAnswer.statusCode, arrowAnswer.body).toBe(200);
  expect(arrowAnswer.headers['content-type']).toBe(ARROW_STREAM);
  const json = jsonAnswer.json<Json[]>();
  const table = tableFromIPC(arrowAnswer.rawPayload);
  expect(table.numRows).toBe(json.length);
  expect(itemsOf(table)).toEqual(json);
  const fields = new Set(table.schema.fields.map((f) => f.name));
  for (const item of json) for (const key of Object.keys(item)) expect(fields).toContain(key);
  return { json, table };
}

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const post = (url: string, payload: unknown): InjectOptions => ({ method: 'POST', url, payload: payload as object });

const ES = 'study_es_0';
const PROJECTIONS = ['ID', 'SUMMARY', 'DETAILED'] as const;

describe('mutations', () => {
  it('POST /api/mutations/fetch in every projection, the fields typed as the JSON types them', async () => {
    for (const projection of PROJECTIONS) {
      const { json, table } = await sameAnswers(post(`/api/mutations/fetch?projection=${projection}`, { molecularProfileIds: [`${ES}_mutations`, 'ascn_test_study_mutations'] }));
      expect(json.length).toBeGreaterThan(50);
      expect(table.schema.fields.find((f) => f.name === 'entrezGeneId')?.type.typeId).toBe(ArrowType.Int);
      expect(table.schema.fields.find((f) => f.name === 'studyId')?.type.typeId).toBe(ArrowType.Utf8);
      if (projection === 'ID') expect(table.schema.fields.map((f) => f.name)).toEqual(Object.keys(json[0]));
      if (projection === 'DETAILED') {
        expect(table.schema.fields.find((f) => f.name === 'gene')?.type.typeId).toBe(ArrowType.Struct);
        expect(table.schema.fields.find((f) => f.name === 'namespaceColumns')?.metadata.get('ARROW:extension:name')).toBe('arrow.json');
        // ascn-test-study sets them: a struct with int32 and float64 children.
        expect(json.some((m) => m.alleleSpecificCopyNumber !== undefined)).toBe(true);
      }
    }
  });

  it('the GET by sample list, the single-profile POST, sample-molecular identifiers, paging and sorting', async () => {
    const { json } = await sameAnswers(get(`/api/molecular-profiles/${ES}_mutations/mutations?sampleListId=${ES}_all&entrezGeneId=7157&projection=DETAILED`));
    expect(json.length).toBeGreaterThan(0);
    await sameAnswers(post(`/api/molecular-profiles/${ES}_mutations/mutations/fetch?sortBy=startPosition&direction=DESC&pageSize=50&pageNumber=1`, { sampleListId: `${ES}_all` }));
    await sameAnswers(post(`/api/molecular-profiles/${ES}_mutations/mutations/fetch`, { sampleIds: ['TCGA-A1-A0SH-01', 'TCGA-A2-A04P-01'], entrezGeneIds: [7157, 672] }));
    await sameAnswers(post('/api/mutations/fetch', { sampleMolecularIdentifiers: [{ molecularProfileId: `${ES}_mutations`, sampleId: 'TCGA-A1-A0SH-01' }] }));
  });

  it('an empty answer is a stream of its fields without rows', async () => {
    const { table } = await sameAnswers(post('/api/mutations/fetch', { molecularProfileIds: ['no_such_profile'] }));
    expect(table.numRows).toBe(0);
    expect(table.schema.fields.length).toBeGreaterThan(5);
  });
});

describe('clinical data', () => {
  it('of a study (samples, patients), of one sample and one patient, in every projection', async () => {
    for (const projection of PROJECTIONS) {
      await sameAnswers(get(`/api/studies/${ES}/clinical-data?projection=${projection}`));
      await sameAnswers(get(`/api/studies/${ES}/clinical-data?clinicalDataType=PATIENT&projection=${projection}`));
    }
    await sameAnswers(get(`/api/studies/${ES}/samples/TCGA-A1-A0SH-01/clinical-data?projection=DETAILED`));
    await sameAnswers(get(`/api/studies/${ES}/patients/TCGA-A1-A0SH/clinical-data?sortBy=value&direction=DESC`));
  });

  it('the single- and multi-study fetches', async () => {
    await sameAnswers(post(`/api/studies/${ES}/clinical-data/fetch?projection=DETAILED`, { ids: ['TCGA-A1-A0SH-01', 'TCGA-A2-A04P-01'] }));
    const { table } = await sameAnswers(post('/api/clinical-data/fetch?clinicalDataType=PATIENT&projection=DETAILED', {
      identifiers: [{ studyId: ES, entityId: 'TCGA-A1-A0SH' }, { studyId: 'ascn-test-study', entityId: 'FAKE_P001' }],
    }));
    expect(table.schema.fields.find((f) => f.name === 'patientAttribute')?.type.typeId).toBe(ArrowType.Bool);
  });
});

describe('molecular data', () => {
  it('numbers rounded as the JSON answer rounds them, in the three forms', async () => {
    const { json, table } = await sameAnswers(get(`/api/molecular-profiles/${ES}_mrna/molecular-data?sampleListId=${ES}_all&entrezGeneId=90993`));
    expect(json.length).toBeGreaterThan(10);
    expect(table.schema.fields.find((f) => f.name === 'value')?.type.typeId).toBe(ArrowType.Float);
    await sameAnswers(post(`/api/molecular-profiles/${ES}_log2CNA/molecular-data/fetch?projection=DETAILED`, { sampleListId: `${ES}_all` }));
    await sameAnswers(post('/api/molecular-data/fetch', { molecularProfileIds: [`${ES}_mrna`, `${ES}_log2CNA`], entrezGeneIds: [90993, 207, 7157] }));
    await sameAnswers(post('/api/molecular-data/fetch?projection=DETAILED', {
      sampleMolecularIdentifiers: [{ molecularProfileId: `${ES}_mrna`, sampleId: 'TCGA-A1-A0SH-01' }],
    }));
  });
});

describe('samples', () => {
  it('all, of a study, of a patient, by keyword and fetched, in every projection', async () => {
    for (const projection of PROJECTIONS) {
      await sameAnswers(get(`/api/studies/${ES}/samples?projection=${projection}`));
      await sameAnswers(post(`/api/samples/fetch?projection=${projection}`, { sampleListIds: [`${ES}_all`, 'ascn_test_study_all'] }));
    }
    const { table } = await sameAnswers(get('/api/samples?projection=DETAILED'));
    expect(table.schema.fields.find((f) => f.name === 'sequenced')?.type.typeId).toBe(ArrowType.Bool);
    await sameAnswers(get('/api/samples?keyword=A0S&sortBy=sampleId&direction=DESC&pageSize=5'));
    await sameAnswers(get(`/api/studies/${ES}/patients/TCGA-A1-A0SH/samples`));
  });

  it('POST /api/filtered-samples/fetch', async () => {
    const { json } = await sameAnswers(post('/api/filtered-samples/fetch', {
      studyIds: [ES], clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'basal-like' }] }],
    }));
    expect(json.length).toBeGreaterThan(0);
    await sameAnswers(post('/api/filtered-samples/fetch', { studyIds: [ES, 'study_hg38'] }));
  });
});

describe('structural variants and copy number segments', () => {
  it('POST /api/structural-variant/fetch', async () => {
    const { json } = await sameAnswers(post('/api/structural-variant/fetch', { molecularProfileIds: [`${ES}_structural_variants`] }));
    expect(json.length).toBe(48);
    await sameAnswers(post('/api/structural-variant/fetch', { sampleMolecularIdentifiers: [{ molecularProfileId: `${ES}_structural_variants`, sampleId: 'TCGA-A2-A04P-01' }], entrezGeneIds: [673] }));
  });

  it('GET of a sample (paged, sorted) and POST of several', async () => {
    const { json, table } = await sameAnswers(get(`/api/studies/${ES}/samples/TCGA-A2-A04P-01/copy-number-segments?sortBy=segmentMean&pageSize=4&pageNumber=1`));
    expect(json.length).toBe(4);
    expect(table.schema.fields.find((f) => f.name === 'start')?.type.typeId).toBe(ArrowType.Int);
    await sameAnswers(post('/api/copy-number-segments/fetch?chromosome=1', [{ studyId: ES, sampleId: 'TCGA-A2-A04P-01' }, { studyId: ES, sampleId: 'TCGA-A1-A0SD-01' }]));
  });
});

describe('content negotiation', () => {
  const url = `/api/studies/${ES}/samples`;
  const typeFor = async (value?: string) => (await app.inject({ method: 'GET', url, headers: value === undefined ? {} : { accept: value } })).headers['content-type'];

  it('answers Arrow only when the Accept header prefers it', async () => {
    expect(await typeFor()).toMatch(/^application\/json/u);
    expect(await typeFor('*/*')).toMatch(/^application\/json/u);
    expect(await typeFor(`application/json, ${ARROW_STREAM}`)).toMatch(/^application\/json/u);
    expect(await typeFor(`${ARROW_STREAM}, application/json`)).toMatch(/^application\/json/u);
    expect(await typeFor(`${ARROW_STREAM};q=0.9, application/json;q=0.5`)).toBe(ARROW_STREAM);
    expect(await typeFor(`application/json;q=0.8, ${ARROW_STREAM}`)).toBe(ARROW_STREAM);
    expect(await typeFor(`${ARROW_STREAM}, */*;q=0.1`)).toBe(ARROW_STREAM);
    expect(await typeFor(`${ARROW_STREAM};q=0, application/json`)).toMatch(/^application\/json/u);
    expect(await typeFor(ARROW_STREAM)).toBe(ARROW_STREAM);
    expect(await typeFor('Application/Vnd.Apache.Arrow.Stream; Q=0.9, text/html;q=0.8')).toBe(ARROW_STREAM);
  });

  it('Arrow is not compressed, JSON is (README: gzip JSON is smaller than gzip Arrow; Arrow saves parsing)', async () => {
    const headers = { 'accept-encoding': 'gzip' };
    const arrow = await app.inject({ method: 'GET', url: '/api/samples', headers: { ...headers, accept: ARROW_STREAM } });
    expect(arrow.rawPayload.length).toBeGreaterThan(1024); // above the compression threshold
    expect(arrow.headers['content-encoding']).toBeUndefined();
    expect(tableFromIPC(arrow.rawPayload).numRows).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: '/api/samples', headers })).headers['content-encoding']).toBe('gzip');
  });

  it('routes that do not opt in answer JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/studies', headers: { accept: ARROW_STREAM } });
    expect(res.headers['content-type']).toMatch(/^application\/json/u);
  });

  it('errors stay JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/studies/no_such_study/samples', headers: { accept: ARROW_STREAM } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/u);
    expect(res.json()).toEqual({ message: 'Study not found: no_such_study' });
    const invalid = await app.inject({ ...post('/api/mutations/fetch', {}), headers: { accept: ARROW_STREAM } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-type']).toMatch(/^application\/json/u);
  });

  it('the API description lists the Arrow media type of those operations', async () => {
    const openapi = (await app.inject({ method: 'GET', url: '/api/v3/api-docs' })).json<Json>();
    const paths = openapi.paths as Record<string, Record<string, { responses: Record<string, { content: Json }> }>>;
    expect(Object.keys(paths['/api/mutations/fetch'].post.responses['200'].content)).toEqual(['application/json', ARROW_STREAM]);
    expect(Object.keys(paths['/api/studies'].get.responses['200'].content)).toEqual(['application/json']);
    const swagger = (await app.inject({ method: 'GET', url: '/api/v2/api-docs' })).json<Json>();
    const operation = (swagger.paths as Record<string, Record<string, Json>>)['/mutations/fetch'].post;
    expect(operation.produces).toEqual(['application/json', ARROW_STREAM]);
    expect((operation.responses as Record<string, Json>)['200'].schema).toMatchObject({ type: 'array' });
  });
});
