// A loaded demo store for the API benchmarks, built once per (samples, seed) and then reused.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoStore } from '../cli/demo-store.js';

export const WORK = join(tmpdir(), 'duckportal-bench');

export async function ensureBenchStore(samples: number, seed: number): Promise<string> {
  mkdirSync(WORK, { recursive: true });
  const dbPath = join(WORK, `store-${samples}-${seed}.duckdb`);
  if (!existsSync(dbPath)) await buildDemoStore(dbPath, { studyDir: join(WORK, `demo-${samples}-${seed}`), samples, seed });
  return dbPath;
}
