// Removes every row a study owns (all tables with a study_key column), inside the caller's
// transaction: used by `duckportal delete` and before a study is re-loaded.
import type { Db } from '../../engine/sql/db.js';
import { raw, sql } from '../../engine/sql/sql.js';

export async function deleteStudyRows(db: Db, studyKey: number): Promise<void> {
  const tables = await db.all<{ table_name: string }>(sql`
    SELECT DISTINCT table_name FROM duckdb_columns()
    WHERE column_name = 'study_key' AND schema_name = 'main' AND NOT internal ORDER BY table_name`);
  // Table names come from the catalog, not from input.
  for (const { table_name } of tables) await db.run(sql`DELETE FROM ${raw(table_name)} WHERE study_key = ${studyKey}`);
}
