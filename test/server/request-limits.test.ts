// The app's answers at its bounds (README, Operations): a query refused its turn is a 503 with
// Retry-After and a JSON message; on a login-required instance a public route takes bodies of
// duckportal.body.max_mb_anonymous at most, the others the full limit.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Busy } from '../../engine/errors.js';
import { Db } from '../../engine/sql/db.js';
import { buildApp } from '../../server/app.js';
import { DEFAULT_LIMITS } from '../../server/config/limits.js';
import { settingsFrom } from '../../server/config/settings.js';

let db: Db;
let app: FastifyInstance;
beforeAll(async () => {
  db = await Db.open(':memory:');
  app = await buildApp({
    db,
    settings: settingsFrom(new Map([['authenticate', 'header']])),
    limits: { ...DEFAULT_LIMITS, body: { ...DEFAULT_LIMITS.body, maxBytes: 4000, maxBytesAnonymous: 1000 } },
  });
  app.post('/test/public', { config: { public: true } }, async (request) => ({ size: JSON.stringify(request.body).length }));
  app.post('/test/private', async (request) => ({ size: JSON.stringify(request.body).length }));
  app.get('/test/busy', { config: { public: true } }, async () => {
    throw new Busy('The server is busy: all 2 turns for queries are taken and none came free within 30 s; retry later', 30);
  });
});
afterAll(async () => {
  await app.close();
  db.close();
});

const body = (bytes: number) => JSON.stringify({ ids: 'x'.repeat(bytes - 10) });
const post = (url: string, bytes: number, user?: string) =>
  app.inject({ method: 'POST', url, payload: body(bytes), headers: { 'content-type': 'application/json', ...(user ? { 'x-remote-user': user } : {}) } });

describe('request limits', () => {
  it('answers a query refused its turn with 503, Retry-After and the message', async () => {
    const res = await app.inject('/test/busy');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({ message: 'The server is busy: all 2 turns for queries are taken and none came free within 30 s; retry later' });
  });

  it('holds the public routes of a login-required instance to the anonymous body limit', async () => {
    expect(body(1000)).toHaveLength(1000);
    expect((await post('/test/public', 1000)).json()).toEqual({ size: 1000 });
    const over = await post('/test/public', 1001);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: 'Request body is larger than 1000 bytes (counted once inflated)' });
    // A route that needs login: the full limit for the caller it lets in.
    expect((await post('/test/private', 3000, 'alice')).json()).toEqual({ size: 3000 });
    expect((await post('/test/private', 4001, 'alice')).statusCode).toBe(413);
  });
});
