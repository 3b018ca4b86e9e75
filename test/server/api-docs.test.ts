// The served API descriptions: OpenAPI 3 (/api/v3/api-docs, and its /public and /internal parts) and
// its Swagger 2.0 form (/api/v2/api-docs).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp(['study_hg38']);
});
afterAll(() => app.close());

describe('API descriptions', () => {
  it('serves OpenAPI 3 with cBioPortal operationIds', async () => {
    const doc = (await app.inject('/api/v3/api-docs')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/studies'].get.operationId).toBe('getAllStudiesUsingGET');
  });

  it('serves Swagger 2.0 relative to basePath /api, with the request\'s host', async () => {
    const res = await app.inject({ url: '/api/v2/api-docs', headers: { host: 'portal.example:8080' } });
    const doc = res.json();
    expect(doc).toMatchObject({ swagger: '2.0', host: 'portal.example:8080', basePath: '/api', info: { title: 'cBioPortal web Public API [Beta]' } });
    const op = doc.paths['/studies'].get;
    expect(op.operationId).toBe('getAllStudiesUsingGET');
    const projection = op.parameters.find((p: { name: string }) => p.name === 'projection');
    expect(projection).toMatchObject({ in: 'query', type: 'string', enum: ['ID', 'SUMMARY', 'DETAILED', 'META'] });
    expect(doc.paths['/studies/{studyId}'].get.parameters).toContainEqual(expect.objectContaining({ name: 'studyId', in: 'path', required: true, type: 'string' }));
    expect(JSON.stringify(doc)).not.toMatch(/anyOf|oneOf|components\/schemas/);
  });

  it('names every model as cBioPortal does and references it (no def-N, nothing dangling)', async () => {
    for (const url of ['/api/v3/api-docs', '/api/v2/api-docs']) {
      const doc = (await app.inject(url)).json();
      const models = doc.components?.schemas ?? doc.definitions;
      expect(Object.keys(models).filter((name) => /^def-\d+$/.test(name)), url).toEqual([]);
      const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/(?:components\/schemas|definitions)\/([^"]+)"/g)].map((m) => m[1]);
      expect(refs.filter((name) => !(name in models)), url).toEqual([]);
      expect(Object.keys(models).filter((name) => !refs.includes(name)), url).toEqual([]);
    }
    const v3 = (await app.inject('/api/v3/api-docs')).json();
    const body = (path: string) => v3.paths[path].post.requestBody.content['application/json'].schema;
    const answer = (path: string) => v3.paths[path].post.responses['200'].content['application/json'].schema;
    expect(body('/api/filtered-samples/fetch')).toEqual({ $ref: '#/components/schemas/StudyViewFilter' });
    expect(answer('/api/filtered-samples/fetch')).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Sample' } });
    expect(v3.components.schemas.StudyViewFilter.properties.sampleIdentifiers.items).toEqual({ $ref: '#/components/schemas/SampleIdentifier' });
    expect(v3.paths['/api/filtered-samples/fetch'].post['x-codegen-request-body-name']).toBe('studyViewFilter');
    expect(v3.paths['/api/studies/fetch'].post['x-codegen-request-body-name']).toBe('studyIds');
  });

  it('types numbers as numbers in both documents, a Java double (or "NaN") as number/double', async () => {
    const v3 = (await app.inject('/api/v3/api-docs')).json();
    const v2 = (await app.inject('/api/v2/api-docs')).json();
    // An object schema that says nothing of its content is what a number union became (bravado refuses it).
    const shapeless = (node: unknown, at: string, out: string[]): string[] => {
      if (typeof node !== 'object' || node === null) return out;
      const n = node as Record<string, unknown>;
      if (n.type === 'object' && !n.properties && !n.additionalProperties && !n.$ref) out.push(at);
      for (const [key, value] of Object.entries(n)) shapeless(value, `${at}.${key}`, out);
      return out;
    };
    expect(shapeless(v2, '', [])).toEqual([]);
    const double = { type: 'number', format: 'double' };
    expect(v2.definitions.DensityPlotBin.properties.binX).toEqual(double);
    expect(v2.definitions.GenesetCorrelation.properties.correlationValue).toEqual(double);
    expect(v3.components.schemas.ClinicalViolinPlotBoxData.properties.median).toEqual(double);
    expect(v2.definitions.DataFilterValue.properties.start).toEqual({ type: 'number', 'x-nullable': true });
  });

  it('serves cBioPortal\'s public and internal parts, each with the models it uses', async () => {
    const part = async (group: string) => (await app.inject(`/api/v3/api-docs/${group}`)).json();
    const [pub, internal] = [await part('public'), await part('internal')];
    expect(pub.openapi).toMatch(/^3\./);
    expect(pub.paths['/api/studies'].get.operationId).toBe('getAllStudiesUsingGET');
    expect(pub.paths['/api/filtered-samples/fetch']).toBeUndefined();
    expect(internal.paths['/api/filtered-samples/fetch'].post.operationId).toBe('fetchFilteredSamplesUsingPOST');
    expect(internal.paths['/api/studies']).toBeUndefined();
    expect(pub.components.schemas.StudyViewFilter).toBeUndefined();
    expect(internal.components.schemas.StudyViewFilter).toBeDefined();
  });

  it('gives /api/health cBioPortal\'s operationId and model', async () => {
    const v3 = (await app.inject('/api/v3/api-docs')).json();
    expect(v3.paths['/api/health'].get.operationId).toBe('getServerStatusUsingGET');
    expect(v3.paths['/api/health'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ServerStatusMessage' });
  });

  it('serves the Swagger UI page', async () => {
    const res = await app.inject('/api/swagger-ui/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
