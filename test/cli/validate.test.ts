// `duckportal validate` and `duckportal load` as curators run them: exit codes (0 valid, 1 errors,
// 3 warnings only, 2 could not run), the messages printed, load's per-file lines and its refusal
// naming every error, and the --html report of both opened in a real Chromium (skipped, saying why, without one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../../engine/sql/db.js';
import { findChromium } from '../helpers/browser.js';
import { storeFingerprint } from '../helpers/fingerprint.js';
import { runCli as run } from '../helpers/run-cli.js';
import { REFERENCE, studyDir } from '../helpers/store.js';
import { copyStudy, replaceLine, setCell } from '../helpers/study-copy.js';

/** study_hg38 with its one mutation an RNA row: skipped with a warning. */
const withWarning = () => copyStudy('study_hg38', { edit: { 'data_mutations_extended.maf': (t) => replaceLine(t, 3, setCell(8, 'RNA')) } });
/** study_hg38 with a bad patient file and a truncated MAF row: two errors. */
const withTwoErrors = () => copyStudy('study_hg38', {
  edit: {
    'data_clinical_patients.txt': (t) => replaceLine(t, 6, setCell(2, 'twelve')),
    'data_mutations_extended.maf': (t) => replaceLine(t, 3, (l) => l.split('\t').slice(0, 20).join('\t')),
  },
});
const TWO_ERRORS = [
  "data_clinical_patients.txt:6 (column OS_MONTHS): value 'twelve' is not a number (datatype NUMBER)",
  'data_mutations_extended.maf:3: expected 166 fields, found 20 (truncated row?)',
];

let dir: string;
let store: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'duckportal-validate-cli-'));
  store = join(dir, 'store.duckdb');
  expect((await run(['genes', 'import', REFERENCE, '--db', store])).code).toBe(0);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function fingerprint(): Promise<Record<string, string>> {
  const db = await Db.open(store, { readOnly: true });
  try {
    return await storeFingerprint(db);
  } finally {
    db.close();
  }
}

describe('duckportal validate', () => {
  it('exits 0 on a valid study, printing its files', async () => {
    const result = await run(['validate', studyDir('study_hg38')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${studyDir('study_hg38')}: valid\n`);
    expect(result.stdout).toMatch(/data_mutations_extended\.maf +1 rows read, 1 loaded\n/);
    expect(result.stdout).toContain('not checked without a store (--db): gene symbols and Entrez ids');
  });

  it('exits 3 on warnings only, 1 on errors (all of them printed), 2 when it could not run; --db writes nothing', async () => {
    const before = await fingerprint();
    const warning = await run(['validate', withWarning(), '--db', store]);
    expect(warning.code).toBe(3);
    expect(warning.stdout).toContain('data_mutations_extended.maf (line 3): 1 row(s) skipped: Variant_Classification RNA (first: RNA)');
    expect(warning.stdout).toMatch(/data_mutations_extended\.maf +1 rows read, 0 loaded, 1 skipped \(1 Variant_Classification RNA \(first: RNA\)\)/);
    const errors = await run(['validate', withTwoErrors(), '--db', store]);
    expect(errors.code).toBe(1);
    expect(errors.stdout).toContain(`  errors (2):\n    ${TWO_ERRORS.join('\n    ')}\n`);
    expect((await run(['validate', join(dir, 'absent')])).code).toBe(2);
    expect(await fingerprint()).toEqual(before);
  }, 240_000);
});

describe('duckportal load', () => {
  it('prints per file the rows read and loaded; refuses a broken study naming every error', async () => {
    const loaded = await run(['load', studyDir('study_hg38'), '--db', store]);
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toMatch(/ {4}data_clinical_samples\.txt +1 rows read, 1 loaded\n/);
    const refused = await run(['load', withTwoErrors(), '--db', store]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`2 error(s) — nothing of this study was written\n  errors (2):\n    ${TWO_ERRORS.join('\n    ')}\n`);
  }, 240_000);
});

/** The --html page as Chromium shows it: its title, exit code, and per study its status (text and class), file rows and messages. */
async function readReport(playwright: Browser, report: string) {
  const page = await playwright.newPage();
  await page.goto(pathToFileURL(report).href);
  const studies = await page.$$eval('section.study', (sections) =>
    sections.map((section) => ({
      status: section.getAttribute('data-status'),
      statusText: section.querySelector('h2 .status')?.textContent,
      files: [...section.querySelectorAll('table.summary tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
      messages: [...section.querySelectorAll('table.messages tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(0, 5).map((td) => td.textContent)),
    })),
  );
  return { title: await page.title(), exitCode: await page.textContent('#exit-code'), studies };
}

describe('the --html report in Chromium', () => {
  it('shows each study and its per-file summary, for validate and for load', async (context) => {
    const report = join(dir, 'report.html');
    const result = await run(['validate', withTwoErrors(), withWarning(), '--html', report]);
    expect(result.code).toBe(1);
    const loadReport = join(dir, 'load-report.html');
    const loadStore = join(dir, 'load-report.duckdb');
    expect((await run(['genes', 'import', REFERENCE, '--db', loadStore])).code).toBe(0);
    const loaded = await run(['load', withWarning(), withTwoErrors(), '--db', loadStore, '--html', loadReport]);
    expect(loaded.code).toBe(1);
    expect(loaded.stdout).toContain(`report written to ${loadReport}`);
    const browser = await findChromium();
    if ('skip' in browser) {
      console.warn(`validate report browser test skipped: ${browser.skip}`);
      return context.skip(browser.skip);
    }
    const playwright = await chromium.launch({ executablePath: browser.executablePath, headless: true });
    try {
      const { title, exitCode, studies: summaries } = await readReport(playwright, report);
      expect(title).toBe('duckportal validate');
      expect(exitCode).toBe('1');
      expect(summaries[0]).toEqual({
        status: 'errors',
        statusText: 'has errors (load would refuse it)',
        files: [
          ['data_clinical_samples.txt', '0', '0', '1', '1', '', ''],
          ['data_clinical_patients.txt', '1', '0', '', '', '', ''],
          ['data_mutations_extended.maf', '1', '0', '', '', '', ''],
        ],
        messages: [
          ['ERROR', 'data_clinical_patients.txt', '6', 'OS_MONTHS', "value 'twelve' is not a number (datatype NUMBER)"],
          ['ERROR', 'data_mutations_extended.maf', '3', '', 'expected 166 fields, found 20 (truncated row?)'],
        ],
      });
      expect(summaries[1]).toEqual({
        status: 'warnings',
        statusText: 'valid, with warnings',
        files: [
          ['data_clinical_samples.txt', '0', '0', '1', '1', '', ''],
          ['data_clinical_patients.txt', '0', '0', '1', '1', '', ''],
          ['data_mutations_extended.maf', '0', '1', '1', '0', '1 Variant_Classification RNA (first: RNA)', ''],
        ],
        messages: [['WARNING', 'data_mutations_extended.maf', '3', '', '1 row(s) skipped: Variant_Classification RNA (first: RNA)']],
      });
      // load: the same page, the study loaded with its warning, then the refused one with its errors
      const load = await readReport(playwright, loadReport);
      expect(load.title).toBe('duckportal load');
      expect(load.exitCode).toBe('1');
      expect(load.studies.map((s) => [s.status, s.statusText])).toEqual([['warnings', 'loaded, with warnings'], ['errors', 'refused: nothing of it was written']]);
      expect(load.studies[0].files).toEqual(summaries[1].files);
      expect(load.studies[0].messages).toEqual(summaries[1].messages);
      expect(load.studies[1].messages).toEqual(summaries[0].messages);
    } finally {
      await playwright.close();
    }
  }, 240_000);
});
