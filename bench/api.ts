// npm run bench:api [-- --samples N --seed S --runs R]: p50/p95 of core API requests over HTTP on
// the demo study (default 100,000 samples), the SQL share from Server-Timing, and the server's
// peak RSS (VmHWM) after the big mutation fetch. The server runs as a child process on 127.0.0.1.
import { parseArgs } from 'node:util';
import { ensureBenchStore } from './bench-store.js';
import { measure, peakRssMb, startServer } from './harness.js';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' }, runs: { type: 'string', default: '30' }, port: { type: 'string', default: '18080' } } });
const dbPath = await ensureBenchStore(Number(values.samples), Number(values.seed));
const server = await startServer(dbPath, Number(values.port));
const { base } = server;

try {
  const samples = (await (await fetch(`${base}/api/studies/demo_study/samples?projection=ID`)).json()) as { sampleId: string }[];
  const identifiers = samples.slice(0, 10_000).map((s) => ({ studyId: 'demo_study', sampleId: s.sampleId }));
  const runs = Number(values.runs);
  const results = [];
  results.push(await measure(base, { name: 'GET /api/studies', method: 'GET', path: '/api/studies' }, runs));
  results.push(await measure(base, { name: 'POST /api/samples/fetch (10,000 ids)', method: 'POST', path: '/api/samples/fetch', body: { sampleIdentifiers: identifiers } }, runs));
  results.push(await measure(base, {
    name: 'POST /api/mutations/fetch (DETAILED, 100,000 rows)', method: 'POST',
    path: '/api/mutations/fetch?projection=DETAILED&pageSize=100000',
    body: { molecularProfileIds: ['demo_study_mutations'] },
  }, Math.max(5, Math.floor(runs / 3))));
  console.log(JSON.stringify({ samples: Number(values.samples), results, serverPeakRssMb: peakRssMb(server.process.pid!) }, null, 2));
} finally {
  server.stop();
}
