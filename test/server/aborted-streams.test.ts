// Clients that go away while a large answer streams must give back their query's turn at the
// store (engine/sql/db.ts runs a few queries at once): a server whose turns leaked answered
// nothing more. Needs a read-only store (only those take turns), so a small demo store on disk.
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoStore } from '../../cli/demo-store.js';
import { Db } from '../../engine/sql/db.js';
import { buildApp } from '../../server/app.js';

let db: Db;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'duckportal-abort-'));
  await buildDemoStore(join(dir, 'demo.duckdb'), { studyDir: join(dir, 'demo_study'), samples: 2000, seed: 5 });
  db = await Db.open(join(dir, 'demo.duckdb'), { readOnly: true });
  app = await buildApp({ db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
}, 120_000);
afterAll(async () => {
  await app.close();
  db.close();
});

/** Sends a request and destroys the socket as soon as the answer starts (or at once). */
function abandon(path: string, body: string, atOnce: boolean): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.destroy();
      resolve();
    });
    req.on('error', () => resolve());
    req.end(body);
    if (atOnce) setTimeout(() => { req.destroy(); resolve(); }, 1);
  });
}

describe('abandoned streamed answers', () => {
  it('still answers after many clients left in the middle of a streamed answer', async () => {
    const body = JSON.stringify({ sampleListIds: ['demo_study_all'] });
    for (let round = 0; round < 3; round++)
      await Promise.all(Array.from({ length: 12 }, (_, i) => abandon('/api/samples/fetch', body, i % 2 === 0)));
    const res = await fetch(`http://127.0.0.1:${port}/api/samples/fetch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(2000);
  }, 60_000);

  it('still answers after many clients left a streamed clinical data answer', async () => {
    const path = '/api/studies/demo_study/clinical-data/fetch?clinicalDataType=PATIENT';
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 12 }, (_, i) => abandon(path, '{}', i % 2 === 0)));
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBeGreaterThan(1000);
  }, 60_000);
});
