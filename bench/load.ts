// npm run bench:load [-- --samples N --seed S]: generates a demo study (default 100,000 samples,
// ~1.5M mutations) unless cached, loads it into a fresh store in a child process and prints load
// seconds, rows/s, DB size and the loader's peak RSS (the load suite of `npm run bench`).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBenchStudy, WORK } from './bench-store.js';
import { runLoadSuite } from './suites/load.js';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' } } });
const samples = Number(values.samples);
const seed = Number(values.seed);
const { studyDir, generatedSeconds } = await ensureBenchStudy({ samples, seed });
if (generatedSeconds !== null) console.log(`generated in ${generatedSeconds} s`);
const dbPath = join(WORK, `bench-load-${process.pid}.duckdb`);
try {
  console.log(JSON.stringify({ seed, ...(await runLoadSuite(studyDir, dbPath)) }, null, 2));
} finally {
  for (const f of [dbPath, `${dbPath}.wal`]) rmSync(f, { force: true });
}
