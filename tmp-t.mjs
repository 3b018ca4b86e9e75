import { DuckDBInstance } from '@duckdb/node-api';
const inst = await DuckDBInstance.create('/tmp/duckportal-bench/store-272000-1-genie.duckdb', { access_mode: 'READ_ONLY' });
const c = await inst.connect();
const queries = JSON.parse(process.argv[2]);
for (const [name, q] of Object.entries(queries)) {
  const ts = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); const r = await c.runAndReadAll(q); ts.push(performance.now() - t); if (i === 0) console.log(name, 'rows', r.currentRowCount); }
  ts.sort((a, b) => a - b); console.log(name, ts.map((t) => t.toFixed(0)).join(' '));
}
