import { defineConfig } from 'vitest/config';

// .ci/run sets VITEST_JSON_REPORT to read the pass/fail counts of the run.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', '.duckportal/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['test/global-setup.ts'],
    // A temporary folder per test file, removed after it (test/temp-dir.ts).
    setupFiles: ['test/temp-dir.ts'],
    pool: 'forks',
    maxWorkers: 2,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
  },
});
