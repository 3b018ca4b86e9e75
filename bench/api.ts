// npm run bench:api [-- --samples N --seed S --runs R]: p50/p95 of core API requests over HTTP on
// the demo study (default 100,000 samples), the SQL share from Server-Timing, and the server's
// peak RSS (VmHWM) after the big mutation fetch. The server runs as a child process on 127.0.0.1.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { ensureBenchStore } from './bench-store.js';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' }, runs: { type: 'string', default: '30' }, port: { type: 'string', default: '18080' } } });
const root = fileURLToPath(new URL('..', import.meta.url));
const dbPath = await ensureBenchStore(Number(values.samples), Number(values.seed));
const base = `http://127.0.0.1:${values.port}`;
const server = spawn(process.execPath, [join(root, 'bin/duckportal.js'), 'serve', '--db', dbPath, '--port', values.port!, '--host', '127.0.0.1'], { stdio: 'ignore' });

async function waitUntilUp(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(c: Case, runs: number) {
  const total: number[] = [];
  const sqlMs: number[] = [];
  let bytes = 0;
  let items = 0;
  for (let i = 0; i < runs + 2; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${c.path}`, { method: c.method, headers: { 'content-type': 'application/json' }, body: c.body === undefined ? undefined : JSON.stringify(c.body) });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`${c.name}: ${res.status} ${text.slice(0, 200)}`);
    if (i < 2) continue; // warm-up
    total.push(ms);
    sqlMs.push(Number(/sql;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN));
    bytes = text.length;
    items = text.startsWith('[') ? JSON.parse(text).length : 1;
  }
  total.sort((a, b) => a - b);
  sqlMs.sort((a, b) => a - b);
  return { name: c.name, items, bytes, p50: +quantile(total, 0.5).toFixed(1), p95: +quantile(total, 0.95).toFixed(1), sqlP50: +quantile(sqlMs, 0.5).toFixed(1) };
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

try {
  await waitUntilUp();
  const samples = (await (await fetch(`${base}/api/studies/demo_study/samples?projection=ID`)).json()) as { sampleId: string }[];
  const identifiers = samples.slice(0, 10_000).map((s) => ({ studyId: 'demo_study', sampleId: s.sampleId }));
  const runs = Number(values.runs);
  const results = [];
  results.push(await measure({ name: 'GET /api/studies', method: 'GET', path: '/api/studies' }, runs));
  results.push(await measure({ name: 'POST /api/samples/fetch (10,000 ids)', method: 'POST', path: '/api/samples/fetch', body: { sampleIdentifiers: identifiers } }, runs));
  results.push(await measure({
    name: 'POST /api/mutations/fetch (DETAILED, 100,000 rows)', method: 'POST',
    path: '/api/mutations/fetch?projection=DETAILED&pageSize=100000',
    body: { molecularProfileIds: ['demo_study_mutations'] },
  }, Math.max(5, Math.floor(runs / 3))));
  console.log(JSON.stringify({ samples: Number(values.samples), results, serverPeakRssMb: peakRssMb(server.pid!) }, null, 2));
} finally {
  server.kill();
}
