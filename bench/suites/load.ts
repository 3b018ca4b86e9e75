// Load suite: the demo study loaded into a new store by a child process (load-child.ts): load
// seconds, rows/s, DB size and the loader's peak RSS; per data file its seconds, rows and rows/s.
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ExpressionSize } from '../demo/generate-demo-study.js';

export interface LoadFigures {
  samples: number;
  /** loadStudy alone: the gene reference import and the final CHECKPOINT excluded. */
  loadSeconds: number;
  /** CPU seconds of the loader process (every thread, DuckDB's too) during loadStudy: less swayed by a busy machine than loadSeconds. */
  loadCpuSeconds: number;
  rows: number;
  rowsPerSecond: number;
  mutations: number;
  dbSizeMb: number;
  peakRssMb: number;
  /** DuckDB's memory_limit while loading (DUCKPORTAL_LOAD_MEMORY_LIMIT). */
  memoryLimit: string;
  rowsPerTable: Record<string, number>;
  fileSeconds: Record<string, number>;
  /** Data rows read per file (files read as rows: not the meta, case list and panel files). */
  fileRows: Record<string, number>;
  /** fileRows / fileSeconds. */
  fileRowsPerSecond: Record<string, number>;
}

const RUN_TS = fileURLToPath(new URL('../../bin/run-ts.js', import.meta.url));
const CHILD = fileURLToPath(new URL('./load-child.ts', import.meta.url));

/**
 * Loads `studyDir` into `dbPath` (which must not exist), with the genes of its expression matrix;
 * on failure no store is left behind.
 */
export async function runLoadSuite(studyDir: string, dbPath: string, expression?: ExpressionSize): Promise<LoadFigures> {
  const args = [RUN_TS, CHILD, studyDir, dbPath, ...(expression ? [`${expression.genes}x${expression.samples}`] : [])];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 2 ** 20 });
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as LoadFigures;
  } catch (error) {
    for (const f of [dbPath, `${dbPath}.wal`]) rmSync(f, { force: true });
    throw error;
  }
}
