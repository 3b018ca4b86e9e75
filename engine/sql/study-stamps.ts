// What tells one generation of a store from the next, study by study (README, "Store
// generations"). Each load of a study, whole or incremental, writes it a new stamp (`study_stamp`;
// a deletion or reload drops the old one with the study's rows), and nothing but its own loads
// writes a study's rows: a study with the same key and stamp in two generations has the same rows
// in both. The rows of no study (genes, gene sets, panels, cancer types, generic entities: the
// tables without a study_key column) are fingerprinted by their content instead.
import type { Db, ReadOnlyDb } from './db.js';
import { raw, sql } from './sql.js';

/** Marks a new load of the study `studyKey` (in the loader's transaction). */
export async function stampStudy(db: Db, studyKey: number): Promise<void> {
  await db.run(sql`INSERT OR REPLACE INTO study_stamp VALUES (${studyKey}, uuid())`);
}

/** The studies (their ids) whose rows something kept in memory was built from; undefined: the whole store. */
export type DependsOn = readonly string[] | undefined;

export interface StoreStamps {
  /** Each study's id → its key and the stamp of its last load (undefined: a study loaded before stamps). */
  studies: ReadonlyMap<string, string | undefined>;
  /** The content of the tables of no study. */
  reference: string;
}

export async function readStoreStamps(db: ReadOnlyDb): Promise<StoreStamps> {
  const tables = await db.all<{ table_name: string; stamped: boolean }>(sql`
    SELECT table_name, bool_or(column_name = 'study_key') AS stamped FROM duckdb_columns()
    WHERE schema_name = 'main' AND NOT internal GROUP BY table_name ORDER BY table_name`);
  const hasStamps = tables.some((t) => t.table_name === 'study_stamp');
  const rows = await db.all<{ study_id: string; stamp: string | null }>(hasStamps
    ? sql`SELECT c.study_id, c.study_key || ' ' || s.stamp AS stamp FROM cancer_study c LEFT JOIN study_stamp s USING (study_key)`
    : sql`SELECT study_id, NULL AS stamp FROM cancer_study`);
  const reference: string[] = [];
  // Table names come from the catalog, not from input; a whole row hashes as its struct.
  for (const { table_name } of tables.filter((t) => !t.stamped)) {
    const row = await db.one<{ n: string }>(sql`SELECT count(*) || ':' || coalesce(sum(hash(t)), 0) AS n FROM ${raw(table_name)} t`);
    reference.push(`${table_name} ${row?.n}`);
  }
  return { studies: new Map(rows.map((r) => [r.study_id, r.stamp ?? undefined])), reference: reference.join('\n') };
}
