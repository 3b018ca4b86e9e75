// A compressed body that fails at its end (a bad checksum) while it waits for an inflation turn
// is answered 400, as it is alone. Found by the fuzz suite ('POST /api/mutations/fetch gzip: bad
// checksum → timeout', intermittent under load): the failure destroyed the request stream and the
// wait took it for an abort, leaving the request unanswered. Reproduced here deterministically
// with the one inflation turn held by another request.
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Db } from '../../engine/sql/db.js';
import { buildApp } from '../../server/app.js';
import { DEFAULT_LIMITS } from '../../server/config/limits.js';

let db: Db;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  db = await Db.open(':memory:');
  app = await buildApp({ db, limits: { ...DEFAULT_LIMITS, body: { ...DEFAULT_LIMITS.body, maxConcurrentInflations: 1 } } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  app?.server.closeAllConnections(); // the unanswered request's
  await app?.close();
  db?.close();
});

const HEADERS = { 'content-type': 'application/json', 'content-encoding': 'gzip' };

it('answers a body that failed while it waited for its turn', async () => {
  const body = gzipSync(JSON.stringify(['study_es_0']));
  // The first request takes the one inflation turn and holds it: half its body sent.
  const whole = gzipSync(JSON.stringify(['study_es_0', 'x'.repeat(100_000)]));
  const first = httpRequest({ port, method: 'POST', path: '/api/clinical-attributes/fetch', headers: { ...HEADERS, 'content-length': whole.length } });
  const firstAnswer = new Promise<number>((resolve, reject) => first.on('response', (r) => (r.resume(), resolve(r.statusCode!))).on('error', reject));
  first.write(whole.subarray(0, whole.length >> 1));
  await new Promise((resolve) => setTimeout(resolve, 300));
  // The second: whole, with a wrong checksum; it inflates (and fails) while it waits.
  const bad = Buffer.from(body);
  bad[bad.length - 8] ^= 0xff;
  const second = new Promise<number>((resolve, reject) => {
    const r = httpRequest({ port, method: 'POST', path: '/api/clinical-attributes/fetch', headers: { ...HEADERS, 'content-length': bad.length } });
    r.on('response', (res) => (res.resume(), resolve(res.statusCode!))).on('error', reject);
    r.end(bad);
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  first.end(whole.subarray(whole.length >> 1));
  expect(await firstAnswer).toBe(200);
  const status = await Promise.race([second, new Promise((resolve) => setTimeout(() => resolve('no answer within 10 s'), 10_000))]);
  expect(status).toBe(400);
});
