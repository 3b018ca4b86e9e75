// A loaded demo store for the API benchmarks, built once per (samples, seed) and then reused.
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoStore } from '../cli/demo-store.js';
import { GENIE_DENSITY } from './demo/platforms.js';

export const WORK = join(tmpdir(), 'duckportal-bench');

/** `genie`: GENIE's event density (GENIE_DENSITY); default: the generator's own. */
export async function ensureBenchStore(samples: number, seed: number, density?: 'genie'): Promise<string> {
  mkdirSync(WORK, { recursive: true });
  const name = `${samples}-${seed}${density === undefined ? '' : `-${density}`}`;
  const dbPath = join(WORK, `store-${name}.duckdb`);
  if (!existsSync(dbPath))
    await buildDemoStore(dbPath, { studyDir: join(WORK, `demo-${name}`), samples, seed, density: density === 'genie' ? GENIE_DENSITY : undefined });
  return dbPath;
}
