// npm run bench:api [-- --samples N --seed S --runs R]: the core API suite of `npm run bench` on the
// demo study (default 100,000 samples, the generator's density): p50/p95 over HTTP, the same SQL
// directly in DuckDB and the ratio, and the server's peak RSS (VmHWM).
import { parseArgs } from 'node:util';
import { ensureBenchStore } from './bench-store.js';
import { peakRssMb } from './harness.js';
import { runCoreApiSuite } from './suites/core-api.js';
import { withServedStore } from './suites/served-store.js';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' }, runs: { type: 'string', default: '30' } } });
const dbPath = await ensureBenchStore({ samples: Number(values.samples), seed: Number(values.seed) });
await withServedStore(dbPath, { runs: Number(values.runs) }, async (ctx, pid) => {
  const results = await runCoreApiSuite(ctx);
  console.log(JSON.stringify({ samples: Number(values.samples), results, serverPeakRssMb: peakRssMb(pid) }, null, 2));
});
