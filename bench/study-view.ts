// npm run bench:study-view [-- --samples N --seed S --runs R --only <text>]: every Study View
// endpoint on the demo study at GENIE's size and density (default 272,000 samples, ~2 M mutations,
// ~1 M CNA calls), with three cohorts each: the whole study (studyIds), a typical combined filter
// (a clinical value, an age range, a two-gene filter) and a sampleIdentifiers body listing every
// sample. Per case: p50/p95 over HTTP on a warm server (child process), and the p50 of the same
// SQL statements replayed directly in DuckDB, with the HTTP-to-SQL ratio.
//
// The statements are those the endpoint runs: captured once per case by an in-process app whose
// Db records every query it is given (the server code is not instrumented for this). Cohorts are
// cached by the server (engine/filter/cohort-cache.ts), so the p50/p95 and the replayed SQL are
// warm figures; `first` is the first request of a case, which computes its cohort.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Db } from '../engine/sql/db.js';
import { toDuckDbParams, toDuckDbTypes, type Sql } from '../engine/sql/sql.js';
import { buildApp } from '../server/app.js';
import { ensureBenchStore } from './bench-store.js';
import { measure, peakRssMb, quantile, startServer, type Case, type Timing } from './harness.js';
import { STUDY_VIEW_ENDPOINTS, type Cohort } from './study-view-cases.js';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '272000' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '50' },
    port: { type: 'string', default: '18081' },
    only: { type: 'string' },
  },
});
const samples = Number(values.samples);
const runs = Number(values.runs);
const dbPath = await ensureBenchStore(samples, Number(values.seed), 'genie');

/** A Db whose every query is also appended to `log` (one(), all(), stream(), run()). */
function recording(db: Db, log: Sql[]): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'all' || property === 'stream' || property === 'run')
        return (query: Sql) => {
          log.push(query);
          return (value as (q: Sql) => unknown).call(receiver, query);
        };
      return typeof value === 'function' ? value.bind(receiver) : value;
    },
  });
}

/** p50 of running the statements back to back, reading every row (as the endpoint does). */
async function replay(db: Db, statements: readonly Sql[], times: number): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < times + 2; i++) {
    const t0 = performance.now();
    for (const s of statements) await db.connection.runAndReadAll(s.text, toDuckDbParams(s.params), toDuckDbTypes(s.params));
    if (i >= 2) ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return Math.round(quantile(ms, 0.5) * 10) / 10;
}

interface Result extends Timing {
  cohort: Cohort;
  statements: number;
  directSqlP50: number;
  ratio: number;
}

const server = await startServer(dbPath, Number(values.port));
const db = await Db.open(dbPath, { readOnly: true, memoryLimit: '2GB' });
const log: Sql[] = [];
const app = await buildApp({ db: recording(db, log) });
const results: Result[] = [];
try {
  const ids = (await (await fetch(`${server.base}/api/studies/demo_study/samples?projection=ID`)).json()) as { sampleId: string }[];
  const everySample = ids.map((s) => ({ studyId: 'demo_study', sampleId: s.sampleId }));
  for (const endpoint of STUDY_VIEW_ENDPOINTS) {
    for (const cohort of ['studyIds', 'combined filter', 'all sampleIdentifiers'] as const) {
      const c = endpoint.request(cohort, everySample);
      if (c === undefined) continue;
      const name = `${endpoint.name} [${cohort}]`;
      if (values.only !== undefined && !name.includes(values.only)) continue;
      const timing = await measure(server.base, { ...c, name } satisfies Case, runs);
      log.length = 0;
      const check = await app.inject({ method: c.method, url: c.path, payload: c.body as object | undefined });
      if (check.statusCode !== 200) throw new Error(`${name}: in-process ${check.statusCode}`);
      // The cohort's materialisation ran once, in the capture; the replay reads its table.
      const statements = log.filter((s) => !s.text.startsWith('CREATE TABLE cohort_cache.'));
      const directSqlP50 = await replay(db, statements, Math.min(runs, 20));
      const result = { ...timing, cohort, statements: statements.length, directSqlP50, ratio: Math.round((timing.p50 / directSqlP50) * 100) / 100 };
      results.push(result);
      const cell = (x: number) => String(x).padStart(7);
      console.log(`${name.padEnd(66)} first ${cell(timing.first)} p50 ${cell(timing.p50)} p95 ${cell(timing.p95)} sql ${cell(directSqlP50)} ms  ratio ${result.ratio}`);
    }
  }
  const report = { date: new Date().toISOString(), samples, runs, results, serverPeakRssMb: peakRssMb(server.process.pid!) };
  const dir = fileURLToPath(new URL('./results/tmp/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `study-view-${samples}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2));
  console.log(`server peak RSS ${report.serverPeakRssMb} MB; results in ${file}`);
} finally {
  await app.close();
  db.close();
  server.stop();
}
