// npm run bench:load [-- --samples N --seed S]: generates a demo study (default 100,000 samples,
// ~1.5M mutations), loads it into a fresh store and prints load seconds, rows/s, DB size and peak RSS.
// Generation runs in a child process so that the peak RSS reported is the loader's.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Db } from '../engine/sql/db.js';
import { GeneResolver } from '../loaders/genes/gene-resolver.js';
import { LOAD_MEMORY_LIMIT, loadStudy } from '../loaders/load-study.js';
import { importCancerTypes, importGenes } from '../loaders/reference/genes-import.js';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' } } });
const samples = Number(values.samples);
const seed = Number(values.seed);
const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(tmpdir(), 'duckportal-bench');
const studyDir = join(work, `demo-${samples}-${seed}`);
mkdirSync(work, { recursive: true });

if (!existsSync(join(studyDir, 'meta_study.txt'))) {
  const t0 = performance.now();
  execFileSync(process.execPath, [join(root, 'bin/duckportal.js'), 'demo', '--out', studyDir, '--samples', String(samples), '--seed', String(seed)], { stdio: 'inherit' });
  console.log(`generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const dbPath = join(work, `bench-load-${process.pid}.duckdb`);
const db = await Db.open(dbPath, { memoryLimit: LOAD_MEMORY_LIMIT });
await importGenes(db, join(root, 'data/demo-genes.tsv'));
await importCancerTypes(db, join(root, 'data/cancer-types.tsv'));
const genes = await GeneResolver.load(db);
const t0 = performance.now();
const summary = await loadStudy(db, genes, studyDir);
const seconds = (performance.now() - t0) / 1000;
await db.exec('CHECKPOINT');
db.close();
const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
const size = statSync(dbPath).size;
const peakRssMb = process.resourceUsage().maxRSS / 1024;
console.log(JSON.stringify({ samples, seed, loadSeconds: +seconds.toFixed(2), rows, rowsPerSecond: Math.round(rows / seconds), mutations: summary.rows.mutation ?? 0, fileSeconds: summary.fileSeconds, dbSizeMb: +(size / 2 ** 20).toFixed(1), peakRssMb: Math.round(peakRssMb), rowsPerTable: summary.rows }, null, 2));
rmSync(dbPath, { force: true });
rmSync(`${dbPath}.wal`, { force: true });
