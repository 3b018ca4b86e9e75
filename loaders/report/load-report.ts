// What a load found, per file: rows read, loaded and skipped (with the reasons), errors and
// warnings, as cBioPortal's validator and importer tell curators. Collected while a study loads;
// a file's LoadError is kept and the load goes on with the next file, so that a refusal names them all.
import { basename } from 'node:path';
import { LoadError, Warnings, type WarningGroup } from '../errors.js';

export interface SkippedRows {
  reason: string;
  rows: number;
}

export interface FileSummary {
  file: string;
  /** Data rows of the file (absent for files that are not row data, or were not read through). */
  rowsRead?: number;
  rowsLoaded?: number;
  skipped: SkippedRows[];
  errors: number;
  warnings: number;
  /** Why the file was not checked (an earlier file it depends on failed). */
  notChecked?: string;
}

export interface StudyReport {
  dir: string;
  studyId?: string;
  errors: LoadError[];
  warnings: WarningGroup[];
  files: FileSummary[];
}

/** What became of a study folder: checked (or loaded) cleanly, with warnings, refused for errors, or not run at all. */
export type StudyStatus = 'valid' | 'warnings' | 'errors' | 'not run';

export interface StudyOutcome {
  dir: string;
  status: StudyStatus;
  /** What the load found (absent when it could not run). */
  report?: StudyReport;
  /** Why it could not run. */
  reason?: string;
}

/** A study with errors: nothing of it was written; the report holds every error found. */
export class StudyRefused extends Error {
  constructor(readonly report: StudyReport) {
    super(report.errors.map((e) => e.message).join('\n'));
    this.name = 'StudyRefused';
  }
}

/** The count a warning about many skipped rows starts with (the summary gives its own). */
const COUNTED_SKIP = /^\d+ row\(s\) skipped: /;

export class LoadProblems {
  readonly errors: LoadError[] = [];
  readonly warnings = new Warnings();
  /** Data file → rows read, in load order. */
  readonly rowsRead = new Map<string, number>();
  readonly notChecked = new Map<string, string>();

  /** Runs the work of one file: a LoadError is kept (false), anything else is thrown. */
  async attempt(work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (error) {
      if (!(error instanceof LoadError)) throw error;
      this.errors.push(error);
      return false;
    }
  }

  report(dir: string, studyId?: string): StudyReport {
    return { dir, studyId, errors: this.errors, warnings: this.warnings.groups(), files: this.files() };
  }

  /** One summary per file named by a count, an error or a warning, in the order they were met. */
  files(): FileSummary[] {
    const files = new Map<string, FileSummary>();
    const of = (path: string) => {
      const file = basename(path);
      let summary = files.get(file);
      if (!summary) files.set(file, (summary = { file, skipped: [], errors: 0, warnings: 0 }));
      return summary;
    };
    for (const [path, rows] of this.rowsRead) of(path).rowsRead = rows;
    for (const error of this.errors) of(error.location.file).errors++;
    for (const group of this.warnings.groups()) {
      const summary = of(group.file);
      summary.warnings += group.count;
      if (group.skippedRows > 0) summary.skipped.push({ reason: group.message.replace(COUNTED_SKIP, ''), rows: group.skippedRows });
    }
    for (const { location, message, skippedRows } of this.warnings.filtered) of(location.file).skipped.push({ reason: message, rows: skippedRows });
    for (const [path, why] of this.notChecked) of(path).notChecked = why;
    for (const summary of files.values()) {
      if (summary.rowsRead === undefined) continue;
      const skipped = summary.skipped.reduce((n, s) => n + s.rows, 0);
      summary.rowsLoaded = Math.max(summary.rowsRead - skipped, 0);
    }
    return [...files.values()];
  }
}

/** "120 rows read, 118 loaded, 2 skipped (2 Silent mutations filtered)". */
export function formatFileRows(summary: FileSummary): string {
  const parts: string[] = [];
  if (summary.notChecked) parts.push(`not checked: ${summary.notChecked}`);
  if (summary.rowsRead !== undefined) parts.push(`${summary.rowsRead} rows read, ${summary.rowsLoaded} loaded`);
  const skipped = summary.skipped.reduce((n, s) => n + s.rows, 0);
  if (skipped > 0) parts.push(`${skipped} skipped (${summary.skipped.map((s) => `${s.rows} ${s.reason}`).join('; ')})`);
  if (summary.errors) parts.push(`${summary.errors} error(s)`);
  return parts.join(', ');
}
