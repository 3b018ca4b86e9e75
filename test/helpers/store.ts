// Test stores: an in-memory Db with the gene reference of ../shared/reference imported.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const db = await Db.open(':memory:');
  await importGenes(db, REFERENCE);
  if (genesets) await importGenesets(db, join(STUDIES, 'genesets'));
  return { db, genes: await GeneResolver.load(db) };
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
