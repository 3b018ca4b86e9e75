// Large Arrow answers (server/arrow-stream.ts) over a served demo store of 3,000 samples: the
// study's ~45,000 mutations arrive in several record batches, each written as DuckDB computed it,
// with the rows of the JSON answer; clients that leave mid-stream give back their query's turn
// (a read-only store runs a few queries at once, as `serve` opens it).
import { RecordBatchReader, tableFromIPC } from 'apache-arrow';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoStore } from '../../cli/demo-store.js';
import { Db } from '../../engine/sql/db.js';
import { ARROW_STREAM } from '../../server/arrow-stream.js';
import { buildApp } from '../../server/app.js';
import { itemsOf } from '../helpers/arrow-items.js';

let dir: string;
let db: Db;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'duckportal-arrow-'));
  await buildDemoStore(join(dir, 'demo.duckdb'), { studyDir: join(dir, 'demo_study'), samples: 3000, seed: 3 });
  db = await Db.open(join(dir, 'demo.duckdb'), { readOnly: true, turns: { maxRunning: 2, maxWaitMs: 10_000, maxWaiting: 100 } });
  app = await buildApp({ db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
}, 300_000);
afterAll(async () => {
  await app?.close();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const BODY = JSON.stringify({ molecularProfileIds: ['demo_study_mutations'] });
const URL_PATH = '/api/mutations/fetch?projection=DETAILED';

const fetchMutations = (accept: string) =>
  fetch(`http://127.0.0.1:${port}${URL_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: BODY, signal: AbortSignal.timeout(60_000) });

describe('a large Arrow answer', () => {
  it('streams the rows of the JSON answer in several record batches', async () => {
    const arrow = await fetchMutations(ARROW_STREAM);
    expect(arrow.headers.get('content-type')).toBe(ARROW_STREAM);
    const bytes = new Uint8Array(await arrow.arrayBuffer());
    const batches = [...RecordBatchReader.from(bytes)];
    expect(batches.length).toBeGreaterThanOrEqual(2);
    const json = (await (await fetchMutations('application/json')).json()) as Record<string, unknown>[];
    expect(json.length).toBeGreaterThan(40_000);
    expect(batches.reduce((n, b) => n + b.numRows, 0)).toBe(json.length);
    const items = itemsOf(tableFromIPC(bytes));
    for (let i = 0; i < json.length; i++) if (JSON.stringify(items[i]) !== JSON.stringify(json[i])) expect(items[i]).toEqual(json[i]);
    // Arrow without field names or quotes is smaller than the JSON text.
    expect(bytes.byteLength).toBeLessThan(JSON.stringify(json).length);
  }, 120_000);

  it('still answers after clients left in the middle of Arrow answers', async () => {
    const abandon = () => new Promise<void>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: URL_PATH, method: 'POST', headers: { 'content-type': 'application/json', accept: ARROW_STREAM } }, (res) => {
        res.once('data', () => {
          res.destroy();
          resolve();
        });
      });
      req.on('error', () => resolve());
      req.end(BODY);
    });
    // Twice as many as the store's turns (2): a turn kept by a gone client would stall the last request.
    await Promise.all(Array.from({ length: 4 }, abandon));
    await Promise.all(Array.from({ length: 4 }, abandon));
    const res = await fetchMutations(ARROW_STREAM);
    expect(res.status).toBe(200);
    expect(tableFromIPC(new Uint8Array(await res.arrayBuffer())).numRows).toBeGreaterThan(40_000);
  }, 120_000);
});
