// `duckportal validate <study-dir>... [--html <file>] [--db <file>]`: every check of `load`, nothing
// written; exit code 0 valid, 1 errors, 3 warnings only, 2 could not run (as validateData.py).
import { writeFileSync } from 'node:fs';
import { renderHtmlReport } from '../loaders/report/html-report.js';
import { STATUS_TEXT, validateStudies } from '../loaders/validate/validate-studies.js';
import { studyReportLines } from './study-report-text.js';
import { UsageError } from './usage-error.js';

export async function validateCommand(dirs: string[], options: { db?: string; html?: string }): Promise<void> {
  if (dirs.length === 0) throw new UsageError('missing <study-dir>');
  const validation = await validateStudies(dirs, { store: options.db });
  for (const study of validation.studies) {
    console.log(`${study.dir}: ${STATUS_TEXT[study.status]}${study.reason ? `: ${study.reason}` : ''}`);
    if (study.report) for (const line of studyReportLines(study.report)) console.log(line);
  }
  if (validation.skippedChecks.length) console.log(`not checked without a store (--db): ${validation.skippedChecks.join('; ')}`);
  if (options.html) {
    const store = validation.store ? `checked against the store ${validation.store}` : 'no store given';
    writeFileSync(options.html, renderHtmlReport({ ...validation, command: 'validate', store, statusText: STATUS_TEXT }));
    console.log(`report written to ${options.html}`);
  }
  process.exitCode = validation.exitCode;
}
