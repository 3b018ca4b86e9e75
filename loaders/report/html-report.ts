// `validate --html` and `load --html`: one self-contained page (styles inline, no script, no
// outside resource) that a curator opens in a browser or sends by mail, as validateData.py's
// --html_table: per study, a summary per file (errors, warnings, rows), then every message with its
// file, line, column and value.
import { basename } from 'node:path';
import type { FileSummary, StudyOutcome, StudyStatus } from './load-report.js';

export interface ReportPage {
  /** The sub-command: 'validate' or 'load'. */
  command: string;
  /** One sentence on the store: checked against, loaded into, or none. */
  store: string;
  /** How this command names each status. */
  statusText: Record<StudyStatus, string>;
  /** Checks that were not made (validate without a store). */
  skippedChecks: string[];
  studies: StudyOutcome[];
  exitCode: number;
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}
th{background:#f3f3f3}td.n{text-align:right}.valid{color:#1a7f37}.warnings{color:#9a6700}.errors,.not-run{color:#cf222e}
tr.error td:first-child{color:#cf222e;font-weight:600}tr.warning td:first-child{color:#9a6700}`;

export function renderHtmlReport(page: ReportPage, created = new Date()): string {
  const title = `duckportal ${escape(page.command)}`;
  const parts = [
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>${STYLE}</style></head><body>`,
    `<h1>${title}</h1>`,
    `<p>${escape(created.toISOString())}; ${escape(page.store)}; exit code <span id="exit-code">${page.exitCode}</span>.</p>`,
  ];
  if (page.skippedChecks.length)
    parts.push(`<p>Not checked without a store (<code>--db</code>):</p><ul>${page.skippedChecks.map((c) => `<li>${escape(c)}</li>`).join('')}</ul>`);
  for (const study of page.studies) parts.push(renderStudy(study, page.statusText));
  parts.push('</body></html>');
  return parts.join('\n');
}

function renderStudy(study: StudyOutcome, statusText: ReportPage['statusText']): string {
  const status = study.status.replace(' ', '-');
  const title = `<h2>${escape(study.report?.studyId ?? basename(study.dir))}: <span class="status ${status}">${escape(statusText[study.status])}</span></h2><p>${escape(study.dir)}</p>`;
  if (!study.report) return `<section class="study" data-status="${status}">${title}<p class="reason">${escape(study.reason ?? '')}</p></section>`;
  const { files, errors, warnings } = study.report;
  const messages = [
    ...errors.map((e) => row('error', ['ERROR', basename(e.location.file), String(e.location.line ?? ''), String(e.location.column ?? ''), e.detail, ''])),
    ...warnings.map((w) => row('warning', ['WARNING', w.file, w.lines.join(', ') + (w.count > w.lines.length ? ', …' : ''), '', w.message, String(w.count)])),
  ];
  return `<section class="study" data-status="${status}">${title}
<h3>Files</h3>
<table class="summary"><thead><tr><th>File</th><th>Errors</th><th>Warnings</th><th>Rows read</th><th>Rows loaded</th><th>Rows skipped</th><th>Notes</th></tr></thead><tbody>
${files.map(fileRow).join('\n')}
</tbody></table>
<h3>Messages (${errors.length} error(s), ${warnings.reduce((n, w) => n + w.count, 0)} warning(s))</h3>
${messages.length ? `<table class="messages"><thead><tr><th>Level</th><th>File</th><th>Line</th><th>Column</th><th>Message</th><th>Times</th></tr></thead><tbody>
${messages.join('\n')}
</tbody></table>` : ''}</section>`;
}

function fileRow(f: FileSummary): string {
  const skipped = f.skipped.map((s) => `${s.rows} ${s.reason}`).join('; ');
  const cells = [
    `<td>${escape(f.file)}</td>`,
    `<td class="n">${f.errors}</td>`,
    `<td class="n">${f.warnings}</td>`,
    `<td class="n">${f.rowsRead ?? ''}</td>`,
    `<td class="n">${f.rowsLoaded ?? ''}</td>`,
    `<td>${escape(skipped)}</td>`,
    `<td>${f.notChecked ? `not checked: ${escape(f.notChecked)}` : ''}</td>`,
  ];
  return `<tr data-file="${escape(f.file)}">${cells.join('')}</tr>`;
}

function row(kind: string, cells: string[]): string {
  return `<tr class="${kind}">${cells.map((c) => `<td>${escape(c)}</td>`).join('')}</tr>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
