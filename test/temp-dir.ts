// Each test file gets a temporary folder of its own as TMPDIR (child processes inherit it), removed
// when the file ends: the study copies, stores and spill files that tests and loaders write there
// would otherwise pile up in the machine's temp folder, gigabytes over a few runs.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const outer = process.env.TMPDIR;
const dir = mkdtempSync(join(tmpdir(), 'duckportal-test-'));
// Writable by all, as /tmp is: some tests run a program as another user (PostgreSQL's postgres).
chmodSync(dir, 0o1777);
process.env.TMPDIR = dir;

// Registered before the file's own hooks, so it runs after them.
afterAll(() => {
  if (outer === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = outer;
  rmSync(dir, { recursive: true, force: true });
});
