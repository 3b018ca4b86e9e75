// The benchmark suite at one scale: generate (or reuse) the demo study, load it, serve it and run
// the suites; then write results/<date>-<scale>.json and re-render the Markdown reports beside it.
// One server serves every HTTP suite, so its peak RSS (VmHWM) covers the whole run.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resultName, RSS_LIMIT_MB, type BenchResult, type SuiteName } from './bench-result.js';
import { benchPaths, ensureBenchStore, ensureBenchStudy, WORK, type BenchDensity } from './bench-store.js';
import type { ExpressionSize } from './demo/generate-demo-study.js';
import { peakRssMb } from './harness.js';
import { describeMachine } from './machine.js';
import { renderReports } from './report/render-report.js';
import { runAnswerFormatsSuite } from './suites/answer-formats.js';
import { runBulkAnswersSuite } from './suites/bulk-answers.js';
import { runConcurrencySuite } from './suites/concurrency.js';
import { runCoreApiSuite } from './suites/core-api.js';
import { runLoadSuite } from './suites/load.js';
import { runReloadSuite } from './suites/reload.js';
import { withServedStore } from './suites/served-store.js';
import { runStatsSuite } from './suites/stats.js';
import { runPageAfterClick, runStudyViewSuite } from './suites/study-view.js';

export interface BenchOptions {
  scale: number;
  seed: number;
  density: BenchDensity;
  /** Expression matrix of the demo study (default: the generator's). */
  expression?: ExpressionSize;
  suites: readonly SuiteName[];
  /** Timed requests per case (after two warm-up ones). */
  runs: number;
  connections: readonly number[];
  durationSeconds: number;
  /** Where the JSON and the report go. */
  outDir: string;
  /** Where generated studies and stores are cached. */
  work?: string;
  log?: (line: string) => void;
}

const secondsSince = (t0: number) => Math.round((performance.now() - t0) / 100) / 10;

export async function runBench(options: BenchOptions): Promise<{ result: BenchResult; jsonPath: string; markdownPath: string }> {
  const log = options.log ?? console.log;
  const work = options.work ?? WORK;
  const startedAt = new Date();
  const t0 = performance.now();
  const wants = (s: SuiteName) => options.suites.includes(s);
  const study = { samples: options.scale, seed: options.seed, density: options.density, expression: options.expression };
  const result: BenchResult = {
    format: 1,
    date: startedAt.toISOString(),
    scale: options.scale,
    seed: options.seed,
    density: options.density ?? 'demo',
    ...(options.expression && { expression: options.expression }),
    options: { suites: [...options.suites], runs: options.runs, connections: [...options.connections], durationSeconds: options.durationSeconds },
    machine: await describeMachine(),
    generatedSeconds: null,
    suites: {},
    suiteSeconds: {},
    seconds: 0,
  };

  const { studyDir, generatedSeconds } = await ensureBenchStudy(study, work);
  result.generatedSeconds = generatedSeconds;
  log(`scale ${options.scale.toLocaleString('en-US')} samples: study in ${studyDir}${generatedSeconds === null ? ' (reused)' : ` (generated in ${generatedSeconds} s)`}`);

  if (wants('load')) {
    // A missing cached store is the one loaded here; otherwise a scratch store, removed after.
    const { dbPath } = benchPaths(study, work);
    const keep = !existsSync(dbPath);
    const target = keep ? `${dbPath}.partial` : join(work, `bench-load-${process.pid}.duckdb`);
    const started = performance.now();
    result.suites.load = await runLoadSuite(studyDir, target, options.expression);
    result.suiteSeconds.load = secondsSince(started);
    if (keep) renameSync(target, dbPath);
    else for (const f of [target, `${target}.wal`]) rmSync(f, { force: true });
    const l = result.suites.load;
    log(`load: ${l.loadSeconds} s, ${l.rows.toLocaleString('en-US')} rows (${l.rowsPerSecond.toLocaleString('en-US')} rows/s), ${l.dbSizeMb} MB, loader peak RSS ${l.peakRssMb} MB`);
  }

  if (options.suites.some((s) => s !== 'load' && s !== 'reload')) {
    const dbPath = await ensureBenchStore(study, work);
    result.server = await withServedStore(dbPath, { runs: options.runs, log }, async (ctx, pid) => {
      const peakRssAfterMb: Partial<Record<SuiteName, number>> = {};
      const step = async <T>(name: SuiteName, run: () => Promise<T>): Promise<T | undefined> => {
        if (!wants(name)) return undefined;
        log(`-- ${name}`);
        const started = performance.now();
        const value = await run();
        result.suiteSeconds[name] = secondsSince(started);
        peakRssAfterMb[name] = peakRssMb(pid);
        return value;
      };
      result.suites['core-api'] = await step('core-api', async () => {
        const core = await runCoreApiSuite(ctx);
        result.suites['answer-formats'] = await runAnswerFormatsSuite(ctx);
        result.suites['bulk-answers'] = await runBulkAnswersSuite(ctx);
        return core;
      });
      result.suites['study-view'] = await step('study-view', () => runStudyViewSuite(ctx));
      result.suites['page-after-click'] = await step('page-after-click', () => runPageAfterClick(ctx));
      result.suites.stats = await step('stats', () => runStatsSuite(ctx));
      result.suites.concurrency = await step('concurrency', () => runConcurrencySuite(ctx, options.connections, options.durationSeconds));
      const peak = peakRssMb(pid);
      log(`server peak RSS ${peak} MB${peak > RSS_LIMIT_MB ? ` — above the ${RSS_LIMIT_MB} MB limit` : ''}`);
      return { peakRssMb: peak, peakRssAfterMb, overLimit: peak > RSS_LIMIT_MB, memoryLimit: process.env.DUCKPORTAL_SERVE_MEMORY_LIMIT ?? null };
    });
  }

  if (wants('reload')) {
    // A server of its own, on a copy: the cached store stays as the other suites found it.
    log('-- reload');
    const started = performance.now();
    const store = await ensureBenchStore(study, work);
    result.suites.reload = await runReloadSuite({ store, studyDir, work, windowSeconds: Math.min(10, options.durationSeconds), log });
    result.suiteSeconds.reload = secondsSince(started);
  }

  result.seconds = secondsSince(t0);
  mkdirSync(options.outDir, { recursive: true });
  const jsonPath = join(options.outDir, `${resultName(result)}.json`);
  writeFileSync(jsonPath, `${JSON.stringify(result, null, 2)}\n`);
  // Every report of the folder: the others' charts gain this scale.
  const markdownPath = jsonPath.replace(/\.json$/, '.md');
  renderReports(options.outDir);
  log(`results in ${jsonPath}, report in ${markdownPath}`);
  return { result, jsonPath, markdownPath };
}
