// A loaded demo store for the API benchmarks, built once per study shape (samples, seed, density,
// expression size) and then reused.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoStore } from '../cli/demo-store.js';
import { generateDemoStudy, type ExpressionSize } from './demo/generate-demo-study.js';
import { GENIE_DENSITY } from './demo/platforms.js';

export const WORK = join(tmpdir(), 'duckportal-bench');

/** `genie`: GENIE's event density (GENIE_DENSITY); undefined: the generator's own. */
export type BenchDensity = 'genie' | undefined;

/** The expression matrix the issue's statistics goals name: 20,000 genes × 10,000 samples. */
export const BENCH_EXPRESSION: ExpressionSize = { genes: 20_000, samples: 10_000 };

/** The demo study a benchmark runs on; `expression` undefined: the generator's default matrix. */
export interface BenchStudy {
  samples: number;
  seed: number;
  density?: BenchDensity;
  expression?: ExpressionSize;
}

/** The cached study folder and store of one study shape, under `work`. */
export function benchPaths(study: BenchStudy, work = WORK): { studyDir: string; dbPath: string } {
  const { samples, seed, density, expression } = study;
  const name = `${samples}-${seed}${density === undefined ? '' : `-${density}`}${expression === undefined ? '' : `-e${expression.genes}x${expression.samples}`}`;
  return { studyDir: join(work, `demo-${name}`), dbPath: join(work, `store-${name}.duckdb`) };
}

const densityOf = (density: BenchDensity) => (density === 'genie' ? GENIE_DENSITY : undefined);

/** Generates the study folder unless present; returns its path and the seconds spent (null: reused). */
export async function ensureBenchStudy(study: BenchStudy, work = WORK): Promise<{ studyDir: string; generatedSeconds: number | null }> {
  const { studyDir } = benchPaths(study, work);
  if (existsSync(join(studyDir, 'meta_study.txt'))) return { studyDir, generatedSeconds: null };
  mkdirSync(work, { recursive: true });
  const t0 = performance.now();
  await generateDemoStudy({ outDir: studyDir, samples: study.samples, seed: study.seed, density: densityOf(study.density), expression: study.expression });
  return { studyDir, generatedSeconds: Math.round((performance.now() - t0) / 100) / 10 };
}

export async function ensureBenchStore(study: BenchStudy, work = WORK): Promise<string> {
  mkdirSync(work, { recursive: true });
  const { studyDir, dbPath } = benchPaths(study, work);
  if (!existsSync(dbPath)) {
    await buildDemoStore(dbPath, { studyDir, samples: study.samples, seed: study.seed, density: densityOf(study.density), expression: study.expression });
  }
  return dbPath;
}
