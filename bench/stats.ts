// npm run bench:stats [-- --samples 272000 --seed 1 --runs 20]: the statistics endpoints on the
// GENIE-size demo store (see study-view.ts): p50/p95 over HTTP, and GET /api/health's latency
// measured by a separate process (health-probe.ts) while each statistic runs.
//
// Scale limits of the demo study: 224 genes, expression and IC50 for the first 2,000 samples; the
// enrichment and co-expression cases run at that size (issue 5 asks for 20,000 genes).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBenchStore } from './bench-store.js';
import { measure, quantile, startServer, type Case } from './harness.js';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '272000' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '20' },
    port: { type: 'string', default: '18082' },
  },
});
const STUDY = 'demo_study';
const dbPath = await ensureBenchStore(Number(values.samples), Number(values.seed), 'genie');
const server = await startServer(dbPath, Number(values.port));
const runs = Number(values.runs);

/** Health latencies (sorted) seen by a probe process while `work` runs. */
async function healthDuring<T>(work: () => Promise<T>): Promise<{ result: T; health: number[] }> {
  const probe = spawn(process.execPath, [fileURLToPath(new URL('../bin/run-ts.js', import.meta.url)), fileURLToPath(new URL('./health-probe.ts', import.meta.url)), server.base], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  probe.stdout.on('data', (d) => (out += d));
  const exited = new Promise((r) => probe.on('exit', r));
  await new Promise((r) => setTimeout(r, 1500)); // the probe starts (tsx) and warms up
  const result = await work();
  probe.kill('SIGTERM');
  await exited;
  return { result, health: (JSON.parse(out || '[]') as number[]).sort((a, b) => a - b) };
}

try {
  const ids = ((await (await fetch(`${server.base}/api/studies/${STUDY}/samples?projection=ID`)).json()) as { sampleId: string }[]).map((s) => s.sampleId);
  const group = (name: string, caseIds: string[], profile: string) =>
    ({ name, molecularProfileCaseIdentifiers: caseIds.map((caseId) => ({ caseId, molecularProfileId: `${STUDY}_${profile}` })) });
  const expressed = ids.slice(0, 2000); // the samples with expression (MATRIX_SAMPLES)
  const cases: Case[] = [
    {
      name: 'alteration-enrichments (2 × 50,000 samples, mutations, 224 genes)', method: 'POST', path: '/api/alteration-enrichments/fetch?enrichmentType=SAMPLE',
      body: { molecularProfileCasesGroupFilter: [group('A', ids.slice(0, 50_000), 'mutations'), group('B', ids.slice(50_000, 100_000), 'mutations')] },
    },
    {
      name: 'expression-enrichments (2 × 1,000 samples, 224 genes)', method: 'POST', path: '/api/expression-enrichments/fetch?enrichmentType=SAMPLE',
      body: [group('A', expressed.slice(0, 1000), 'rna_seq_v2_mrna'), group('B', expressed.slice(1000), 'rna_seq_v2_mrna')],
    },
    {
      name: 'co-expressions (ERBB2 vs 224 genes, 2,000 samples)', method: 'POST',
      path: `/api/molecular-profiles/co-expressions/fetch?molecularProfileIdA=${STUDY}_rna_seq_v2_mrna&molecularProfileIdB=${STUDY}_rna_seq_v2_mrna&threshold=0`,
      body: { sampleListId: `${STUDY}_rna_seq_v2_mrna`, entrezGeneId: 2064 },
    },
    {
      name: 'clinical-data-violin-plots (272,000 samples)', method: 'POST',
      path: '/api/clinical-data-violin-plots/fetch?categoricalAttributeId=CANCER_TYPE_DETAILED&numericalAttributeId=AGE',
      body: { studyIds: [STUDY] },
    },
  ];
  const results = [];
  for (const c of cases) {
    const { result, health } = await healthDuring(() => measure(server.base, c, runs));
    const round = (x: number) => Math.round(x * 10) / 10;
    const row = { ...result, healthRequests: health.length, healthP50: round(quantile(health, 0.5)), healthP95: round(quantile(health, 0.95)), healthMax: round(health.at(-1) ?? NaN) };
    results.push(row);
    console.log(`${c.name.padEnd(70)} p50 ${row.p50} p95 ${row.p95} ms (${row.items} items) | health during it: p50 ${row.healthP50} p95 ${row.healthP95} max ${row.healthMax} ms over ${row.healthRequests} requests`);
  }
} finally {
  server.stop();
}
