// Brings a study store written by an earlier version up to the current schema: schema.sql only
// creates what is absent, so columns added since are added (and filled) here, at the first
// writable open (`duckportal load`, `genes import`, …; `serve` makes one when the store needs it).
import { numberOfCellText } from '../resources/molecular-data-value.js';
import { sql, type Sql } from './sql.js';

/** What the migrations do with a store; db.ts's Db is one (a type of its own keeps db.ts, which migrates, out of an import cycle). */
interface Store {
  one(query: Sql): Promise<unknown>;
  exec(text: string): Promise<void>;
  run(query: Sql): Promise<void>;
}
type Readable = Pick<Store, 'one'>;

const hasTable = async (db: Readable, table: string) => (await db.one(sql`SELECT 1 FROM duckdb_tables() WHERE table_name = ${table}`)) !== undefined;

/** A study store written before gene_value.number. */
const lacksNumber = async (db: Readable) =>
  (await hasTable(db, 'gene_value')) && (await db.one(sql`SELECT 1 FROM duckdb_columns() WHERE table_name = 'gene_value' AND column_name = 'number'`)) === undefined;

/**
 * Whether the store lacks something migrateStudyStore adds, or a table added since (cosmic_mutation),
 * which schema.sql creates at the writable open this asks for (works on a read-only store).
 */
export async function storeIsOutdated(db: Readable): Promise<boolean> {
  return (await hasTable(db, 'gene_value')) && ((await lacksNumber(db)) || !(await hasTable(db, 'cosmic_mutation')) || !(await hasTable(db, 'study_stamp')));
}

export async function migrateStudyStore(db: Store): Promise<void> {
  // Studies loaded before study stamps (study-stamps.ts) get one: then a server can tell they did not change.
  await db.run(sql`INSERT INTO study_stamp SELECT study_key, uuid() FROM cancer_study WHERE study_key NOT IN (SELECT study_key FROM study_stamp)`);
  if (!(await lacksNumber(db))) return;
  await db.exec('ALTER TABLE gene_value ADD COLUMN number DOUBLE');
  await db.run(sql`UPDATE gene_value SET number = ${numberOfCellText(sql`value`)}`);
}
