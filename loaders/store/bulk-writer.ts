// Writes many rows to a store table through a temporary TSV file read back by DuckDB's parallel
// CSV reader: for the largest files (MAF), several times faster than the per-value appender.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../engine/sql/db.js';
import { raw, sql } from '../../engine/sql/sql.js';
import { tableColumns, type RowValues } from './table-writer.js';

const NULL = '\\N';
const FLUSH_LINES = 4_096;
const SPECIAL = /[\t\n\r"\\]/;

/** One TSV cell: NULL as \N; text that is empty or holds a special character is quoted. */
function encode(value: RowValues[string]): string {
  if (value === null || value === undefined) return NULL;
  if (typeof value !== 'string') return String(value);
  if (value === '' || SPECIAL.test(value)) return `"${value.replace(/"/g, '""')}"`;
  return value;
}

export class BulkWriter {
  private lines: string[] = [];
  private count = 0;
  private open = true;

  private constructor(
    private readonly db: Db,
    readonly table: string,
    private readonly columns: { name: string; type: string }[],
    private readonly dir: string,
    private readonly fd: number,
    private readonly orderBy?: string,
  ) {}

  /** `orderBy` (a constant column list) sorts the rows as they go in, for zone-map pruning. */
  static async open(db: Db, table: string, orderBy?: string): Promise<BulkWriter> {
    const columns = await tableColumns(db, table);
    const dir = mkdtempSync(join(tmpdir(), 'duckportal-bulk-'));
    return new BulkWriter(db, table, columns, dir, openSync(join(dir, 'rows.tsv'), 'w'), orderBy);
  }

  add(row: RowValues): void {
    const cells = new Array<string>(this.columns.length);
    for (let i = 0; i < this.columns.length; i++) cells[i] = encode(row[this.columns[i].name]);
    this.lines.push(cells.join('\t'));
    this.count++;
    if (this.lines.length >= FLUSH_LINES) this.flush();
  }

  get rowCount(): number {
    return this.count;
  }

  /** Inserts everything added so far into the table (in the caller's transaction) and cleans up. */
  async finish(): Promise<void> {
    try {
      this.flush();
      this.closeFile();
      if (this.count === 0) return;
      // Column names and types come from the catalog, not from input.
      const types = this.columns.map((c) => `'${c.name}': '${c.type === 'JSON' ? 'VARCHAR' : c.type}'`).join(', ');
      await this.db.run(sql`INSERT INTO ${raw(this.table)} SELECT * FROM read_csv(${join(this.dir, 'rows.tsv')},
        delim = '\t', quote = '"', escape = '"', header = false, nullstr = ${NULL}, allow_quoted_nulls = false, auto_detect = false,
        columns = {${raw(types)}}) ${raw(this.orderBy ? `ORDER BY ${this.orderBy}` : '')}`);
    } finally {
      this.discard();
    }
  }

  /** Drops the temporary file without inserting (also safe after finish). */
  discard(): void {
    this.closeFile();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Closes the descriptor once: a second close could hit a descriptor reused by DuckDB. */
  private closeFile(): void {
    if (!this.open) return;
    this.open = false;
    closeSync(this.fd);
  }

  private flush(): void {
    if (this.lines.length === 0) return;
    writeSync(this.fd, `${this.lines.join('\n')}\n`);
    this.lines = [];
  }
}
