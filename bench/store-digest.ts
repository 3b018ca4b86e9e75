// A store's digest: per table, the row count and an order-independent hash of every row (the sum
// of DuckDB's hash of each row), computed in SQL. Two stores with equal digests hold the same rows,
// keys included. A study's import_date (when it was loaded) and its load stamp (a new UUID each
// load: engine/sql/study-stamps.ts) are left out, so that two loads of the same files compare
// equal. The hashes are DuckDB's: a new DuckDB version may change them.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Db } from '../engine/sql/db.js';
import { raw, sql } from '../engine/sql/sql.js';

export type StoreDigest = Record<string, { rows: number; hash: string }>;

/** Columns that differ between two loads of the same files. */
const VOLATILE_COLUMNS = ['import_date', 'stamp'];

export async function storeDigest(db: Db): Promise<StoreDigest> {
  const tables = await db.all<{ table_name: string; volatile: string[] }>(sql`
    SELECT table_name, coalesce(list(column_name) FILTER (list_contains(${VOLATILE_COLUMNS}, column_name)), []) AS volatile
    FROM duckdb_columns() JOIN duckdb_tables() USING (database_name, schema_name, table_oid, table_name)
    WHERE schema_name = 'main' AND NOT temporary
    GROUP BY table_name ORDER BY table_name`);
  const digest: StoreDigest = {};
  for (const { table_name, volatile } of tables) {
    // Table and column names come from DuckDB's own catalog.
    const rows = volatile.length === 0 ? raw(`"${table_name}"`) : raw(`(SELECT * EXCLUDE (${volatile.map((c) => `"${c}"`).join(', ')}) FROM "${table_name}")`);
    const row = await db.one<{ n: number; h: string | null }>(sql`SELECT count(*)::INTEGER AS n, sum(hash(t))::VARCHAR AS h FROM ${rows} t`);
    digest[table_name] = { rows: row?.n ?? 0, hash: row?.h ?? '-' };
  }
  return digest;
}

// node bin/run-ts.js bench/store-digest.ts <store.duckdb> [--out <file.json>]: a store file's digest as JSON.
if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
  const db = await Db.open(positionals[0], { readOnly: true });
  const text = `${JSON.stringify(await storeDigest(db), null, 2)}\n`;
  db.close();
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
}
