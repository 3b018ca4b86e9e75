// Reload-while-serving suite (issue 22): a server serves a copy of the bench store while
// `duckportal load` (a child process, as a curator runs it) publishes a new generation of it, and
// clients loop over the warm Study View mix meanwhile. Twice: the demo study itself loaded again,
// then a small study added beside it. Per reload: the command's seconds, the seconds from its exit
// to the new data being answered, the mix's latency and errors before, during and after, and the
// server's RSS. The copy keeps the cached store (and the other suites' server) untouched.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDemoStudy } from '../demo/generate-demo-study.js';
import { GENIE_DENSITY } from '../demo/platforms.js';
import { freePort, quantile, rssMb, startServer } from '../harness.js';
import { sendStudyViewMixOnce, studyViewMix } from './concurrency.js';
import { STUDY } from './context.js';

const BIN = fileURLToPath(new URL('../../bin/duckportal.js', import.meta.url));

/** Connections looping over the mix: a few users browsing while the curator loads. */
const CONNECTIONS = 4;
/** The small study's samples, id and seed (another seed than the demo study's). */
const SMALL = { samples: 1_000, studyId: 'demo_small', seed: 2 };
/** How often the study's answer is polled for the new generation, and for how long at most. */
const POLL_MS = 100;
const SERVED_WITHIN_MS = 10 * 60_000;

/** The mix's answers that ended within a window; latencies of 2xx answers only. */
export interface ReloadWindow {
  seconds: number;
  requests: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  /** `errors` by HTTP status, or `error` for a failed request (e.g. 503: the server shed load). */
  errorsBy: Record<string, number>;
}

export interface ReloadFigures {
  /** `replace`: the served demo study loaded again; `add`: a small study loaded beside it. */
  kind: 'replace' | 'add';
  studyId: string;
  samples: number;
  connections: number;
  /** `duckportal load`, from its start to its exit. */
  commandSeconds: number;
  /** From the command's exit to the first answer of GET /api/studies/{id} from the new generation. */
  servedAfterSeconds: number;
  /** `before` and `after` last `windowSeconds` each; `reload` from the command's start to the new data served. */
  windows: { before: ReloadWindow; reload: ReloadWindow; after: ReloadWindow };
  /** Seconds from the command's start to the first and the last error of the mix (null: none); clients retry at once, so this span says more than a count. */
  errorSpan: { from: number; to: number } | null;
  /** The server's VmRSS (sampled every 100 ms): at the command's start, its highest until the end of `after`, at that end. */
  rssMb: { before: number; peak: number; after: number };
}

export interface ReloadOptions {
  /** The bench's cached store: copied, never written. */
  store: string;
  /** The demo study folder the store holds. */
  studyDir: string;
  /** Where the copy and the small study go (removed after). */
  work: string;
  /** Seconds of the windows before and after each reload. */
  windowSeconds: number;
  log(line: string): void;
}

export async function runReloadSuite(options: ReloadOptions): Promise<ReloadFigures[]> {
  const dir = mkdtempSync(join(options.work, 'reload-'));
  try {
    const store = join(dir, 'store.duckdb');
    copyFileSync(options.store, store);
    const smallDir = join(dir, SMALL.studyId);
    await generateDemoStudy({ outDir: smallDir, samples: SMALL.samples, seed: SMALL.seed, studyId: SMALL.studyId, density: GENIE_DENSITY });
    const server = await startServer(store, await freePort());
    try {
      await sendStudyViewMixOnce(server.base);
      const pid = server.process.pid!;
      const replace = await reloadWhileServing(server.base, pid, store, options, { kind: 'replace', studyId: STUDY, dir: options.studyDir });
      const add = await reloadWhileServing(server.base, pid, store, options, { kind: 'add', studyId: SMALL.studyId, dir: smallDir });
      return [replace, add];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One answer (or failed request) of the mix: when it ended (performance.now()), its latency, and what failed (undefined: a 2xx answer). */
interface Answer {
  at: number;
  ms: number;
  failure?: string;
}

async function reloadWhileServing(base: string, pid: number, store: string, options: ReloadOptions, load: { kind: ReloadFigures['kind']; studyId: string; dir: string }): Promise<ReloadFigures> {
  const stampBefore = (await servedStudy(base, load.studyId))?.importDate;
  const clients = startMix(base);
  const rss: { at: number; mb: number }[] = [];
  const sampler = setInterval(() => rss.push({ at: performance.now(), mb: rssMb(pid) }), 100);
  try {
    await sleep(options.windowSeconds * 1000);
    const started = performance.now();
    const rssBefore = rssMb(pid);
    await runLoad(load.dir, store);
    const exited = performance.now();
    let study: ServedStudy | undefined;
    while ((study = await servedStudy(base, load.studyId))?.importDate === stampBefore) {
      if (performance.now() - exited > SERVED_WITHIN_MS) throw new Error(`${load.studyId}: the new generation was not served within ${SERVED_WITHIN_MS / 60_000} min`);
      await sleep(POLL_MS);
    }
    const served = performance.now();
    await sleep(options.windowSeconds * 1000);
    const ended = performance.now();
    const answers = await clients.stop();
    const rssAfter = rssMb(pid);
    const within = (from: number, to: number) => windowOf(answers.filter((a) => a.at >= from && a.at < to), (to - from) / 1000);
    const failed = answers.filter((a) => a.failure !== undefined && a.at >= started - options.windowSeconds * 1000 && a.at < ended);
    const figures: ReloadFigures = {
      kind: load.kind, studyId: load.studyId, samples: study!.allSampleCount, connections: CONNECTIONS,
      commandSeconds: seconds(exited - started),
      servedAfterSeconds: seconds(served - exited),
      windows: { before: within(started - options.windowSeconds * 1000, started), reload: within(started, served), after: within(served, ended) },
      errorSpan: failed.length === 0 ? null : { from: seconds(failed[0].at - started), to: seconds(failed.at(-1)!.at - started) },
      rssMb: { before: rssBefore, peak: Math.max(rssBefore, rssAfter, ...rss.filter((s) => s.at >= started).map((s) => s.mb)), after: rssAfter },
    };
    options.log(reloadLine(figures));
    return figures;
  } finally {
    clearInterval(sampler);
    await clients.stop();
  }
}

/** The mix over CONNECTIONS connections until stopped; resolves with every answer, in order. */
function startMix(base: string): { stop(): Promise<Answer[]> } {
  const answers: Answer[] = [];
  let ended!: () => void;
  const done = new Promise<void>((resolve) => (ended = resolve));
  const requests = studyViewMix().map((r) => ({ ...r, headers: { 'content-type': 'application/json' } }));
  const instance = autocannon({ url: base, connections: CONNECTIONS, duration: 24 * 3600, timeout: 120, requests }, () => ended());
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => answers.push({ at: performance.now(), ms, failure: status >= 200 && status < 300 ? undefined : String(status) }));
  instance.on('reqError', () => answers.push({ at: performance.now(), ms: 0, failure: 'error' }));
  let stopped: Promise<Answer[]> | undefined;
  return {
    stop: () => (stopped ??= (instance.stop(), done.then(() => answers))),
  };
}

function windowOf(answers: readonly Answer[], windowSeconds: number): ReloadWindow {
  const ok = answers.filter((a) => a.failure === undefined).map((a) => a.ms).sort((a, b) => a - b);
  const q = (p: number) => (ok.length === 0 ? null : Math.round(quantile(ok, p) * 10) / 10);
  const errorsBy: Record<string, number> = {};
  for (const a of answers) if (a.failure !== undefined) errorsBy[a.failure] = (errorsBy[a.failure] ?? 0) + 1;
  return { seconds: seconds(windowSeconds * 1000), requests: ok.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), errors: answers.length - ok.length, errorsBy };
}

/** `duckportal load <dir> --db <store>` in a child process; rejects with its error output if it fails. */
function runLoad(dir: string, store: string): Promise<void> {
  const child = spawn(process.execPath, [BIN, 'load', dir, '--db', store], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-2000)));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`duckportal load ${dir} exited with ${code}: ${stderr}`))));
  });
}

/** A study as served; its import date tells one load of it from the next. */
interface ServedStudy {
  importDate: string;
  allSampleCount: number;
}

/** GET /api/studies/{id}; undefined if not served (yet). Asked again while the server sheds load (503). */
async function servedStudy(base: string, studyId: string): Promise<ServedStudy | undefined> {
  let res = await fetch(`${base}/api/studies/${studyId}`);
  while (res.status === 503) {
    await res.arrayBuffer();
    await sleep(POLL_MS);
    res = await fetch(`${base}/api/studies/${studyId}`);
  }
  if (res.status === 404) return void (await res.arrayBuffer());
  if (!res.ok) throw new Error(`GET /api/studies/${studyId}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as ServedStudy;
}

function reloadLine(f: ReloadFigures): string {
  const w = (name: string, x: ReloadWindow) => `${name} p50 ${x.p50} p99 ${x.p99} ms (${x.requests} answers, ${x.errors} errors${x.errors > 0 ? ` ${JSON.stringify(x.errorsBy)}` : ''})`;
  return `reload (${f.kind} ${f.studyId}, ${f.samples.toLocaleString('en-US')} samples): command ${f.commandSeconds} s, served ${f.servedAfterSeconds} s after its exit; ` +
    `${w('before', f.windows.before)}, ${w('during', f.windows.reload)}, ${w('after', f.windows.after)}; RSS ${f.rssMb.before} → peak ${f.rssMb.peak} → ${f.rssMb.after} MB`;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
