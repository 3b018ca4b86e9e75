// npm run bench:study-view [-- --samples N --seed S --runs R --only <text>]: the Study View suite of
// `npm run bench` (suites/study-view.ts) on the demo study at GENIE's size and density (default
// 272,000 samples), for the cases whose name contains --only (and the page after a click, unless
// --only names something else); JSON in results/tmp/.
import { parseArgs } from 'node:util';
import { ensureBenchStore } from './bench-store.js';
import { peakRssMb, writeScratchResult } from './harness.js';
import { withServedStore } from './suites/served-store.js';
import { runPageAfterClick, runStudyViewSuite } from './suites/study-view.js';

const { values } = parseArgs({
  options: {
    samples: { type: 'string', default: '272000' },
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '50' },
    only: { type: 'string' },
  },
});
const samples = Number(values.samples);
const runs = Number(values.runs);
const dbPath = await ensureBenchStore({ samples, seed: Number(values.seed), density: 'genie' });
await withServedStore(dbPath, { runs }, async (ctx, pid) => {
  const results = await runStudyViewSuite(ctx, values.only);
  const pages = values.only === undefined || 'page after a click'.includes(values.only) ? await runPageAfterClick(ctx) : [];
  const report = { date: new Date().toISOString(), samples, runs, results, pages, serverPeakRssMb: peakRssMb(pid) };
  const file = writeScratchResult(`study-view-${samples}`, report);
  console.log(`server peak RSS ${report.serverPeakRssMb} MB; results in ${file}`);
});
