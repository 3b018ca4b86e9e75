// Tab-separated data files (study-format 3.2): leading '#' lines, a header, then rows that must
// have as many fields as the header. No quoting; cells are trimmed; blank lines are skipped.
// Text cells read as the importers read them: absent or empty → the literal 'NA' (3.4).
import { LoadError } from '../errors.js';
import { readLineBatches, type NumberedLine } from './lines.js';

export interface TsvRow {
  cells: string[];
  lineNo: number;
}

export interface TsvHeader {
  /** '#' lines before the header, without their leading '#'. */
  comments: string[];
  columns: string[];
  lineNo: number;
}

export interface TsvOptions {
  /** Rows may be shorter than the header (missing trailing cells read as ''). */
  allowShortRows?: boolean;
  /** Rows may be longer than the header (extra cells ignored). */
  allowLongRows?: boolean;
  /** Lines after the header starting with '#' are skipped instead of being an error. */
  skipCommentRows?: boolean;
  /** The file has no header line: every line is a row. */
  noHeader?: boolean;
}

export class TsvFile {
  private header?: TsvHeader;
  private readonly batches: AsyncGenerator<NumberedLine[]>;
  /** Lines read but not yet used: batch[next] onwards. */
  private batch: NumberedLine[] = [];
  private next = 0;

  constructor(
    readonly path: string,
    private readonly options: TsvOptions = {},
  ) {
    this.batches = readLineBatches(path);
  }

  /** Whether unread lines are in `batch` (false at the end of the file). */
  private async hasLines(): Promise<boolean> {
    while (this.next >= this.batch.length) {
      const read = await this.batches.next();
      if (read.done) return false;
      this.batch = read.value;
      this.next = 0;
    }
    return true;
  }

  /** Reads the comment block and the header line. */
  async readHeader(): Promise<TsvHeader> {
    if (this.header) return this.header;
    const comments: string[] = [];
    if (this.options.noHeader) return (this.header = { comments, columns: [], lineNo: 0 });
    for (;;) {
      if (!(await this.hasLines())) throw new LoadError({ file: this.path }, 'file has no header line');
      const { text, lineNo } = this.batch[this.next++];
      if (text.startsWith('#')) comments.push(text.replace(/^#+/, ''));
      else if (text.trim() !== '') {
        const columns = text.split('\t').map((c) => c.trim());
        const seen = new Set<string>();
        for (const column of columns) {
          if (seen.has(column)) throw new LoadError({ file: this.path, line: lineNo, column }, `column header '${column}' is repeated`);
          seen.add(column);
        }
        return (this.header = { comments, columns, lineNo });
      }
    }
  }

  /** Data rows with trimmed cells; fails on a row whose field count differs from the header. */
  async *rows(): AsyncGenerator<TsvRow> {
    for await (const batch of this.rowBatches()) yield* batch;
  }

  /**
   * The data rows of each chunk read, as `rows()` gives them one by one: a loader of millions of
   * rows awaits once per chunk, not per row.
   */
  async *rowBatches(): AsyncGenerator<TsvRow[]> {
    await this.readHeader();
    try {
      while (this.next < this.batch.length || (await this.hasLines())) {
        const lines = this.batch;
        const rows: TsvRow[] = [];
        while (this.next < lines.length) {
          const line = lines[this.next++];
          const row = this.rowOf(line);
          if (row instanceof LoadError) {
            // The rows before it are handed over first, so a loader meets errors in line order.
            if (rows.length > 0) yield rows;
            throw row;
          }
          if (row) rows.push(row);
        }
        if (rows.length > 0) yield rows;
      }
    } finally {
      await this.batches.return([]); // a reader that stopped early closes the file
    }
  }

  /** A line's row; undefined for a blank or skipped comment line, the error for a malformed one. */
  private rowOf({ text, lineNo }: NumberedLine): TsvRow | LoadError | undefined {
    if (trimmed(text) === '') return undefined;
    if (text.charCodeAt(0) === HASH) {
      return this.options.skipCommentRows ? undefined : new LoadError({ file: this.path, line: lineNo }, 'data line starts with #');
    }
    const cells = text.split('\t');
    for (let i = 0; i < cells.length; i++) cells[i] = trimmed(cells[i]);
    if (!this.options.noHeader) {
      const width = this.header!.columns.length;
      if (cells.length < width) {
        if (!this.options.allowShortRows) return new LoadError({ file: this.path, line: lineNo }, `expected ${width} fields, found ${cells.length} (truncated row?)`);
        while (cells.length < width) cells.push('');
      } else if (cells.length > width && !this.options.allowLongRows) {
        return new LoadError({ file: this.path, line: lineNo }, `expected ${width} fields, found ${cells.length}`);
      }
    }
    return { cells, lineNo };
  }
}

const HASH = 0x23;

/** text.trim(), skipping the call for text that neither starts nor ends with a space, control or non-ASCII character (most cells). */
function trimmed(text: string): string {
  if (text === '') return text;
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f ? text : text.trim();
}

/** Case-insensitive column lookup; when two headers differ only by case the later one wins. */
export function columnIndex(columns: readonly string[]): (name: string) => number {
  const index = new Map<string, number>();
  columns.forEach((c, i) => index.set(c.toLowerCase(), i));
  return (name) => index.get(name.toLowerCase()) ?? -1;
}

/** A text cell as the importers' TabDelimitedFileUtil.getPartString reads it: absent or empty → 'NA'. */
export function partString(cell: string | undefined): string {
  return cell === undefined || cell === '' ? 'NA' : cell;
}
