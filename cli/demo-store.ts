// The store `npm start` serves: the demo study, generated and loaded with the project's own gene
// list and cancer types, so that nothing outside the repository is needed.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_GENES_PATH, fillerGenes, geneTableLines, readDemoGenes } from '../bench/demo/demo-genes.js';
import { generateDemoStudy, type ExpressionSize } from '../bench/demo/generate-demo-study.js';
import type { EventDensity } from '../bench/demo/platforms.js';
import { Db } from '../engine/sql/db.js';
import { GeneResolver } from '../loaders/genes/gene-resolver.js';
import { LOAD_MEMORY_LIMIT, loadStudy, type LoadSummary } from '../loaders/load-study.js';
import { importCancerTypes, importGenes } from '../loaders/reference/genes-import.js';

const DATA = (name: string) => fileURLToPath(new URL(`../data/${name}`, import.meta.url));

/** Builds the store under a temporary name and renames it at the end: a crash leaves no half store. */
export async function buildDemoStore(dbPath: string, options: { studyDir: string; samples: number; seed?: number; density?: EventDensity; expression?: ExpressionSize }): Promise<LoadSummary> {
  mkdirSync(dirname(dbPath), { recursive: true });
  if (!existsSync(options.studyDir)) await generateDemoStudy({ outDir: options.studyDir, samples: options.samples, seed: options.seed ?? 1, density: options.density, expression: options.expression });
  const partial = `${dbPath}.partial`;
  rmSync(partial, { force: true });
  const db = await Db.open(partial, { memoryLimit: LOAD_MEMORY_LIMIT });
  let summary: LoadSummary;
  try {
    await importDemoReference(db, partial, options.expression);
    summary = await loadStudy(db, await GeneResolver.load(db), options.studyDir);
    await db.exec('CHECKPOINT');
  } finally {
    db.close();
  }
  renameSync(partial, dbPath);
  return summary;
}

/**
 * The genes and cancer types of a demo store at `dbPath`: the demo gene list, widened by the filler
 * genes of a wide expression matrix (written beside the store for the import, then removed).
 */
export async function importDemoReference(db: Db, dbPath: string, expression: ExpressionSize | undefined): Promise<void> {
  const demoGenes = readDemoGenes();
  const fillers = fillerGenes(demoGenes, expression?.genes ?? 0);
  if (fillers.length === 0) await importGenes(db, DEMO_GENES_PATH);
  else {
    const path = `${dbPath}.genes.tsv`;
    writeFileSync(path, `${readFileSync(DEMO_GENES_PATH, 'utf8').trimEnd()}\n${geneTableLines(fillers)}`);
    try {
      await importGenes(db, path);
    } finally {
      rmSync(path, { force: true });
    }
  }
  await importCancerTypes(db, DATA('cancer-types.tsv'));
}
