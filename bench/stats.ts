// npm run bench:stats [-- --samples 272000 --seed 1 --runs 20]: the statistics suite of
// `npm run bench` (suites/stats.ts) on the GENIE-size demo store: p50/p95 over HTTP and
// GET /api/health's latency seen by a separate process while each statistic runs.
import { parseArgs } from 'node:util';
import { BENCH_EXPRESSION, ensureBenchStore } from './bench-store.js';
import { withServedStore } from './suites/served-store.js';
import { runStatsSuite } from './suites/stats.js';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '272000' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '20' },
  },
});
const dbPath = await ensureBenchStore({ samples: Number(values.samples), seed: Number(values.seed), density: 'genie', expression: BENCH_EXPRESSION });
await withServedStore(dbPath, { runs: Number(values.runs) }, (ctx) => runStatsSuite(ctx));
