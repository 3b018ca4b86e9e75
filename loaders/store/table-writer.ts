// Appends rows to a store table through DuckDB's appender. Rows are objects keyed by column
// name (snake_case as in engine/sql/schema.sql); an absent key is NULL.
import type { DuckDBAppender } from '@duckdb/node-api';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';

export type Cell = string | number | boolean | null | undefined;
export type RowValues = Record<string, Cell>;

/** Anything rows can be added to (TableWriter, BulkWriter). */
export interface RowSink {
  add(row: RowValues): void;
}

type Append = (appender: DuckDBAppender, value: NonNullable<Cell>) => void;

const APPENDERS: Record<string, Append> = {
  INTEGER: (a, v) => a.appendInteger(Number(v)),
  BIGINT: (a, v) => a.appendBigInt(BigInt(Math.trunc(Number(v)))),
  TINYINT: (a, v) => a.appendTinyInt(Number(v)),
  SMALLINT: (a, v) => a.appendSmallInt(Number(v)),
  DOUBLE: (a, v) => a.appendDouble(Number(v)),
  BOOLEAN: (a, v) => a.appendBoolean(Boolean(v)),
  VARCHAR: (a, v) => a.appendVarchar(String(v)),
  JSON: (a, v) => a.appendVarchar(String(v)),
};

/**
 * A store table's columns in order, with their types. pragma_table_info reads one table's entry
 * (~2.5 ms), where duckdb_columns() lists the whole catalog (~9 ms): a small load opens a dozen
 * writers, and the validate tests load a hundred and more small studies.
 */
export async function tableColumns(db: Db, table: string): Promise<{ name: string; type: string }[]> {
  const columns = await db.all<{ name: string; type: string }>(sql`SELECT name, type FROM pragma_table_info(${table})`);
  if (columns.length === 0) throw new Error(`no table ${table}`);
  return columns;
}

export class TableWriter implements RowSink {
  private count = 0;

  private constructor(
    readonly table: string,
    private readonly appender: DuckDBAppender,
    private readonly columns: { name: string; append: Append }[],
  ) {}

  static async open(db: Db, table: string): Promise<TableWriter> {
    const specs = (await tableColumns(db, table)).map((c) => {
      const append = APPENDERS[c.type];
      if (!append) throw new Error(`TableWriter: unsupported type ${c.type} of ${table}.${c.name}`);
      return { name: c.name, append };
    });
    return new TableWriter(table, await db.appender(table), specs);
  }

  add(row: RowValues): void {
    for (const { name, append } of this.columns) {
      const value = row[name];
      if (value === null || value === undefined) this.appender.appendNull();
      else append(this.appender, value);
    }
    this.appender.endRow();
    this.count++;
  }

  get rowCount(): number {
    return this.count;
  }

  close(): void {
    this.appender.closeSync();
  }
}
