// Errors and warnings of a load, always naming the file (and line, column when known).
import { basename } from 'node:path';

export interface Location {
  file: string;
  line?: number;
  column?: string | number;
}

export function formatLocation({ file, line, column }: Location): string {
  let text = basename(file);
  if (line !== undefined) text += `:${line}`;
  if (column !== undefined) text += ` (column ${column})`;
  return text;
}

/** Bad input: the load of this study is abandoned and nothing of it is written. */
export class LoadError extends Error {
  constructor(
    readonly location: Location,
    readonly detail: string,
  ) {
    super(`${formatLocation(location)}: ${detail}`);
    this.name = 'LoadError';
  }
}

export interface Warning {
  location: Location;
  message: string;
  /** Data rows of the file this warning says were left out. */
  skippedRows: number;
}

/** Warnings with the same file and message: their count and first lines. */
export interface WarningGroup {
  file: string;
  message: string;
  count: number;
  lines: number[];
  skippedRows: number;
}

/**
 * How the format loaders word a warning about one row that is not loaded ("…, row skipped",
 * "…; event skipped", "…, row ignored", "…; the first row is kept").
 */
const DROPS_ITS_ROW = /(skipped|row ignored|the first row is kept)$/;

/** Collects warnings; identical messages of one file are summarised with a count. */
export class Warnings {
  readonly list: Warning[] = [];
  /** file + reason → rows left out by design, summed (see filter). */
  private readonly filteredRows = new Map<string, Warning>();

  /** `skippedRows`: how many rows the warning covers; by default one if its line's row was dropped. */
  add(location: Location, message: string, skippedRows?: number): void {
    this.list.push({ location, message, skippedRows: skippedRows ?? (location.line !== undefined && DROPS_ITS_ROW.test(message) ? 1 : 0) });
  }

  /**
   * Rows left out by design (a MAF's Silent mutations, rows of TCGA normal samples): counted in
   * the file summary, one entry per file and reason, never warned about.
   */
  filter(location: Location, reason: string, rows: number): void {
    const key = `${basename(location.file)}\u0000${reason}`;
    const entry = this.filteredRows.get(key);
    if (entry) entry.skippedRows += rows;
    else this.filteredRows.set(key, { location, message: reason, skippedRows: rows });
  }

  /** The rows left out by design, per file and reason, in the order first met. */
  get filtered(): Warning[] {
    return [...this.filteredRows.values()];
  }

  groups(maxLines = 5): WarningGroup[] {
    const groups = new Map<string, WarningGroup>();
    for (const w of this.list) {
      const file = basename(w.location.file);
      const key = `${file}\u0000${w.message}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { file, message: w.message, count: 0, lines: [], skippedRows: 0 }));
      group.count++;
      group.skippedRows += w.skippedRows;
      if (w.location.line !== undefined && group.lines.length < maxLines) group.lines.push(w.location.line);
    }
    return [...groups.values()];
  }

  summary(maxPerKind = 5): string[] {
    return this.groups(maxPerKind).map(formatWarningGroup);
  }
}

export function formatWarningGroup({ file, message, count, lines }: WarningGroup): string {
  const where = lines.length ? ` (line ${lines.join(', ')}${count > lines.length ? ', ...' : ''})` : '';
  const times = count > 1 ? ` ×${count}` : '';
  return `${file}${where}: ${message}${times}`;
}
