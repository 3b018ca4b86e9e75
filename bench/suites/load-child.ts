// The loader process of the load suite: node bin/run-ts.js bench/suites/load-child.ts <studyDir>
// <dbPath> [<expression genes>x<samples>]. Loads the study (with the filler genes of a wide
// expression matrix) into a new store and prints one JSON LoadFigures line. It runs apart so that
// its peak RSS is the loader's alone.
import { statSync } from 'node:fs';
import { Db } from '../../engine/sql/db.js';
import { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { LOAD_MEMORY_LIMIT, loadStudy } from '../../loaders/load-study.js';
import { importDemoReference } from '../../cli/demo-store.js';
import type { LoadFigures } from './load.js';

const [studyDir, dbPath, expressionArg] = process.argv.slice(2);
const [genes, samples] = (expressionArg ?? '').split('x').map(Number);

const db = await Db.open(dbPath, { memoryLimit: LOAD_MEMORY_LIMIT });
await importDemoReference(db, dbPath, expressionArg ? { genes, samples } : undefined);
const resolver = await GeneResolver.load(db);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const summary = await loadStudy(db, resolver, studyDir);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
await db.exec('CHECKPOINT');
db.close();
const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
const fileRows = Object.fromEntries(summary.report.files.flatMap((f) => (f.rowsRead === undefined ? [] : [[f.file, f.rowsRead]])));
const perSecond = (n: number, s: number) => Math.round(n / s);
const figures: LoadFigures = {
  samples: summary.samples,
  loadSeconds: Math.round(seconds * 100) / 100,
  loadCpuSeconds: Math.round((cpu.user + cpu.system) / 1e4) / 100,
  rows,
  rowsPerSecond: perSecond(rows, seconds),
  mutations: summary.rows.mutation ?? 0,
  dbSizeMb: Math.round((statSync(dbPath).size / 2 ** 20) * 10) / 10,
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  memoryLimit: LOAD_MEMORY_LIMIT,
  rowsPerTable: summary.rows,
  fileSeconds: summary.fileSeconds,
  fileRows,
  fileRowsPerSecond: Object.fromEntries(Object.entries(fileRows).map(([file, n]) => [file, perSecond(n, summary.fileSeconds[file])])),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
