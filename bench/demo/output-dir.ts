// The demo study's output folder: created if missing; an existing folder is only reused when it
// holds nothing but files this generator writes (so a stale foreign meta file never sneaks in).
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function prepareOutputDir(outDir: string, ownFile: (relativePath: string) => boolean): void {
  if (existsSync(outDir)) {
    if (!statSync(outDir).isDirectory()) throw new Error(`${outDir} exists and is not a folder`);
    const foreign = listFiles(outDir).filter((f) => !ownFile(f));
    if (foreign.length > 0) throw new Error(`${outDir} is not empty and holds files the demo generator does not write (${foreign.slice(0, 3).join(', ')}); choose an empty or new folder`);
  }
  mkdirSync(join(outDir, 'case_lists'), { recursive: true });
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/** Relative paths of every file under a folder, sorted (for summaries and tests). */
export function filesUnder(dir: string): string[] {
  return listFiles(dir).sort();
}
