import { describe, expect, it } from 'vitest';
import type { BenchResult } from '../bench-result.js';
import { reportMarkdown } from './markdown.js';

const timing = { name: 'a | b', items: 3, bytes: 10, wireBytes: 10, first: 5, p50: 2, p95: 4, sqlP50: 1, serverP50: 1.5, statements: 1, directSqlP50: 1, ratio: 2 };

const result = (peakRssMb: number): BenchResult => ({
  format: 1, date: '2026-01-02T03:04:05.000Z', scale: 272000, seed: 1, density: 'genie',
  options: { suites: ['core-api'], runs: 20, connections: [8, 32], durationSeconds: 30 },
  machine: { cpu: 'CPU', cores: 2, memoryGb: 8, os: 'Linux', node: 'v20.0.0', duckdb: 'v1.5.6', commit: 'abc', dirty: true },
  generatedSeconds: null,
  suites: { 'core-api': [timing] },
  server: { peakRssMb, peakRssAfterMb: { 'core-api': peakRssMb }, overLimit: peakRssMb > 4096, memoryLimit: null },
  suiteSeconds: { 'core-api': 12.3 },
  seconds: 15,
});

describe('reportMarkdown', () => {
  it('names the command, the machine and the commit, and escapes table cells', () => {
    const md = reportMarkdown(result(900), { 'core-api': 'x-core-api.svg' }, []);
    expect(md).toContain('# duckportal benchmark: 272,000 samples, 2026-01-02');
    expect(md).toContain('`npm run bench -- --scale 272000 --seed 1 --density genie --expression default --runs 20 --duration 30 --connections 8,32 --only core-api`');
    expect(md).toContain('- commit abc with uncommitted changes');
    expect(md).toContain('- run time 15 s (core-api 12 s)');
    expect(md).toContain('| a \\| b | 3 | 5 | 2 | 4 | 1.5 | 1 | 2 | 1 |');
    expect(md).toContain('![Core API latency](x-core-api.svg)');
    expect(md).toContain('**Server peak RSS: 900 MB** (limit 4,096 MB, within it;');
    expect(md).not.toContain('## Study View');
  });

  it('lists the answer formats with their bytes on the wire', () => {
    const formats = [{ ...timing, name: 'as JSON', items: 70_670, bytes: 56_954_478, wireBytes: 56_954_478 }, { ...timing, name: 'as Arrow', items: 70_670, bytes: 25_995_088, wireBytes: 25_995_088 }];
    const md = reportMarkdown({ ...result(900), suites: { 'core-api': [timing], 'answer-formats': formats } }, {}, []);
    expect(md).toContain('## Answer formats');
    expect(md).toContain('| as Arrow | 70,670 | 26.0 | 26.0 | 5 | 2 | 4 | 1.5 |');
  });

  it('shows fresh and warm Study View figures beside each other, the page after a click and both concurrency mixes', () => {
    const sv = [{ ...timing, name: 'counts [studyIds]', endpoint: 'counts', cohort: 'studyIds' as const },
      { ...timing, name: 'counts [combined filter]', endpoint: 'counts', cohort: 'combined filter' as const, fresh: { p50: 30, p95: 45, serverP50: 28 } }];
    const pages = [{ filter: 'small' as const, requests: 17, connections: 6, p50: 120, p95: 250 }];
    const concurrency = [{ connections: 8, durationSeconds: 30, requests: 900, requestsPerSecond: 30, p50: 1, p95: 2, p99: 3, errors: 0 },
      { mode: 'fresh' as const, connections: 8, durationSeconds: 30, requests: 300, requestsPerSecond: 10, p50: 4, p95: 5, p99: 6, errors: 0 }];
    const md = reportMarkdown({ ...result(900), suites: { 'study-view': sv, 'page-after-click': pages, concurrency } }, { 'page-after-click': 'x-page.svg' }, []);
    expect(md).toContain('| request | items | fresh p50 (ms) | fresh p95 (ms) | warm p50 (ms) | warm p95 (ms) |');
    expect(md).toContain('| counts [studyIds] | 3 | – | – | 2 | 4 |');
    expect(md).toContain('| counts [combined filter] | 3 | 30 | 45 | 2 | 4 |');
    expect(md).toContain('| small | 17 | 6 | 120 | 250 |');
    expect(md).toContain('![Page after a click against scale](x-page.svg)');
    expect(md).toContain('| warm | 8 | 30 | 900 | 30 |');
    expect(md).toContain('| fresh | 8 | 30 | 300 | 10 |');
  });

  it('keeps the "first" column of results without fresh figures', () => {
    const md = reportMarkdown({ ...result(900), suites: { 'study-view': [{ ...timing, endpoint: 'a', cohort: 'studyIds' }] } }, {}, []);
    expect(md).toContain('| request | items | first (ms) |');
  });

  it('lists the bulk answers with their MB/s', () => {
    const bulk = [{ ...timing, name: 'clinical data', items: 2_700_000, bytes: 420_000_000, wireBytes: 420_000_000, mbPerSecond: 1_400 }];
    const md = reportMarkdown({ ...result(900), suites: { 'core-api': [timing], 'bulk-answers': bulk } }, {}, []);
    expect(md).toContain('## Bulk answers');
    expect(md).toContain('| clinical data | 2,700,000 | 420.0 | 5 | 2 | 4 | 1.5 | 1,400 |');
  });

  it('shows each reload while serving with its windows before, during and after', () => {
    const window = (p50: number | null) => ({ seconds: 10, requests: p50 === null ? 0 : 500, p50, p95: p50, p99: p50, errors: 0, errorsBy: {} });
    const reload = [{ kind: 'add' as const, studyId: 'demo_small', samples: 1_000, connections: 4, commandSeconds: 6.2, servedAfterSeconds: 1.4,
      windows: { before: window(20), reload: { ...window(null), errors: 1_500, errorsBy: { 503: 1_500 } }, after: window(30) },
      errorSpan: { from: 2.5, to: 4 }, rssMb: { before: 1_200, peak: 1_900, after: 1_300 } }];
    const md = reportMarkdown({ ...result(900), suites: { reload } }, {}, []);
    expect(md).toContain('## Reload while serving');
    expect(md).toContain('| a small study added: demo_small | 1,000 | 6.2 | 1.4 | 2.5–4 | 1,200 | 1,900 | 1,300 |');
    expect(md).toContain('| a small study added: demo_small | during | 10 | 0 | – | – | – | 1,500 (503: 1,500) |');
    expect(md).toContain('| a small study added: demo_small | after | 10 | 500 | 30 | 30 | 30 | 0 |');
  });

  it('flags a server peak RSS above 4 GB', () => {
    expect(reportMarkdown(result(4500), {}, [])).toContain('**Server peak RSS: 4,500 MB** (limit 4,096 MB: **ABOVE THE LIMIT**;');
  });
});
