// A JS function applied to the distinct values of some columns instead of to every row: the
// results go to a temporary table that SQL joins back. MAF columns repeat a lot (2 million rows of
// a 272,000-sample study hold ~700,000 distinct protein changes and ~200 genes), so the importer's
// rules keep their one JS implementation and run once per distinct value.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../engine/sql/db.js';
import { join as joinSql, raw, sql, type Fragment } from '../../../engine/sql/sql.js';
import { BulkWriter, type Cell, type RowValues } from '../../store/bulk-writer.js';

export interface Lookup {
  /** The temporary table (a constant name). */
  table: string;
  /** Key column → its SQL expression over `from` (VARCHAR or INTEGER). */
  keys: Record<string, { expr: Fragment; type: 'VARCHAR' | 'INTEGER' }>;
  /** Result column → SQL type. */
  columns: Record<string, string>;
  /** Keys come in the order of their first line (`from`'s `line`), for errors in line order; `map` gets that line last. */
  inLineOrder?: boolean;
  /** The result of a key: its values as text (an INTEGER as its digits), in the order of `keys`. */
  map(key: string[]): RowValues;
}

/** Builds `lookup.table`: one row per distinct key of `from`, with `map`'s columns. */
export async function buildLookup(db: Db, lookup: Lookup, from: Fragment): Promise<void> {
  const keys = Object.entries(lookup.keys);
  const definitions = [...keys.map(([name, { type }]) => `${name} ${type}`), ...Object.entries(lookup.columns).map(([name, type]) => `${name} ${type}`)];
  await db.run(sql`CREATE OR REPLACE TEMP TABLE ${raw(lookup.table)} (${raw(definitions.join(', '))})`);
  const selected = joinSql(keys.map(([name, { expr }]) => sql`${expr} AS ${raw(name)}`));
  const writer = await BulkWriter.open(db, lookup.table);
  try {
    const query = lookup.inLineOrder
      ? sql`SELECT ${selected}, min(line) AS first_line FROM ${from} GROUP BY ALL ORDER BY first_line`
      : sql`SELECT DISTINCT ${selected} FROM ${from}`;
    const columns = Object.keys(lookup.columns);
    for (const cells of await distinctRows(db, query)) {
      const values = lookup.map(cells);
      const row: Cell[] = cells.slice(0, keys.length);
      for (const column of columns) row.push(values[column]);
      writer.addValues(row);
    }
    await writer.finish();
  } finally {
    writer.discard();
  }
}

/**
 * The rows of `query` as text cells, through a temporary file: for hundreds of thousands of rows
 * several times faster than reading them as objects. Cells hold no tab or line break (they come
 * from cells of TSV lines), so the file needs no quoting; NULL reads as ''.
 */
async function distinctRows(db: Db, query: Fragment): Promise<string[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'duckportal-keys-'));
  try {
    const path = join(dir, 'keys.tsv');
    // COPY takes no parameter for its file: the path is ours (mkdtemp), quoted as a literal.
    await db.run(sql`COPY (${query}) TO ${raw(`'${path.replace(/'/g, "''")}'`)} (FORMAT csv, DELIMITER '\t', HEADER false, QUOTE '', ESCAPE '')`);
    const text = readFileSync(path, 'utf8');
    if (text === '') return [];
    return text.slice(0, -1).split('\n').map((line) => line.split('\t'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `LEFT JOIN table alias ON` each key equal to its expression. */
export function joinLookup(lookup: Lookup, alias: string): Fragment {
  const on = Object.entries(lookup.keys).map(([name, { expr }]) => sql`${raw(alias)}.${raw(name)} = ${expr}`);
  return sql`LEFT JOIN ${raw(lookup.table)} ${raw(alias)} ON ${joinSql(on, ' AND ')}`;
}
