import { TsvFile } from './loaders/text/tsv.js';
const t0 = performance.now();
const tsv = new TsvFile('/tmp/duckportal-bench/demo-100000-1/data_mutations.txt');
await tsv.readHeader();
let n = 0; let w = 0;
for await (const { cells } of tsv.rows()) { n++; w += cells.length; }
console.log(n, w, ((performance.now() - t0) / 1000).toFixed(1), 's', Math.round(process.memoryUsage().rss / 2 ** 20), 'MB', Math.round(process.resourceUsage().maxRSS / 1024));
