// What one client can do to a real server process (issue 21): stall while reading a large answer,
// stop half-way through its request, send gzip bombs and broken gzip streams. The server must
// neither exit nor freeze: other requests keep their turns, stalled connections are closed by
// the documented timeouts, and memory stays bounded.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoStudy } from '../../bench/demo/generate-demo-study.js';
import { buildDemoStore } from '../../cli/demo-store.js';
import { ServerProcess } from '../helpers/server-process.js';

const REQUEST_TIMEOUT_S = 5;
const IDLE_TIMEOUT_S = 5;

let server: ServerProcess;
let dir: string;

/** A demo study's clinical data and mutations only (~45,000 mutations): a large answer, loaded in seconds. */
async function mutationStore(dir: string): Promise<string> {
  const studyDir = join(dir, 'demo_study');
  await generateDemoStudy({ outDir: studyDir, samples: 3000, seed: 11 });
  const keep = /^(meta_study|(meta|data)_clinical_|(meta|data)_mutations|case_lists)/;
  for (const file of readdirSync(studyDir)) if (!keep.test(file)) rmSync(join(studyDir, file), { recursive: true });
  for (const file of readdirSync(join(studyDir, 'case_lists'))) if (file !== 'cases_sequenced.txt') rmSync(join(studyDir, 'case_lists', file));
  const dbPath = join(dir, 'store.duckdb');
  await buildDemoStore(dbPath, { studyDir, samples: 3000 });
  return dbPath;
}

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
  ms: number;
}

function send(method: string, path: string, options: { body?: Buffer | string; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`${method} ${path}: no answer within ${options.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Resolves with the time until `socket` closed (or rejects after `withinMs`); a paused socket does not see its end. */
function closedWithin(socket: Socket, withinMs: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${withinMs} ms`)), withinMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
  });
}

/**
 * A raw connection that sends `text` and then reads nothing more once `readFirst` bytes of the
 * answer came (so that its query is past computing the answer's first rows, and only waits on it).
 */
function stalledClient(text: string, readFirst = 0): Promise<Socket> {
  return new Promise((resolve, reject) => {
    let received = 0;
    const socket = connect(server.port, '127.0.0.1', () => socket.write(text));
    socket.on('error', () => {});
    socket.once('error', reject);
    if (readFirst === 0) {
      socket.pause();
      socket.once('connect', () => resolve(socket));
      return;
    }
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received < readFirst) return;
      socket.off('data', onData);
      socket.pause();
      resolve(socket);
    };
    socket.on('data', onData);
  });
}

const mutationsBody = JSON.stringify({ molecularProfileIds: ['demo_study_mutations'] });
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'duckportal-hardening-'));
  server = new ServerProcess(await mutationStore(dir), join(dir, 'server.log'), {
    DUCKPORTAL_QUERY_MAX_RUNNING: '2',
    DUCKPORTAL_HTTP_REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_S),
    DUCKPORTAL_HTTP_HEADERS_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_S),
    DUCKPORTAL_HTTP_IDLE_TIMEOUT_SECONDS: String(IDLE_TIMEOUT_S),
  });
  await server.start();
}, 240_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a real server under hostile clients', () => {
  it('answers an ordinary request within 2 s while two clients stall reading a large answer', async () => {
    const whole = await send('POST', '/api/mutations/fetch?projection=DETAILED', { body: mutationsBody, headers: json });
    expect(whole.status).toBe(200);
    // Far more than the socket buffers of both ends hold: a stalled reader leaves the server mid-answer.
    expect(whole.body.length).toBeGreaterThan(30_000_000);
    const head = `POST /api/mutations/fetch?projection=DETAILED HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${mutationsBody.length}\r\n\r\n${mutationsBody}`;
    const stalled = await Promise.all([stalledClient(head, 1 << 20), stalledClient(head, 1 << 20)]);
    const stalledAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(stalled.every((socket) => !socket.destroyed)).toBe(true);
    // A query of its own (one gene's mutations), not an answer kept from before.
    const ordinary = await send('POST', '/api/mutations/fetch?projection=SUMMARY', {
      body: JSON.stringify({ molecularProfileIds: ['demo_study_mutations'], entrezGeneIds: [7157] }), headers: json, timeoutMs: 10_000,
    });
    expect(ordinary.status).toBe(200);
    expect(ordinary.ms).toBeLessThan(2000);
    expect(JSON.parse(ordinary.body.toString()).length).toBeGreaterThan(0);
    // The idle-connection timeout cut the stalled readers off: once they read again, they get what
    // the socket buffers held and then the end, far short of the whole answer. (Node lets a socket
    // whose pending write moved since the last check live one more period: up to twice the timeout.)
    await new Promise((resolve) => setTimeout(resolve, 2 * IDLE_TIMEOUT_S * 1000 + 3000 - (performance.now() - stalledAt)));
    for (const socket of stalled) {
      let received = 0;
      socket.on('data', (chunk: Buffer) => (received += chunk.length));
      const closed = closedWithin(socket, 10_000);
      socket.resume();
      await closed;
      expect(received).toBeLessThan(whole.body.length / 2);
    }
  }, 60_000);

  it('closes a connection whose body stops half-way, within the request timeout', async () => {
    const socket = await stalledClient(`POST /api/mutations/fetch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"molecularProfileIds":`);
    socket.resume();
    const ms = await closedWithin(socket, (REQUEST_TIMEOUT_S + 5) * 1000);
    expect(ms).toBeGreaterThan((REQUEST_TIMEOUT_S - 1) * 1000);
  }, 20_000);

  it('answers broken gzip bodies with 4xx and JSON, and ignores the header of a request without a body', async () => {
    const plain = Buffer.from(mutationsBody);
    const gzipped = gzipSync(plain);
    const cases: [string, Buffer | undefined, Record<string, string>, number][] = [
      ['GET /api/health', undefined, { 'content-encoding': 'gzip' }, 200],
      ['POST /api/mutations/fetch', Buffer.alloc(0), { ...json, 'content-encoding': 'gzip' }, 400],
      ['POST /api/mutations/fetch', plain, { ...json, 'content-encoding': 'gzip' }, 400],
      ['POST /api/mutations/fetch', gzipped.subarray(0, gzipped.length - 9), { ...json, 'content-encoding': 'gzip' }, 400],
      ['POST /api/mutations/fetch', gzipped, { ...json, 'content-encoding': 'br' }, 415],
      ['POST /api/mutations/fetch?projection=ID', gzipped, { ...json, 'content-encoding': 'gzip' }, 200],
    ];
    for (const [line, body, headers, expected] of cases) {
      const [method, path] = line.split(' ');
      const answer = await send(method, path, { body, headers });
      expect(answer.status, `${line} ${JSON.stringify(headers)}`).toBe(expected);
      if (expected >= 400) expect(JSON.parse(answer.body.toString()).message).toMatch(/\w/);
    }
    expect(server.alive, `the server exited; see ${server.log}`).toBe(true);
  }, 60_000);

  it('inflates 16 concurrent gzip bombs a bounded number at a time: 4xx each, RSS growth under 300 MB', async () => {
    const bomb = gzipSync(Buffer.alloc(200_000_000, 32), { level: 9 });
    expect(bomb.length).toBeLessThan(1_000_000);
    const before = server.rssNowMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssNowMb())), 20);
    // A bomb still waiting for its turn when the (short, here) request timeout ends was not received
    // in time: Node answers 408 or, as the client is still sending, resets the connection (0).
    const statuses = await Promise.all(
      Array.from({ length: 16 }, () =>
        send('POST', '/api/mutations/fetch', { body: bomb, headers: { ...json, 'content-encoding': 'gzip' }, timeoutMs: 60_000 }).then(
          (answer) => (answer.status === 413 ? JSON.parse(answer.body.toString()).message : answer.status),
          (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 0 : error.message),
        ),
      ),
    ).finally(() => clearInterval(sampler));
    const inflated = statuses.filter((status) => status === 'Request body is larger than 80000000 bytes (counted once inflated)');
    expect(statuses.every((status) => inflated.includes(status) || status === 408 || status === 0), statuses.join()).toBe(true);
    expect(inflated.length).toBeGreaterThanOrEqual(2);
    console.log(`16 gzip bombs: ${inflated.length} inflated to the limit (413), RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`);
    expect(peak - before).toBeLessThan(300);
    expect(server.alive, `the server exited; see ${server.log}`).toBe(true);
    expect((await send('GET', '/api/health')).status).toBe(200);
  }, 120_000);
});
