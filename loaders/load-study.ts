// Loads one study folder (or an incremental data directory) in one transaction, in the order
// of study-format 23/24: a failed load leaves the store as it was.
import { basename } from 'node:path';
import type { Db } from '../engine/sql/db.js';
import { raw, sql } from '../engine/sql/sql.js';
import { stampStudy } from '../engine/sql/study-stamps.js';
import { StudyContext } from './context.js';
import { deriveStudyData } from './derive.js';
import { deleteStudyRows } from './store/delete-study.js';
import { LoadError, type Warnings } from './errors.js';
import { countDataRows } from './report/data-rows.js';
import { LoadProblems, StudyRefused, type StudyReport } from './report/load-report.js';
import { loadCancerTypes } from './formats/cancer-type.js';
import { addGlobalCaseList, extendCaseLists, loadCaseLists } from './formats/case-lists.js';
import { loadClinicalSamples } from './formats/clinical.js';
import { DATA_LOADERS, INCREMENTAL_KINDS } from './formats/index.js';
import { insertStudy, parseStudyMeta } from './formats/study.js';
import type { GeneResolver } from './genes/gene-resolver.js';
import { restoreStudyContext } from './store/restore-context.js';
import { findGenePanelFiles, importGenePanelFile } from './reference/gene-panels.js';
import { dataFilePath, readStudyDir, type MetaFile, type StudyDir } from './study-dir.js';

/**
 * DuckDB's memory for imports: a study's rows stay in the open transaction until it commits, and
 * a cap makes DuckDB spill them to disk instead of growing (bench:load peaks under 2 GB with 1 GB).
 */
export const LOAD_MEMORY_LIMIT = process.env.DUCKPORTAL_LOAD_MEMORY_LIMIT ?? '1GB';

export interface LoadSummary {
  studyId: string;
  incremental: boolean;
  samples: number;
  patients: number;
  profiles: number;
  rows: Record<string, number>;
  /** Seconds spent per data file (the clinical sample file and every meta-declared file). */
  fileSeconds: Record<string, number>;
  /** Per file: rows read, loaded and skipped with the reasons; the warnings (no errors: it loaded). */
  report: StudyReport;
  warnings: string[];
  seconds: number;
}

export interface LoadOptions {
  /** Called with each data file's path as it starts (progress display). */
  onFile?: (path: string) => void;
  /** Only check (validate into a scratch store): the derived data, which checks nothing, is not computed. */
  checkOnly?: boolean;
}

/**
 * Loads a study, or throws StudyRefused with every error found: after a file's error the load goes
 * on with the files that do not depend on it, then everything is rolled back.
 */
export async function loadStudy(db: Db, genes: GeneResolver, dir: string, options: LoadOptions = {}): Promise<LoadSummary> {
  const started = performance.now();
  const problems = new LoadProblems();
  const fileSeconds: Record<string, number> = {};
  const timed = async (meta: MetaFile, work: () => Promise<void>): Promise<boolean> => {
    const path = dataFilePath(meta);
    options.onFile?.(path);
    const t0 = performance.now();
    const ok = await problems.attempt(work);
    fileSeconds[basename(path)] = (fileSeconds[basename(path)] ?? 0) + (performance.now() - t0) / 1000;
    if (ok) problems.rowsRead.set(path, await countDataRows(path));
    return ok;
  };
  let studyId: string | undefined;
  const opened: { ctx?: StudyContext } = {};
  const ctx = await db.transaction(async () => {
    await problems.attempt(async () => {
      const study = readStudyDir(dir, (error) => problems.errors.push(error));
      const studyMeta = single(study, 'study');
      studyId = checkStudyIds(study);
      // A meta file that could not be read may have been the study's: then it is not incremental.
      if (studyMeta === undefined && problems.errors.length > 0) return;
      const reloading = incremental(studyMeta) ? undefined : studyId;
      for (const panel of findGenePanelFiles(dir)) await problems.attempt(async () => void (await importGenePanelFile(db, genes, panel, problems.warnings, reloading)));
      opened.ctx = incremental(studyMeta)
        ? await openIncremental(db, genes, problems.warnings, study, studyId)
        : await createStudy(db, genes, problems, study, studyMeta);
      await loadFiles(opened.ctx, problems, study, studyMeta, timed);
      if (problems.errors.length > 0 || options.checkOnly) return;
      const t0 = performance.now();
      await deriveStudyData(opened.ctx);
      fileSeconds['(derived data)'] = (performance.now() - t0) / 1000;
      await stampStudy(db, opened.ctx.study.key);
    });
    if (problems.errors.length > 0 || !opened.ctx) throw new StudyRefused(problems.report(dir, studyId));
    return opened.ctx;
  });
  const rows = Object.fromEntries([...ctx.rowCounts].filter(([, n]) => n > 0).sort());
  // `table` is one of our own table names below, never input.
  const count = async (table: string) =>
    (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM ${raw(table)} WHERE study_key = ${ctx.study.key}`))?.n ?? 0;
  return {
    studyId: ctx.study.id, incremental: ctx.incremental, rows, fileSeconds,
    report: problems.report(dir, ctx.study.id),
    samples: await count('sample'),
    patients: await count('patient'),
    profiles: await count('molecular_profile'),
    warnings: problems.warnings.summary(),
    seconds: (performance.now() - started) / 1000,
  };
}

function single(study: StudyDir, kind: MetaFile['kind']): MetaFile | undefined {
  const found = study.metas.filter((m) => m.kind === kind);
  if (found.length > 1) throw new LoadError({ file: found[1].path }, `a study folder may hold only one ${kind} file (also: ${found[0].path})`);
  return found[0];
}

function checkStudyIds(study: StudyDir): string {
  const ids = new Set<string>();
  for (const meta of study.metas) {
    const id = meta.values.get('cancer_study_identifier');
    if (id !== undefined) ids.add(id);
  }
  if (study.metas.length === 0) throw new LoadError({ file: study.dir }, 'no meta files found');
  if (ids.size !== 1) throw new LoadError({ file: study.dir }, `meta files disagree on cancer_study_identifier: ${[...ids].join(', ') || 'none'}`);
  return [...ids][0];
}

const incremental = (studyMeta: MetaFile | undefined): studyMeta is undefined => studyMeta === undefined;

type TimedFile = (meta: MetaFile, work: () => Promise<void>) => Promise<boolean>;

/** The study's files after the study record, in the reference importer's order. */
async function loadFiles(ctx: StudyContext, problems: LoadProblems, study: StudyDir, studyMeta: MetaFile | undefined, timed: TimedFile): Promise<void> {
  const samplesMeta = single(study, 'clinical-sample');
  const dataMetas = orderedDataMetas(study);
  if (samplesMeta) {
    if (!(await timed(samplesMeta, () => loadClinicalSamples(ctx, samplesMeta)))) {
      // Every later file names samples: checked against a part of them, each would only fail.
      for (const path of [...dataMetas.map((m) => dataFilePath(m)), ...study.caseListFiles]) problems.notChecked.set(path, 'the clinical sample file has errors');
      return;
    }
  } else if (!ctx.incremental) throw new LoadError({ file: study.dir }, 'the study has no clinical sample file (meta with datatype SAMPLE_ATTRIBUTES)');
  for (const meta of dataMetas) {
    const loader = DATA_LOADERS.find(([kind]) => kind === meta.kind)?.[1];
    if (!loader) throw new LoadError({ file: meta.path }, `no loader for ${meta.kind}`);
    await timed(meta, () => loader(ctx, meta));
  }
  await writeProfiledSamples(ctx);
  await problems.attempt(async () => {
    if (incremental(studyMeta)) {
      if (samplesMeta) await extendCaseLists(ctx, study.caseListFiles, ctx.sampleFileIds);
    } else {
      await loadCaseLists(ctx, study.caseListFiles);
      if (parseStudyMeta(studyMeta).addGlobalCaseList) await addGlobalCaseList(ctx);
    }
  });
}

async function createStudy(db: Db, genes: GeneResolver, problems: LoadProblems, study: StudyDir, meta: MetaFile): Promise<StudyContext> {
  const record = parseStudyMeta(meta);
  const cancerTypes = single(study, 'cancer-type');
  if (cancerTypes) await problems.attempt(() => loadCancerTypes(db, cancerTypes, problems.warnings));
  const previous = await db.one<{ study_key: number }>(sql`SELECT study_key FROM cancer_study WHERE study_id = ${record.studyId}`);
  if (previous) await deleteStudyRows(db, previous.study_key);
  const studyKey = previous?.study_key ?? ((await db.one<{ k: number }>(sql`SELECT coalesce(max(study_key), 0)::INTEGER + 1 AS k FROM cancer_study`))?.k ?? 1);
  await insertStudy(db, meta, studyKey, record);
  return new StudyContext(db, genes, problems.warnings, { key: studyKey, id: record.studyId, referenceGenome: record.referenceGenome }, false);
}

async function openIncremental(db: Db, genes: GeneResolver, warnings: Warnings, study: StudyDir, studyId: string): Promise<StudyContext> {
  for (const meta of study.metas) {
    if (!INCREMENTAL_KINDS.has(meta.kind) || (meta.kind === 'generic-assay' && meta.values.get('patient_level')?.toLowerCase() === 'true'))
      throw new LoadError({ file: meta.path }, `${meta.kind} files cannot be loaded incrementally (and there is no meta_study file)`);
  }
  const row = await db.one<{ study_key: number; reference_genome: string }>(sql`SELECT study_key, reference_genome FROM cancer_study WHERE study_id = ${studyId}`);
  if (!row) throw new LoadError({ file: study.dir }, `no meta_study file, and study '${studyId}' is not loaded: an incremental load needs the study first`);
  const ctx = new StudyContext(db, genes, warnings, { key: row.study_key, id: studyId, referenceGenome: row.reference_genome }, true);
  await restoreStudyContext(ctx);
  return ctx;
}

/** Data metas in load order; a Z-score file after the profile it is derived from. */
function orderedDataMetas(study: StudyDir): MetaFile[] {
  const rank = (m: MetaFile) => DATA_LOADERS.findIndex(([kind]) => kind === m.kind);
  const isZscore = (m: MetaFile) => m.kind === 'expression' && m.values.get('datatype') === 'Z-SCORE';
  return study.metas
    .filter((m) => rank(m) >= 0)
    .map((m, i) => ({ m, key: [rank(m), isZscore(m) ? 1 : 0, i] }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
    .map(({ m }) => m);
}

async function writeProfiledSamples(ctx: StudyContext): Promise<void> {
  for (const [profileKey, samples] of ctx.profiled) {
    await ctx.db.run(sql`DELETE FROM sample_profile WHERE profile_key = ${profileKey} AND sample_key IN (SELECT unnest(${[...samples.keys()]}::INTEGER[]))`);
    const writer = await ctx.writer('sample_profile');
    try {
      for (const [sampleKey, panelKey] of samples) writer.add({ study_key: ctx.study.key, sample_key: sampleKey, profile_key: profileKey, panel_key: panelKey });
      await writer.finish();
    } finally {
      writer.discard();
    }
  }
}
