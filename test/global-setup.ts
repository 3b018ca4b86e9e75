// Once per vitest run: the folder of the test stores built once and copied by every test file
// that asks for the same one (helpers/store.ts), removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    testStores: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'duckportal-test-stores-'));
  project.provide('testStores', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
