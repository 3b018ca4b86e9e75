// `duckportal validate`: each study folder is loaded, with every check `load` makes, into a scratch
// store that is thrown away; the curator's store, when given, is only read. Statuses and exit
// codes as validateData.py's: 0 valid, 1 errors, 3 warnings only, 2 could not run.
import { existsSync, statSync } from 'node:fs';
import { GeneResolver } from '../genes/gene-resolver.js';
import { loadStudy } from '../load-study.js';
import { StudyRefused, type StudyOutcome, type StudyStatus } from '../report/load-report.js';
import { readStudyDir } from '../study-dir.js';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { AnyGeneResolver } from './any-gene-resolver.js';
import { addAssumedReference } from './assumed-reference.js';
import { copyFromStore, openScratchStore } from './scratch-store.js';

export type ValidationStatus = StudyStatus;
export type StudyValidation = StudyOutcome;

export interface Validation {
  studies: StudyValidation[];
  /** The store checked against, if any. */
  store?: string;
  /** Checks that need a store and were not made without one. */
  skippedChecks: string[];
  exitCode: number;
}

export const CHECKS_NEEDING_A_STORE = [
  'gene symbols and Entrez ids (every one is taken as known)',
  'cancer types that the study folder does not define',
  'gene panels that the study folder does not define',
  'gene set ids of GSVA files',
  'incremental folders (they are checked against their study in the store)',
];

/** How the text and HTML reports name each status. */
export const STATUS_TEXT: Record<ValidationStatus, string> = {
  valid: 'valid',
  warnings: 'valid, with warnings',
  errors: 'has errors (load would refuse it)',
  'not run': 'could not be validated',
};

const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();

const EXIT_CODES: Record<ValidationStatus, number> = { valid: 0, errors: 1, 'not run': 2, warnings: 3 };
/** The worst status decides the exit code. */
const SEVERITY: ValidationStatus[] = ['valid', 'warnings', 'errors', 'not run'];

/** Validates the folders in turn, as `load` would load them: a later folder sees the earlier ones. */
export async function validateStudies(dirs: readonly string[], options: { store?: string } = {}): Promise<Validation> {
  const { store } = options;
  const done = (studies: StudyValidation[]): Validation => {
    const worst = studies.reduce((w, s) => Math.max(w, SEVERITY.indexOf(s.status)), 0);
    return { studies, store, skippedChecks: store ? [] : CHECKS_NEEDING_A_STORE, exitCode: EXIT_CODES[SEVERITY[worst]] };
  };
  if (store !== undefined && !existsSync(store)) return done(dirs.map((dir) => ({ dir, status: 'not run', reason: `no store at ${store}` })));
  const scratch = await openScratchStore();
  try {
    let genes: GeneResolver = new AnyGeneResolver();
    if (store !== undefined) {
      const unreadable = await copyFromStore(scratch, store, incrementalStudyIds(dirs)).then(() => undefined, (error: Error) => `cannot read the store ${store}: ${error.message}`);
      genes = await GeneResolver.load(scratch);
      const reason = unreadable ?? (genes.size === 0 ? `the store ${store} has no gene reference` : undefined);
      if (reason) return done(dirs.map((dir) => ({ dir, status: 'not run', reason })));
    }
    const studies: StudyValidation[] = [];
    for (const dir of dirs) studies.push(await validateStudy(scratch, genes, dir, store !== undefined));
    return done(studies);
  } finally {
    scratch.close();
  }
}

async function validateStudy(scratch: Db, genes: GeneResolver, dir: string, withStore: boolean): Promise<StudyValidation> {
  if (!isFolder(dir)) return { dir, status: 'not run', reason: 'no such folder' };
  try {
    if (!withStore) {
      let unreadable = false;
      const study = readStudyDir(dir, () => (unreadable = true));
      const studyId = study.metas.find((m) => m.values.has('cancer_study_identifier'))?.values.get('cancer_study_identifier');
      // As load: a meta file that cannot be read may be the study's, so the folder is not taken as incremental.
      const isIncremental = !unreadable && study.metas.length > 0 && !study.metas.some((m) => m.kind === 'study');
      if (isIncremental && !(await scratch.one(sql`SELECT 1 FROM cancer_study WHERE study_id = ${studyId ?? ''}`)))
        return { dir, status: 'not run', reason: 'an incremental folder (no meta_study file) is checked against its study: give --db <store>' };
      await addAssumedReference(scratch, study);
    }
    const summary = await loadStudy(scratch, genes, dir, { checkOnly: true });
    return { dir, status: summary.report.warnings.length > 0 ? 'warnings' : 'valid', report: summary.report };
  } catch (error) {
    if (error instanceof StudyRefused) return { dir, status: 'errors', report: error.report };
    return { dir, status: 'not run', reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The studies incremental folders add to: their rows in the store are copied (a full folder
 * replaces its study, whose rows the load would only delete).
 */
function incrementalStudyIds(dirs: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const dir of dirs) {
    if (!isFolder(dir)) continue;
    const { metas } = readStudyDir(dir, () => {});
    if (metas.some((m) => m.kind === 'study')) continue;
    for (const meta of metas) {
      const id = meta.values.get('cancer_study_identifier');
      if (id) ids.add(id);
    }
  }
  return [...ids];
}
