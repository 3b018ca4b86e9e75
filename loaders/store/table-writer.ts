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

export class TableWriter implements RowSink {
  private count = 0;

  private constructor(
    readonly table: string,
    private readonly appender: DuckDBAppender,
    private readonly columns: { name: string; append: Append }[],
  ) {}

  static async open(db: Db, table: string): Promise<TableWriter> {
    const columns = await db.all<{ column_name: string; data_type: string }>(
      sql`SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = ${table} AND schema_name = 'main' ORDER BY column_index`,
    );
    if (columns.length === 0) throw new Error(`no table ${table}`);
    const specs = columns.map((c) => {
      const append = APPENDERS[c.data_type];
      if (!append) throw new Error(`TableWriter: unsupported type ${c.data_type} of ${table}.${c.column_name}`);
      return { name: c.column_name, append };
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
