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
    expect(md).toContain('`npm run bench -- --scale 272000 --seed 1 --density genie --runs 20 --duration 30 --connections 8,32 --only core-api`');
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

  it('flags a server peak RSS above 4 GB', () => {
    expect(reportMarkdown(result(4500), {}, [])).toContain('**Server peak RSS: 4,500 MB** (limit 4,096 MB: **ABOVE THE LIMIT**;');
  });
});
