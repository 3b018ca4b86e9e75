// A MAF's data rows in a temporary table (study-format 10): TsvFile reads the lines under its rules
// (comments, blank lines, trimming, field counts) and writes them with their line numbers to a
// temporary file that DuckDB's parallel CSV reader loads. The rows are then mapped in SQL
// (maf-mapping.ts) instead of row by row in JS, several times faster for files of millions of rows.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../../engine/sql/db.js';
import { raw, sql } from '../../../engine/sql/sql.js';
import { LoadError } from '../../errors.js';
import type { TsvFile } from '../../text/tsv.js';

/** The staged rows: `line` and c0, c1, … (the file's columns, '' for empty cells). */
export interface StagedRows {
  table: string;
  rows: number;
  /** The error of a malformed line: the rows before it are staged, for errors of theirs to come first. */
  error?: LoadError;
}

/** Stages the rows of `tsv` (its header read) as `table`, with the columns the loader uses. */
export async function stageRows(db: Db, tsv: TsvFile, table: string, used: readonly number[]): Promise<StagedRows> {
  const width = (await tsv.readHeader()).columns.length;
  const dir = mkdtempSync(join(tmpdir(), 'duckportal-rows-'));
  const path = join(dir, 'rows.tsv');
  let rows = 0;
  let error: LoadError | undefined;
  try {
    const fd = openSync(path, 'w');
    try {
      for await (const batch of tsv.rowTextBatches()) {
        let text = '';
        for (const { text: row, lineNo } of batch) text += `${lineNo}\t${row}\n`;
        writeSync(fd, text);
        rows += batch.length;
      }
    } catch (e) {
      if (!(e instanceof LoadError)) throw e;
      error = e;
    } finally {
      closeSync(fd);
    }
    // Column names are generated here, never read from the file.
    const columns = [`'line': 'INTEGER'`, ...Array.from({ length: width }, (_, i) => `'c${i}': 'VARCHAR'`)].join(', ');
    const cells = ['line', ...[...new Set(used)].sort((a, b) => a - b).map((i) => `coalesce(c${i}, '') AS c${i}`)].join(', ');
    await db.run(sql`CREATE OR REPLACE TEMP TABLE ${raw(table)} AS SELECT ${raw(cells)} FROM read_csv(${path},
      delim = '\t', quote = '', escape = '', header = false, auto_detect = false, columns = {${raw(columns)}})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { table, rows, error };
}
