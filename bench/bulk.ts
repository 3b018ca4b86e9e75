// npm run bench:bulk [-- --samples N --seed S --runs R --only <text>]: the bulk answers suite of
// `npm run bench` (suites/bulk-answers.ts) on the demo study at GENIE's size and density (default
// 272,000 samples), for the cases whose name contains --only; JSON in results/tmp/.
import { parseArgs } from 'node:util';
import { ensureBenchStore } from './bench-store.js';
import { peakRssMb, writeScratchResult } from './harness.js';
import { runBulkAnswersSuite } from './suites/bulk-answers.js';
import { withServedStore } from './suites/served-store.js';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '272000' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});
const samples = Number(values.samples);
const dbPath = await ensureBenchStore({ samples, seed: Number(values.seed), density: 'genie' });
await withServedStore(dbPath, { runs: Number(values.runs) }, async (ctx, pid) => {
  const results = await runBulkAnswersSuite(ctx, values.only);
  const report = { date: new Date().toISOString(), samples, results, serverPeakRssMb: peakRssMb(pid) };
  const file = writeScratchResult(`bulk-${samples}`, report);
  console.log(`server peak RSS ${report.serverPeakRssMb} MB; results in ${file}`);
});
