// Shared by the HTTP benchmarks: a duckportal server in a child process on 127.0.0.1, timed
// requests with the SQL share from Server-Timing, quantiles and the server's peak RSS.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/duckportal.js', import.meta.url));

export interface BenchServer {
  base: string;
  process: ChildProcess;
  /** Kills the server; resolves once it has exited. */
  stop(): Promise<void>;
}

/** A TCP port free right now (the OS picks it), for a server started next. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The environment of the servers the bench starts (and of its in-process app: sql-replay.ts): the
 * body cap raised unless set, since at 1,000,000 samples the Study View suite's custom chart of
 * every sample in 3 groups is a body over the default 80 MB, which the server answers with 413.
 */
export const SERVER_ENV: NodeJS.ProcessEnv = { ...process.env, DUCKPORTAL_BODY_MAX_MB: process.env.DUCKPORTAL_BODY_MAX_MB ?? '512' };

export async function startServer(dbPath: string, port: number): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [BIN, 'serve', '--db', dbPath, '--port', String(port), '--host', '127.0.0.1'], { stdio: ['ignore', 'ignore', 'pipe'], env: SERVER_ENV });
  let stderr = ''; // its tail, to say why it stopped
  child.stderr?.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  const server = { base, process: child, stop };
  // Up to 3 minutes: serve warms its lookups for up to 2 before listening (server/warm-up.ts).
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop();
  throw new Error('server did not start within 3 minutes');
}

export interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Request headers beside the defaults (e.g. an Accept naming Arrow). */
  headers?: Record<string, string>;
  /** false: compression not accepted (default: gzip, deflate and br are, as a browser sends). */
  compressed?: boolean;
}

export interface Timing {
  name: string;
  items: number;
  /** The answer's decoded bytes, and the bytes that crossed the wire (compressed, if it was). */
  bytes: number;
  wireBytes: number;
  p50: number;
  p95: number;
  /** The first request, before the warm-up ones (cold caches: e.g. the cohort not yet materialised). */
  first: number;
  /** Median of the server's own `sql;dur` (Server-Timing). */
  sqlP50: number;
  /**
   * Median of the server's `total;dur`: from the request's arrival to its answer being handed to
   * the socket (compression and transfer follow). HTTP p50 minus this is the transport's part.
   */
  serverP50: number;
}

/** The value at quantile q of an ascending list (nearest rank). */
export const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const round1 = (x: number) => Math.round(x * 10) / 10;

/** What the timed client (timed-client.ts) reports of a case's requests, in milliseconds. */
export interface ClientReport {
  total: number[];
  sqlMs: number[];
  serverMs: number[];
  first: number;
  bytes: number;
  wireBytes: number;
  items: number;
}

/**
 * The client runs in a worker thread, whose heap holds only the request at hand: in this thread's
 * heap (every sample id of the study, the cases' bodies), each 50 MB answer cost ~100 ms more of
 * the client's own garbage collection.
 */
let client: Worker | undefined;
function timedClient(): Worker {
  if (client === undefined) {
    // The worker registers the TypeScript loader (tsx) first, as bin/run-ts.js does, then imports the client.
    const [tsx, entry] = [import.meta.resolve('tsx/esm/api'), new URL('./timed-client.ts', import.meta.url).href].map((u) => JSON.stringify(u));
    client = new Worker(`import(${tsx}).then((t) => { t.register(); return import(${entry}); })`, { eval: true });
    client.unref();
  }
  return client;
}

/** A job for the timed client; resolves with its report. */
function ask<T>(job: object, name: string): Promise<T> {
  const worker = timedClient();
  return new Promise<T>((resolve, reject) => {
    worker.once('message', (m: { report?: T; error?: string }) => (m.report !== undefined ? resolve(m.report) : reject(new Error(`${name}: ${m.error}`))));
    worker.postMessage(job);
  });
}

/**
 * `runs` timed requests after two warm-up ones; a non-2xx answer stops the benchmark. A request is
 * timed from its sending to the last byte of its decoded answer (its JSON is parsed untimed).
 */
export async function measure(base: string, c: Case, runs: number): Promise<Timing> {
  // Serialised once, untimed: the client's own work (tens of ms for 272,000 identifiers) is no part of the server's latency.
  const body = c.body === undefined ? undefined : JSON.stringify(c.body);
  const report = await ask<ClientReport>({ url: `${base}${c.path}`, method: c.method, body, runs, headers: c.headers, compressed: c.compressed }, c.name);
  const [total, sqlMs, serverMs] = [report.total, report.sqlMs, report.serverMs].map((xs) => xs.sort((a, b) => a - b));
  return {
    name: c.name, items: report.items, bytes: report.bytes, wireBytes: report.wireBytes, p50: round1(quantile(total, 0.5)), p95: round1(quantile(total, 0.95)),
    first: round1(report.first), sqlP50: round1(quantile(sqlMs, 0.5)), serverP50: round1(quantile(serverMs, 0.5)),
  };
}

/** Latency of requests that each carry a filter never sent before. */
export interface FreshTiming {
  p50: number;
  p95: number;
  /** Median of the server's own time (Server-Timing total). */
  serverP50: number;
}

/**
 * `runs` timed requests after one warm-up, request i sent as `requestOf(i)` makes it (each a
 * filter never sent before, so that no cohort or answer the server keeps serves it).
 */
export async function measureFresh(base: string, name: string, requestOf: (i: number) => Omit<Case, 'name'>, runs: number): Promise<FreshTiming> {
  const total: number[] = [];
  const serverMs: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const c = requestOf(i);
    const body = c.body === undefined ? undefined : JSON.stringify(c.body);
    const report = await ask<ClientReport>({ url: `${base}${c.path}`, method: c.method, body, runs: 1, warmUps: 0, headers: c.headers, compressed: c.compressed }, name);
    if (i === 0) continue;
    total.push(report.total[0]);
    serverMs.push(report.serverMs[0]);
  }
  [total, serverMs].forEach((xs) => xs.sort((a, b) => a - b));
  return { p50: round1(quantile(total, 0.5)), p95: round1(quantile(total, 0.95)), serverP50: round1(quantile(serverMs, 0.5)) };
}

/**
 * Pages of requests, page i as `pageOf(i)` makes it, each sent at once over `connections` sockets as a
 * browser sends them: `runs` timed pages after one warm-up, from the first request sent to the last answer.
 */
export async function measurePages(base: string, name: string, pageOf: (i: number) => readonly Omit<Case, 'name'>[], runs: number, connections: number): Promise<{ p50: number; p95: number; requests: number }> {
  const ms: number[] = [];
  let requests = 0;
  for (let i = 0; i <= runs; i++) {
    const page = pageOf(i).map((c) => ({ url: `${base}${c.path}`, method: c.method, body: c.body === undefined ? undefined : JSON.stringify(c.body) }));
    requests = page.length;
    const pageMs = await ask<number>({ page, connections }, name);
    if (i > 0) ms.push(pageMs);
  }
  ms.sort((a, b) => a - b);
  return { p50: round1(quantile(ms, 0.5)), p95: round1(quantile(ms, 0.95)), requests };
}

/** Peak resident set size (VmHWM) of a process, in MB. */
export const peakRssMb = (pid: number): number => statusMb(pid, 'VmHWM');

/** Resident set size now (VmRSS) of a process, in MB. */
export const rssMb = (pid: number): number => statusMb(pid, 'VmRSS');

function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

/** A single-suite script's JSON, written to results/tmp/<name>.json (git-ignored); returns the path. */
export function writeScratchResult(name: string, report: object): string {
  const dir = fileURLToPath(new URL('./results/tmp/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  return file;
}
