// Writes rows to a store table through a temporary TSV file read back by DuckDB's parallel CSV
// reader, in one INSERT when the writer finishes. Every loader writes this way: DuckDB's
// appender, one native call per value, took ~1.4x as long for narrow rows (clinical values) and
// longer still for wide ones (mutations).
import { closeSync, mkdirSync, mkdtempSync, openSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../engine/sql/db.js';
import { raw, sql } from '../../engine/sql/sql.js';
import { ownPrefix, removeDeadProcessesFiles } from '../../engine/dead-process-files.js';
import { rowFilesFolderOf } from '../../engine/sql/store-writer.js';

/** A row: column name (snake_case as in engine/sql/schema.sql) → value; an absent key is NULL. */
type Cell = string | number | boolean | null | undefined;
export type RowValues = Record<string, Cell>;

/** Anything rows can be added to. */
export interface RowSink {
  add(row: RowValues): void;
}

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

/**
 * A store table's columns in order, with their types. pragma_table_info reads one table's entry
 * (~2.5 ms), where duckdb_columns() lists the whole catalog (~9 ms): a small load opens a dozen
 * writers, and the validate tests load a hundred and more small studies.
 */
async function tableColumns(db: Db, table: string): Promise<{ name: string; type: string }[]> {
  const columns = await db.all<{ name: string; type: string }>(sql`SELECT name, type FROM pragma_table_info(${table})`);
  if (columns.length === 0) throw new Error(`no table ${table}`);
  return columns;
}

const ROWS_PREFIX = 'duckportal-rows-';
/** Whether this process removed the temporary row files of dead ones yet (once is enough). */
let sweptDeadProcesses = false;

export class BulkWriter implements RowSink {
  private lines: string[] = [];
  private count = 0;
  private file?: { dir: string; fd: number };
  private done = false;

  private constructor(
    private readonly db: Db,
    readonly table: string,
    private readonly columns: { name: string; type: string }[],
    private readonly orderBy?: string,
  ) {}

  /** `orderBy` (a constant column list) sorts the rows as they go in, for zone-map pruning. */
  static async open(db: Db, table: string, orderBy?: string): Promise<BulkWriter> {
    const columns = await tableColumns(db, table);
    return new BulkWriter(db, table, columns, orderBy);
  }

  add(row: RowValues): void {
    if (this.done) throw new Error(`BulkWriter(${this.table}): row added after finish or discard`);
    // A loop and join: faster than concatenating the cells, whose flattening costs more.
    const cells = new Array<string>(this.columns.length);
    for (let i = 0; i < this.columns.length; i++) cells[i] = encode(row[this.columns[i].name]);
    this.lines.push(cells.join('\t'));
    this.count++;
    if (this.lines.length >= FLUSH_LINES) this.flush();
  }

  get rowCount(): number {
    return this.count;
  }

  /** Inserts every row added (in the caller's transaction) and removes the temporary file. */
  async finish(): Promise<void> {
    if (this.done) throw new Error(`BulkWriter(${this.table}): finished or discarded already`);
    try {
      if (this.count === 0) return;
      this.flush();
      const path = join(this.file!.dir, 'rows.tsv');
      this.closeFile();
      // Column names and types come from the catalog, not from input.
      const types = this.columns.map((c) => `'${c.name}': '${c.type === 'JSON' ? 'VARCHAR' : c.type}'`).join(', ');
      await this.db.run(sql`INSERT INTO ${raw(this.table)} SELECT * FROM read_csv(${path},
        delim = '\t', quote = '"', escape = '"', header = false, nullstr = ${NULL}, allow_quoted_nulls = false, auto_detect = false,
        columns = {${raw(types)}}) ${raw(this.orderBy ? `ORDER BY ${this.orderBy}` : '')}`);
    } finally {
      this.discard();
    }
  }

  /** Drops the rows without inserting them (also safe after finish). */
  discard(): void {
    this.done = true;
    this.lines = [];
    this.closeFile();
    if (!this.file) return;
    rmSync(this.file.dir, { recursive: true, force: true });
    this.file = undefined;
    if (this.db.path === ':memory:') return;
    try {
      rmdirSync(rowFilesFolderOf(this.db.path)); // once no other writer of the store has a file there
    } catch {
      // still in use, or gone
    }
  }

  /**
   * The folder of this writer's file: beside a store file, with its generation (removed by the
   * next writer should this process be killed, engine/sql/store-writer.ts); for an in-memory store
   * (validate's), in the temporary folder under this process's id, removed by a later process if
   * this one is killed.
   */
  private makeFolder(): string {
    if (this.db.path !== ':memory:') {
      const parent = rowFilesFolderOf(this.db.path);
      mkdirSync(parent, { recursive: true });
      return mkdtempSync(join(parent, ROWS_PREFIX));
    }
    if (!sweptDeadProcesses) removeDeadProcessesFiles(ROWS_PREFIX);
    sweptDeadProcesses = true;
    return mkdtempSync(ownPrefix(ROWS_PREFIX));
  }

  /** Closes the descriptor once: a second close could hit a descriptor reused by DuckDB. */
  private closeFile(): void {
    if (this.file && this.file.fd >= 0) {
      closeSync(this.file.fd);
      this.file.fd = -1;
    }
  }

  private flush(): void {
    if (this.lines.length === 0) return;
    if (!this.file) {
      const dir = this.makeFolder();
      this.file = { dir, fd: openSync(join(dir, 'rows.tsv'), 'w') };
    }
    writeSync(this.file.fd, `${this.lines.join('\n')}\n`);
    this.lines = [];
  }
}
