// A content fingerprint of a whole store: per table, the row count and an order-independent
// hash of all rows. Two stores with equal fingerprints hold the same data.
import type { Db } from '../../engine/sql/db.js';
import { raw, sql } from '../../engine/sql/sql.js';

export async function storeFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await db.all<{ table_name: string }>(sql`SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main' AND NOT temporary ORDER BY table_name`);
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const row = await db.one<{ n: number; h: string | null }>(sql`SELECT count(*)::INTEGER AS n, sum(hash(t))::VARCHAR AS h FROM ${raw(table_name)} t`);
    out[table_name] = `${row?.n}:${row?.h ?? '-'}`;
  }
  return out;
}
