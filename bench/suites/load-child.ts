// The loader process of the load suite: node bin/run-ts.js bench/suites/load-child.ts <studyDir>
// <dbPath>. Loads the study into a new store and prints one JSON LoadFigures line. It runs apart
// so that its peak RSS is the loader's alone.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Db } from '../../engine/sql/db.js';
import { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { LOAD_MEMORY_LIMIT, loadStudy } from '../../loaders/load-study.js';
import { importCancerTypes, importGenes } from '../../loaders/reference/genes-import.js';
import type { LoadFigures } from './load.js';

const [studyDir, dbPath] = process.argv.slice(2);
const data = (name: string) => fileURLToPath(new URL(`../../data/${name}`, import.meta.url));

const db = await Db.open(dbPath, { memoryLimit: LOAD_MEMORY_LIMIT });
await importGenes(db, data('demo-genes.tsv'));
await importCancerTypes(db, data('cancer-types.tsv'));
const genes = await GeneResolver.load(db);
const t0 = performance.now();
const summary = await loadStudy(db, genes, studyDir);
const seconds = (performance.now() - t0) / 1000;
await db.exec('CHECKPOINT');
db.close();
const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
const figures: LoadFigures = {
  samples: summary.samples,
  loadSeconds: Math.round(seconds * 100) / 100,
  rows,
  rowsPerSecond: Math.round(rows / seconds),
  mutations: summary.rows.mutation ?? 0,
  dbSizeMb: Math.round((statSync(dbPath).size / 2 ** 20) * 10) / 10,
  peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  memoryLimit: LOAD_MEMORY_LIMIT,
  rowsPerTable: summary.rows,
  fileSeconds: summary.fileSeconds,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
