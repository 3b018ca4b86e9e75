// Statistics suite: enrichments, co-expression and the clinical plots, p50/p95 over HTTP, and
// GET /api/health's latency seen by a separate process (health-probe.ts) while each runs, which
// tells whether the event loop stayed free.
//
// The expression cases run over the demo study's expression matrix (npm run bench --expression,
// by default 20,000 genes × the first 10,000 samples): every sample of it, or it halved.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { measure, quantile, type Case, type Timing } from '../harness.js';
import { STUDY, type SuiteContext } from './context.js';

export interface StatsTiming extends Timing {
  healthRequests: number;
  healthP50: number;
  healthP95: number;
  healthMax: number;
}

const RUN_TS = fileURLToPath(new URL('../../bin/run-ts.js', import.meta.url));
const PROBE = fileURLToPath(new URL('../health-probe.ts', import.meta.url));

/** Health latencies (sorted) seen by a probe process while `work` runs. */
async function healthDuring<T>(base: string, work: () => Promise<T>): Promise<{ result: T; health: number[] }> {
  const probe = spawn(process.execPath, [RUN_TS, PROBE, base], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  probe.stdout.on('data', (d) => (out += d));
  // 'close', not 'exit': stdout is read to its end by then.
  const closed = new Promise<number | null>((resolve) => probe.on('close', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    probe.stdout.on('data', () => out.includes('\n') && resolve());
    void closed.then((code) => reject(new Error(`health probe exited with code ${code}`)));
  });
  let result: T;
  try {
    await ready;
    result = await work();
  } finally {
    probe.kill('SIGTERM');
    await closed;
  }
  const latencies = JSON.parse(out.slice(out.indexOf('\n') + 1) || '[]') as number[];
  return { result, health: latencies.sort((a, b) => a - b) };
}

/** The requests; names do not depend on the study's size (the report compares scales by name). */
export function statsCases(sampleIds: readonly string[], expressed: readonly string[]): Case[] {
  const group = (name: string, caseIds: readonly string[], profile: string) =>
    ({ name, molecularProfileCaseIdentifiers: caseIds.map((caseId) => ({ caseId, molecularProfileId: `${STUDY}_${profile}` })) });
  const half = Math.min(50_000, Math.floor(sampleIds.length / 2));
  const e = Math.floor(expressed.length / 2);
  return [
    {
      name: 'alteration-enrichments (2 groups of up to 50,000 samples, mutations)', method: 'POST', path: '/api/alteration-enrichments/fetch?enrichmentType=SAMPLE',
      body: { molecularProfileCasesGroupFilter: [group('A', sampleIds.slice(0, half), 'mutations'), group('B', sampleIds.slice(half, 2 * half), 'mutations')] },
    },
    {
      name: 'expression-enrichments (2 groups: the expressed samples halved, every gene)', method: 'POST', path: '/api/expression-enrichments/fetch?enrichmentType=SAMPLE',
      body: [group('A', expressed.slice(0, e), 'rna_seq_v2_mrna'), group('B', expressed.slice(e), 'rna_seq_v2_mrna')],
    },
    {
      name: 'co-expressions (ERBB2 vs every gene, every expressed sample)', method: 'POST',
      path: `/api/molecular-profiles/co-expressions/fetch?molecularProfileIdA=${STUDY}_rna_seq_v2_mrna&molecularProfileIdB=${STUDY}_rna_seq_v2_mrna&threshold=0`,
      body: { sampleListId: `${STUDY}_rna_seq_v2_mrna`, entrezGeneId: 2064 },
    },
    {
      name: 'clinical-data-violin-plots (whole study)', method: 'POST',
      path: '/api/clinical-data-violin-plots/fetch?categoricalAttributeId=CANCER_TYPE_DETAILED&numericalAttributeId=AGE',
      body: { studyIds: [STUDY] },
    },
    {
      name: 'clinical-data-density-plot (whole study)', method: 'POST',
      path: '/api/clinical-data-density-plot/fetch?xAxisAttributeId=AGE&yAxisAttributeId=TMB_NONSYNONYMOUS',
      body: { studyIds: [STUDY] },
    },
  ];
}

export async function runStatsSuite(ctx: Pick<SuiteContext, 'base' | 'sampleIds' | 'runs' | 'log'>): Promise<StatsTiming[]> {
  const round = (x: number) => Math.round(x * 10) / 10;
  const results: StatsTiming[] = [];
  const list = await fetch(`${ctx.base}/api/sample-lists/${STUDY}_rna_seq_v2_mrna/sample-ids`);
  if (!list.ok) throw new Error(`the expressed samples' list: HTTP ${list.status}`);
  const expressed = (await list.json()) as string[];
  for (const c of statsCases(ctx.sampleIds, expressed)) {
    const { result, health } = await healthDuring(ctx.base, () => measure(ctx.base, c, ctx.runs));
    const row = { ...result, healthRequests: health.length, healthP50: round(quantile(health, 0.5)), healthP95: round(quantile(health, 0.95)), healthMax: round(health.at(-1) ?? NaN) };
    results.push(row);
    ctx.log(`${c.name.padEnd(66)} p50 ${row.p50} p95 ${row.p95} ms (${row.items} items) | health meanwhile: p50 ${row.healthP50} p95 ${row.healthP95} max ${row.healthMax} ms over ${row.healthRequests} requests`);
  }
  return results;
}
