// A study's report as terminal text, for `load` (its summary, or why it refused the study) and `validate`.
import { formatWarningGroup } from '../loaders/errors.js';
import { formatFileRows, type StudyReport } from '../loaders/report/load-report.js';

/** Errors, warnings and the per-file summary, indented under the study's line. */
export function studyReportLines(report: StudyReport): string[] {
  const lines: string[] = [];
  if (report.errors.length) lines.push(`  errors (${report.errors.length}):`, ...report.errors.map((e) => `    ${e.message}`));
  if (report.warnings.length) lines.push(`  warnings (${report.warnings.length}):`, ...report.warnings.map((w) => `    ${formatWarningGroup(w)}`));
  return [...lines, ...fileLines(report)];
}

export function fileLines(report: StudyReport): string[] {
  const files = report.files.filter((f) => formatFileRows(f) !== '');
  if (files.length === 0) return [];
  const width = Math.max(...files.map((f) => f.file.length));
  return ['  files:', ...files.map((f) => `    ${f.file.padEnd(width)}  ${formatFileRows(f)}`)];
}
