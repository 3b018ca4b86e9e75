// Concurrency suite: the Study View mix (every Study View endpoint with the whole study and with the
// combined filter, as a page load and a filter click ask for them) sent by autocannon over N
// connections for a fixed time: requests/s, p50/p95/p99 latency and errors per connection count.
// "warm": the same filters again and again (the server keeps their cohorts and answers); "fresh":
// every request a filter never sent before (the combined filter's AGE range shifted), as clicks send.
import autocannon from 'autocannon';
import { quantile } from '../harness.js';
import { nextFresh, STUDY_VIEW_ENDPOINTS, type Cohort } from '../study-view-cases.js';
import type { SuiteContext } from './context.js';

export type MixMode = 'warm' | 'fresh';

export interface ConcurrencyRun {
  /** Absent in results written before fresh runs existed: warm. */
  mode?: MixMode;
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  /** null: no answer came within the run (a fresh request can take longer than a short run). */
  p50: number | null;
  p95: number | null;
  p99: number | null;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
}

const MIX_COHORTS: readonly Cohort[] = ['studyIds', 'combined filter'];
const NO_CASES = { samples: [], patients: [] };

/** The mix, in the order each connection sends it. */
export function studyViewMix(): { method: 'GET' | 'POST'; path: string; body?: string }[] {
  return STUDY_VIEW_ENDPOINTS.flatMap((endpoint) => MIX_COHORTS.flatMap((cohort) => {
    const c = endpoint.request(cohort, NO_CASES);
    return c === undefined ? [] : [{ method: c.method, path: c.path, body: c.body === undefined ? undefined : JSON.stringify(c.body) }];
  }));
}

/** The fresh mix: every endpoint with the combined filter, each request's filter made new as it is sent. */
function freshMix(): { method: 'POST'; path: string; setupRequest: <R>(r: R) => R & { body: string } }[] {
  return STUDY_VIEW_ENDPOINTS.flatMap((endpoint) => {
    const c = endpoint.request('combined filter', NO_CASES, 0);
    return c === undefined ? [] : [{
      method: 'POST' as const, path: c.path,
      setupRequest: <R>(r: R) => ({ ...r, body: JSON.stringify(endpoint.request('combined filter', NO_CASES, nextFresh())!.body) }),
    }];
  });
}

function run(base: string, mode: MixMode, connections: number, duration: number): Promise<ConcurrencyRun> {
  const requests = (mode === 'warm' ? studyViewMix() : freshMix()).map((r) => ({ ...r, headers: { 'content-type': 'application/json' } }));
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: base, connections, duration, timeout: 120, requests }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      const round = (x: number | undefined) => (x === undefined ? null : Math.round(x * 10) / 10);
      resolve({
        mode,
        connections,
        durationSeconds: result.duration,
        requests: latencies.length,
        requestsPerSecond: Math.round((latencies.length / result.duration) * 10) / 10,
        p50: round(quantile(latencies, 0.5)),
        p95: round(quantile(latencies, 0.95)),
        p99: round(quantile(latencies, 0.99)),
        errors: result.errors + result.non2xx,
      });
    });
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
}

/** Each request of the mix once: runs after it see cached cohorts, as a browsing user does. */
export async function sendStudyViewMixOnce(base: string): Promise<void> {
  for (const r of studyViewMix()) {
    const res = await fetch(`${base}${r.path}`, { method: r.method, headers: { 'content-type': 'application/json' }, body: r.body });
    if (!res.ok) throw new Error(`${r.path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    await res.arrayBuffer();
  }
}

export async function runConcurrencySuite(ctx: Pick<SuiteContext, 'base' | 'log'>, connections: readonly number[], durationSeconds: number): Promise<ConcurrencyRun[]> {
  await sendStudyViewMixOnce(ctx.base);
  const results: ConcurrencyRun[] = [];
  for (const mode of ['warm', 'fresh'] as const) {
    for (const n of connections) {
      const r = await run(ctx.base, mode, n, durationSeconds);
      ctx.log(`${`Study View mix (${mode}), ${n} connections, ${r.durationSeconds} s`.padEnd(66)} ${r.requestsPerSecond} requests/s  p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms  errors ${r.errors}`);
      results.push(r);
    }
  }
  return results;
}
