// Test stores: an in-memory Db with the gene reference of ../shared/reference imported, and the
// shared studies loaded into it, each built once per test run and copied (openBuilt).
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { Db } from '../../engine/sql/db.js';
import { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy, type LoadSummary } from '../../loaders/load-study.js';
import { importGenes } from '../../loaders/reference/genes-import.js';
import { importGenesets } from '../../loaders/reference/genesets-import.js';
import { raw, sql } from '../../engine/sql/sql.js';

/** ../shared beside the checkout (CI has it there). */
export const SHARED = fileURLToPath(new URL('../../../shared/', import.meta.url));
export const STUDIES = join(SHARED, 'studies');
export const REFERENCE = join(SHARED, 'reference');

export const studyDir = (name: string) => join(STUDIES, name);

/** An in-memory store with the gene reference and the shared gene sets (study_es_0's GSVA needs them). */
export async function openReferenceStore({ genesets = true } = {}): Promise<{ db: Db; genes: GeneResolver }> {
  const db = await openBuilt(genesets ? 'reference' : 'reference-without-genesets', async () => {
    const built = await Db.open(':memory:');
    await importGenes(built, REFERENCE);
    if (genesets) await importGenesets(built, join(STUDIES, 'genesets'));
    return built;
  });
  return { db, genes: await GeneResolver.load(db) };
}

/** A reference store with these shared studies loaded, in this order. */
export function openStudiesStore(studies: readonly string[]): Promise<Db> {
  return openBuilt(['reference', ...studies].join('+'), async () => {
    const store = await openReferenceStore();
    for (const name of studies) await loadTestStudy(store, name);
    return store.db;
  });
}

/** A store file at `path` (new) holding what openStudiesStore(studies) holds: for a server or CLI process. */
export async function writeStudiesStore(studies: readonly string[], path: string): Promise<void> {
  const db = await openStudiesStore(studies);
  try {
    // ATTACH takes no parameters: the path is a string literal, its quotes doubled.
    await db.exec(`ATTACH '${path.replaceAll("'", "''")}' AS written; COPY FROM DATABASE memory TO written; DETACH written`);
  } finally {
    db.close();
  }
}

/**
 * A new in-memory store holding a copy of the one `build` makes, built once per test run: the
 * first test file asking for `name` builds it and saves it in the run's folder (global-setup.ts),
 * the others copy it (a fraction of a second, where loading the shared studies takes seconds).
 * Outside a vitest run with that folder, `build` runs each time.
 */
async function openBuilt(name: string, build: () => Promise<Db>): Promise<Db> {
  const dir = storesFolder();
  const saved = dir === undefined ? undefined : join(dir, `${name}.duckdb`);
  if (saved !== undefined && existsSync(saved)) {
    const db = await Db.open(':memory:', { schema: 'SELECT 1' }); // the copy brings the schema
    await db.exec(`ATTACH '${saved}' AS saved (READ_ONLY); COPY FROM DATABASE saved TO memory; DETACH saved`);
    return db;
  }
  const db = await build();
  if (saved !== undefined) {
    // Written beside it, then renamed: a file of that name is always whole.
    const partial = `${saved}.${process.pid}`;
    await db.exec(`ATTACH '${partial}' AS saved; COPY FROM DATABASE memory TO saved; DETACH saved`);
    renameSync(partial, saved);
  }
  return db;
}

function storesFolder(): string | undefined {
  try {
    return inject('testStores');
  } catch {
    return undefined;
  }
}

export function loadTestStudy(store: { db: Db; genes: GeneResolver }, name: string): Promise<LoadSummary> {
  return loadStudy(store.db, store.genes, studyDir(name));
}

/** Row count of a table for one study (by id). */
export async function countRows(db: Db, table: string, studyId: string, where = ''): Promise<number> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM ${raw(table)} t
    WHERE t.study_key = (SELECT study_key FROM cancer_study WHERE study_id = ${studyId}) ${raw(where)}`);
  return row?.n ?? 0;
}
