// npm run bench:load [-- --samples N --seed S]: generates a demo study (default 100,000 samples,
// ~1.5M mutations) unless cached, loads it into a fresh store in a child process and prints load
// seconds, rows/s, DB size and the loader's peak RSS (the load suite of `npm run bench`).
// `--density genie` loads the study the whole suite uses; `--digest <file.json>` writes the loaded
// store's digest (store-digest.ts) there, to compare the contents of two versions of the loaders.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Db } from '../engine/sql/db.js';
import { ensureBenchStudy, WORK, type BenchDensity } from './bench-store.js';
import { storeDigest } from './store-digest.js';
import { runLoadSuite } from './suites/load.js';

const { values } = parseArgs({
  options: { samples: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' }, density: { type: 'string' }, digest: { type: 'string' } },
});
const samples = Number(values.samples);
const seed = Number(values.seed);
if (values.density !== undefined && values.density !== 'genie') throw new Error(`--density: genie or nothing, not ${values.density}`);
const density = values.density as BenchDensity;
const { studyDir, generatedSeconds } = await ensureBenchStudy({ samples, seed, density });
if (generatedSeconds !== null) console.log(`generated in ${generatedSeconds} s`);
const dbPath = join(WORK, `bench-load-${process.pid}.duckdb`);
try {
  console.log(JSON.stringify({ seed, ...(await runLoadSuite(studyDir, dbPath)) }, null, 2));
  if (values.digest !== undefined) {
    const db = await Db.open(dbPath, { readOnly: true });
    writeFileSync(values.digest, `${JSON.stringify(await storeDigest(db), null, 2)}\n`);
    db.close();
  }
} finally {
  for (const f of [dbPath, `${dbPath}.wal`]) rmSync(f, { force: true });
}
