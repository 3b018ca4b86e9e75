// The served API descriptions: OpenAPI 3 (/api/v3/api-docs) and its Swagger 2.0 form (/api/v2/api-docs).
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

  it('serves the Swagger UI page', async () => {
    const res = await app.inject('/api/swagger-ui/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
