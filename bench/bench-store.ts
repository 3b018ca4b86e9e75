// A loaded demo store for the API benchmarks, built once per (samples, seed, density) and then reused.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoStore } from '../cli/demo-store.js';
import { generateDemoStudy } from './demo/generate-demo-study.js';
import { GENIE_DENSITY } from './demo/platforms.js';

export const WORK = join(tmpdir(), 'duckportal-bench');

/** `genie`: GENIE's event density (GENIE_DENSITY); undefined: the generator's own. */
export type BenchDensity = 'genie' | undefined;

/** The cached study folder and store of one (samples, seed, density), under `work`. */
export function benchPaths(samples: number, seed: number, density: BenchDensity, work = WORK): { studyDir: string; dbPath: string } {
  const name = `${samples}-${seed}${density === undefined ? '' : `-${density}`}`;
  return { studyDir: join(work, `demo-${name}`), dbPath: join(work, `store-${name}.duckdb`) };
}

const densityOf = (density: BenchDensity) => (density === 'genie' ? GENIE_DENSITY : undefined);

/** Generates the study folder unless present; returns its path and the seconds spent (null: reused). */
export async function ensureBenchStudy(samples: number, seed: number, density?: BenchDensity, work = WORK): Promise<{ studyDir: string; generatedSeconds: number | null }> {
  const { studyDir } = benchPaths(samples, seed, density, work);
  if (existsSync(join(studyDir, 'meta_study.txt'))) return { studyDir, generatedSeconds: null };
  mkdirSync(work, { recursive: true });
  const t0 = performance.now();
  await generateDemoStudy({ outDir: studyDir, samples, seed, density: densityOf(density) });
  return { studyDir, generatedSeconds: Math.round((performance.now() - t0) / 100) / 10 };
}

export async function ensureBenchStore(samples: number, seed: number, density?: BenchDensity, work = WORK): Promise<string> {
  mkdirSync(work, { recursive: true });
  const { studyDir, dbPath } = benchPaths(samples, seed, density, work);
  if (!existsSync(dbPath)) await buildDemoStore(dbPath, { studyDir, samples, seed, density: densityOf(density) });
  return dbPath;
}
