// Writes a synthetic cBioPortal study folder (study-format.md) of any size, deterministic for a
// seed: clinical data, timeline, mutations, discrete CNA (long), segments, SVs, expression,
// treatment IC50, gene panels and case lists. Streams every file, so 100,000 samples fit easily.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillerGenes, readDemoGenes } from './demo-genes.js';
import { caseListText, DATA_FILES, metaFiles } from './meta-files.js';
import { filesUnder, prepareOutputDir } from './output-dir.js';
import { genePanelFileName, genePanelFileText, makePlatforms, type EventDensity } from './platforms.js';
import { StudyWriter, type StudyCounts } from './study-writer.js';

export interface DemoStudyOptions {
  outDir: string;
  samples: number;
  seed: number;
  /** Default `demo_study`. */
  studyId?: string;
  /** Mutations and CNA calls per sample relative to the defaults (GENIE_DENSITY for GENIE-like data). */
  density?: EventDensity;
  /** Size of the expression matrix; default the demo genes × the first MATRIX_SAMPLES samples. */
  expression?: ExpressionSize;
}

/** Genes (the demo genes, then fillerGenes) × first samples of the expression matrix and the other matrix files. */
export interface ExpressionSize {
  genes: number;
  samples: number;
}

/** What was written, for tests and benchmarks to compare with what gets loaded. */
export interface DemoSummary extends StudyCounts {
  studyId: string;
  seed: number;
  /** Case list stable id -> sample count (the `_all` list comes from add_global_case_list). */
  caseLists: Record<string, number>;
  /** Relative paths of every file written. */
  files: string[];
}

/** Matrix files (expression, z-scores, IC50, segments) cover this many samples at most by default. */
export const MATRIX_SAMPLES = 2000;

export async function generateDemoStudy(options: DemoStudyOptions): Promise<DemoSummary> {
  const { outDir, samples, seed } = options;
  const studyId = options.studyId ?? 'demo_study';
  if (!/^[a-z0-9_]+$/.test(studyId)) throw new Error(`study id '${studyId}' must be lower-case letters, digits and _`);
  if (!Number.isInteger(samples) || samples < 1) throw new Error('samples must be a positive integer');
  if (!Number.isInteger(seed)) throw new Error('seed must be an integer');

  const genes = readDemoGenes();
  const platforms = makePlatforms(genes, options.density);
  const metas = metaFiles(studyId, samples, seed);
  const own = new Set([...Object.keys(metas), ...Object.values(DATA_FILES), ...platforms.filter((p) => p.id !== 'WXS').map(genePanelFileName)]);
  prepareOutputDir(outDir, (f) => own.has(f) || /^case_lists\/cases_[a-z0-9_]+\.txt$/.test(f));
  for (const p of platforms) if (p.id !== 'WXS') writeFileSync(join(outDir, genePanelFileName(p)), genePanelFileText(p));
  for (const [name, text] of Object.entries(metas)) writeFileSync(join(outDir, name), text);

  const matrixSamples = Math.min(samples, options.expression?.samples ?? MATRIX_SAMPLES);
  const study = new StudyWriter(outDir, seed, genes, platforms, matrixSamples, fillerGenes(genes, options.expression?.genes ?? 0));
  try {
    await study.writeSamples(samples);
    await study.writeMatrices();
  } catch (error) {
    study.abort();
    throw error;
  }
  await study.close();
  const caseLists = study.caseLists();
  for (const list of caseLists) writeFileSync(join(outDir, 'case_lists', `cases_${list.suffix}.txt`), caseListText(studyId, list));
  return { studyId, seed, ...study.summary(), caseLists: Object.fromEntries(caseLists.map((l) => [`${studyId}_${l.suffix}`, l.sampleIds.length])), files: filesUnder(outDir) };
}

