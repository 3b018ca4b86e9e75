// The store `npm start` serves: the demo study, generated and loaded with the project's own gene
// list and cancer types, so that nothing outside the repository is needed.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDemoStudy } from '../bench/demo/generate-demo-study.js';
import type { EventDensity } from '../bench/demo/platforms.js';
import { Db } from '../engine/sql/db.js';
import { GeneResolver } from '../loaders/genes/gene-resolver.js';
import { LOAD_MEMORY_LIMIT, loadStudy, type LoadSummary } from '../loaders/load-study.js';
import { importCancerTypes, importGenes } from '../loaders/reference/genes-import.js';

const DATA = (name: string) => fileURLToPath(new URL(`../data/${name}`, import.meta.url));

/** Builds the store under a temporary name and renames it at the end: a crash leaves no half store. */
export async function buildDemoStore(dbPath: string, options: { studyDir: string; samples: number; seed?: number; density?: EventDensity }): Promise<LoadSummary> {
  mkdirSync(dirname(dbPath), { recursive: true });
  if (!existsSync(options.studyDir)) await generateDemoStudy({ outDir: options.studyDir, samples: options.samples, seed: options.seed ?? 1, density: options.density });
  const partial = `${dbPath}.partial`;
  rmSync(partial, { force: true });
  const db = await Db.open(partial, { memoryLimit: LOAD_MEMORY_LIMIT });
  let summary: LoadSummary;
  try {
    await importGenes(db, DATA('demo-genes.tsv'));
    await importCancerTypes(db, DATA('cancer-types.tsv'));
    summary = await loadStudy(db, await GeneResolver.load(db), options.studyDir);
    await db.exec('CHECKPOINT');
  } finally {
    db.close();
  }
  renameSync(partial, dbPath);
  return summary;
}
