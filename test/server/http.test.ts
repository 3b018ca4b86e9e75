// Transport behaviour shared by every route (api.md 1.1): headers, CORS, compression, gzip bodies.
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
const CHUNKS = Buffer.from(JSON.stringify(Array.from({ length: 60_000 }, (_, i) => ({ sampleId: `S-${i}`, value: i * 7919 % 1000 }))).padEnd(3 << 20, ' '));
const chunksOf = (bytes: Buffer) => [0, 1, 2].map((i) => bytes.subarray(i << 20, (i + 1) << 20));
beforeAll(async () => {
  app = await openTestApp(['study_hg38']);
  // A route that echoes its body size, registered for this test only.
  app.post('/test/echo-size', async (request) => ({ size: JSON.stringify(request.body).length }));
  // A streamed answer of 3 MB in 1 MB chunks with its length set, as filtered-samples sends one.
  app.get('/test/chunks', async (_request, reply) => reply.type('application/json').header('content-length', CHUNKS.length).send(Readable.from(chunksOf(CHUNKS))));
});
afterAll(() => app.close());

describe('every response', () => {
  it('carries Elapsed-Time and a Server-Timing header splitting SQL time from the total', async () => {
    const res = await app.inject('/api/studies');
    expect(res.headers['elapsed-time']).toMatch(/^\d+$/);
    expect(res.headers['server-timing']).toMatch(/^sql;dur=\d+\.\d, total;dur=\d+\.\d$/);
    const [sql, total] = String(res.headers['server-timing']).match(/[\d.]+/g)!.map(Number);
    expect(sql).toBeGreaterThan(0);
    expect(sql).toBeLessThanOrEqual(total);
  });

  it('exposes cBioPortal\'s headers to browsers', async () => {
    const res = await app.inject({ url: '/api/studies', headers: { origin: 'http://example.org' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://example.org');
    expect(res.headers['access-control-expose-headers']).toContain('total-count');
  });

  it('compresses large answers when asked', async () => {
    const res = await app.inject({ url: '/api/v3/api-docs', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('compresses a streamed answer of several MB whole, with gzip and brotli', async () => {
    for (const [encoding, decode] of [['gzip', gunzipSync], ['br', brotliDecompressSync]] as const) {
      const res = await app.inject({ url: '/test/chunks', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-length']).toBeUndefined();
      expect(decode(res.rawPayload).equals(CHUNKS)).toBe(true);
    }
  });
});

describe('request bodies', () => {
  it('accepts gzip-encoded JSON', async () => {
    const body = gzipSync(JSON.stringify({ ids: Array.from({ length: 1000 }, (_, i) => `s${i}`) }));
    const res = await app.inject({ method: 'POST', url: '/test/echo-size', payload: body, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().size).toBeGreaterThan(5000);
  });

  it('refuses a gzip bomb with 413, not 500', async () => {
    const bomb = gzipSync(Buffer.alloc(90_000_000, 32));
    const res = await app.inject({ method: 'POST', url: '/test/echo-size', payload: bomb, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than/);
  });

  it('answers malformed JSON with cBioPortal\'s 400 message', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/echo-size', payload: '{"ids": [', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'There is an error in the JSON format of the request payload' });
  });
});

describe('query parameters', () => {
  it('treat an empty value as absent', async () => {
    const res = await app.inject('/api/studies?projection=&sortBy=&direction=%20ASC%20');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toHaveProperty('allSampleCount');
  });
});

describe('media types', () => {
  it('answers 415 to a body that is not JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/studies/fetch', payload: 'study_hg38', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/Unsupported Media Type/i);
  });
});

describe('authorization while login is off', () => {
  it('ignores a Bearer header, empty or not (cbioportalR sends one)', async () => {
    for (const authorization of ['Bearer ', 'Bearer abc.def.ghi', 'bearer xyz']) {
      const res = await app.inject({ url: '/api/studies', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(200);
      expect(res.json()).toHaveLength(1);
    }
  });
});
