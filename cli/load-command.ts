// `duckportal load <study-dir>... --db <file> [--html <file>]`: each folder is loaded as a
// generation of its own, published once it loaded; a refused study is reported with every error
// (and the --html page validate writes), and the studies after it still load. Exit code 1 if any failed.
import { writeFileSync } from 'node:fs';
import { GeneResolver } from '../loaders/genes/gene-resolver.js';
import { loadStudy, type LoadSummary } from '../loaders/load-study.js';
import { renderHtmlReport } from '../loaders/report/html-report.js';
import { StudyRefused, type StudyOutcome, type StudyStatus } from '../loaders/report/load-report.js';
import { withWritableStore } from '../loaders/store/open-store.js';
import { startProgress } from './progress.js';
import { fileLines, studyReportLines } from './study-report-text.js';
import { UsageError } from './usage-error.js';

const STATUS_TEXT: Record<StudyStatus, string> = {
  valid: 'loaded',
  warnings: 'loaded, with warnings',
  errors: 'refused: nothing of it was written',
  'not run': 'not loaded',
};

export async function loadCommand(dirs: string[], options: { db?: string; html?: string }): Promise<void> {
  if (dirs.length === 0) throw new UsageError('missing <study-dir>');
  const dbPath = options.db;
  if (!dbPath) throw new UsageError('missing --db <file>');
  const studies: StudyOutcome[] = [];
  for (const dir of dirs) studies.push(await loadDir(dbPath, dir));
  const exitCode = studies.every((s) => s.status === 'valid' || s.status === 'warnings') ? 0 : 1;
  if (options.html) {
    writeFileSync(options.html, renderHtmlReport({ command: 'load', store: `loaded into the store ${dbPath}`, statusText: STATUS_TEXT, skippedChecks: [], studies, exitCode }));
    console.log(`report written to ${options.html}`);
  }
  process.exitCode = exitCode;
}

/** Loads one study folder as a generation of its own: a failure leaves the store as it was, and the studies loaded before it stay. */
async function loadDir(dbPath: string, dir: string): Promise<StudyOutcome> {
  const progress = startProgress();
  try {
    const summary = await withWritableStore(dbPath, async (db) => {
      const genes = await GeneResolver.load(db);
      if (genes.size === 0)
        throw new UsageError('the store has no gene reference yet: run `duckportal genes import <path> --db <file>` first (e.g. the seed exports of a cBioPortal installation)');
      return loadStudy(db, genes, dir, { onFile: progress.onFile });
    });
    progress.stop();
    printSummary(summary);
    return { dir, status: summary.report.warnings.length > 0 ? 'warnings' : 'valid', report: summary.report };
  } catch (error) {
    progress.stop();
    if (error instanceof UsageError) throw error;
    if (error instanceof StudyRefused) {
      console.error([`error: ${dir}: ${error.report.errors.length} error(s) — nothing of this study was written`, ...studyReportLines(error.report)].join('\n'));
      return { dir, status: 'errors', report: error.report };
    }
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`error: ${dir}: ${reason} — nothing of this study was written`);
    return { dir, status: 'not run', reason };
  }
}

export function printSummary(s: LoadSummary): void {
  console.log(`${s.studyId}${s.incremental ? ' (incremental)' : ''}: ${s.samples} samples, ${s.patients} patients, ${s.profiles} profiles, ${s.seconds.toFixed(1)} s`);
  for (const [table, n] of Object.entries(s.rows)) console.log(`  ${table.padEnd(28)} ${n.toLocaleString('en-US')} rows`);
  const slow = Object.entries(s.fileSeconds).filter(([, sec]) => sec >= 1);
  if (slow.length) console.log(`  slowest files: ${slow.map(([f, sec]) => `${f} ${sec.toFixed(1)} s`).join(', ')}`);
  if (s.warnings.length) {
    console.log(`  warnings (${s.warnings.length}):`);
    for (const w of s.warnings) console.log(`    ${w}`);
  }
  for (const line of fileLines(s.report)) console.log(line);
}
