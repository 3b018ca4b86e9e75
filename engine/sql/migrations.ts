// Brings a study store written by an earlier version up to the current schema: schema.sql only
// creates what is absent, so columns added since are added (and filled) here, at the first
// writable open (`duckportal load`, `genes import`, …; `serve` makes one when the store needs it).
import { numberOfCellText } from '../queries/molecular-data-value.js';
import type { Db } from './db.js';
import { sql } from './sql.js';

/** Whether the store lacks something migrateStudyStore adds (works on a read-only store). */
export async function storeIsOutdated(db: Db): Promise<boolean> {
  const hasTable = await db.one(sql`SELECT 1 FROM duckdb_tables() WHERE table_name = 'gene_value'`);
  const hasNumber = await db.one(sql`SELECT 1 FROM duckdb_columns() WHERE table_name = 'gene_value' AND column_name = 'number'`);
  return hasTable !== undefined && hasNumber === undefined;
}

export async function migrateStudyStore(db: Db): Promise<void> {
  if (!(await storeIsOutdated(db))) return;
  await db.exec('ALTER TABLE gene_value ADD COLUMN number DOUBLE');
  await db.run(sql`UPDATE gene_value SET number = ${numberOfCellText(sql`value`)}`);
}
