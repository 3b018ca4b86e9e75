// The benchmark suite (`npm run bench`) at a tiny scale, so that it cannot rot: every suite runs
// against a real server and the report renders with well-formed charts. Figures are not judged
// here (the machine is shared), only their sanity: positive, ordered, no errors.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReports } from '../../bench/report/render-report.js';
import type { BenchResult } from '../../bench/bench-result.js';
import { runBench } from '../../bench/run-bench.js';
import { ON_DEMAND_STUDY_VIEW_ENDPOINTS, STUDY_VIEW_ENDPOINTS } from '../../bench/study-view-cases.js';
import { answerFormatCases } from '../../bench/suites/answer-formats.js';
import { bulkAnswerCases } from '../../bench/suites/bulk-answers.js';
import { coreApiCases } from '../../bench/suites/core-api.js';
import { statsCases } from '../../bench/suites/stats.js';
import { checkWellFormedXml } from '../helpers/well-formed-xml.js';

const SAMPLES = 100;
const dir = mkdtempSync(join(tmpdir(), 'bench-suite-'));
const out = join(dir, 'results');
let result: BenchResult;
let jsonPath: string;
let markdownPath: string;

beforeAll(async () => {
  ({ result, jsonPath, markdownPath } = await runBench({
    scale: SAMPLES, seed: 1, density: 'genie', suites: ['load', 'core-api', 'study-view', 'page-after-click', 'stats', 'concurrency', 'reload'],
    runs: 1, connections: [2, 4], durationSeconds: 1, outDir: out, work: join(dir, 'work'), log: () => {},
  }));
}, 480_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Timed HTTP cases: positive, ordered quantiles, a body that parsed. */
function expectSaneTimings(timings: readonly { name: string; first: number; p50: number; p95: number; items: number }[]) {
  for (const t of timings) {
    expect(t.first, t.name).toBeGreaterThan(0);
    expect(t.p50, t.name).toBeGreaterThan(0);
    expect(t.p50, t.name).toBeLessThanOrEqual(t.p95);
    expect(t.items, t.name).toBeGreaterThanOrEqual(0);
  }
}

describe('npm run bench at a tiny scale', () => {
  it('names the machine, the commit and the options', () => {
    expect(result.scale).toBe(SAMPLES);
    expect(result.machine.cores).toBe(cpus().length);
    expect(result.machine.node).toBe(process.version);
    expect(result.machine.duckdb).toMatch(/^v\d+\.\d+\.\d+/);
    expect(result.machine.commit).toMatch(/^([0-9a-f]{40}|unknown)$/);
    expect(jsonPath).toBe(join(out, `${result.date.slice(0, 10)}-${SAMPLES}.json`));
    expect(JSON.parse(readFileSync(jsonPath, 'utf8'))).toEqual(result);
  });

  it('loads the study: every sample, rows, a store on disk, the loader peak RSS', () => {
    const load = result.suites.load!;
    expect(load.samples).toBe(SAMPLES);
    expect(load.mutations).toBeGreaterThan(0);
    expect(load.rows).toBeGreaterThan(load.mutations);
    expect(load.loadSeconds).toBeGreaterThan(0);
    // loadSeconds is rounded to 10 ms, rowsPerSecond is not
    expect(Math.abs((load.rowsPerSecond * load.loadSeconds) / load.rows - 1)).toBeLessThan(0.02);
    expect(load.dbSizeMb).toBeGreaterThan(0);
    expect(load.peakRssMb).toBeGreaterThan(50);
  });

  it('times every core API and Study View case over HTTP and as direct SQL', () => {
    const core = result.suites['core-api']!;
    expect(core.map((t) => t.name)).toEqual(coreApiCases([]).map((c) => c.name));
    const sv = result.suites['study-view']!;
    // every endpoint x 3 cohorts, except clinical-attributes/counts with the combined filter and
    // survival-data, which has only the full list
    expect(sv).toHaveLength((STUDY_VIEW_ENDPOINTS.length + ON_DEMAND_STUDY_VIEW_ENDPOINTS.length) * 3 - 1 - 2);
    expect(sv.find((t) => t.name.startsWith('survival-data'))?.items).toBeGreaterThan(SAMPLES / 2);
    // A warm request may be answered from memory alone (its lookups and the cohort's keys kept):
    // no SQL to replay, no ratio. The core API runs SQL: a capture recording nothing would fail here.
    expect(core.every((t) => t.statements > 0)).toBe(true);
    for (const t of [...core, ...sv]) {
      if (t.statements === 0) {
        expect(t.ratio, t.name).toBeNull();
        continue;
      }
      expect(t.directSqlP50, t.name).toBeGreaterThan(0);
      expect(t.ratio, t.name).toBeCloseTo(t.p50 / t.directSqlP50, 1);
    }
    expectSaneTimings([...core, ...sv]);
    expect(sv.find((t) => t.name === 'filtered-samples [studyIds]')?.items).toBe(SAMPLES);
    expect(sv.find((t) => t.name === 'filtered-samples [all sampleIdentifiers]')?.items).toBe(SAMPLES);
    expect(core.find((t) => t.name.startsWith('GET /api/studies/{id}/samples'))?.items).toBe(SAMPLES);
    // fresh figures wherever the cohort has a filter to vary: every case but those of the whole study
    for (const t of sv) {
      // survival-data's body is a list of patients, no filter
      if (t.cohort === 'studyIds' || t.endpoint.startsWith('survival-data')) expect(t.fresh, t.name).toBeUndefined();
      else expect(t.fresh?.p50, t.name).toBeGreaterThan(0);
      if (t.fresh) expect(t.fresh.p50, t.name).toBeLessThanOrEqual(t.fresh.p95);
    }
  });

  it('times the page after a click, a new filter per page', () => {
    const pages = result.suites['page-after-click']!;
    expect(pages.map((p) => p.filter)).toEqual(['small', 'half']);
    for (const p of pages) {
      expect(p.requests, p.filter).toBeGreaterThan(10);
      expect(p.p50, p.filter).toBeGreaterThan(0);
      expect(p.p50, p.filter).toBeLessThanOrEqual(p.p95);
    }
  });

  it("times the study's mutations as JSON, gzip JSON and Arrow, with their bytes on the wire", () => {
    const formats = result.suites['answer-formats']!;
    expect(formats.map((t) => t.name)).toEqual(answerFormatCases().map((c) => c.name));
    expectSaneTimings(formats);
    const [json, gzip, arrow] = formats;
    // Every mutation row the load wrote (the study has one mutation profile).
    expect(json.items).toBe(result.suites.load!.mutations);
    for (const t of [gzip, arrow]) expect(t.items, t.name).toBe(json.items);
    expect(json.wireBytes).toBe(json.bytes);
    expect(gzip.bytes).toBe(json.bytes);
    expect(gzip.wireBytes).toBeLessThan(json.wireBytes / 4);
    expect(arrow.wireBytes).toBe(arrow.bytes);
    expect(arrow.wireBytes).toBeLessThan(json.wireBytes);
  });

  it('times the bulk answers with their MB/s', () => {
    const bulk = result.suites['bulk-answers']!;
    expect(bulk.map((t) => t.name)).toEqual(bulkAnswerCases({ sampleIds: [], patientIds: [] }).map((c) => c.name));
    expectSaneTimings(bulk);
    for (const t of bulk) expect(t.mbPerSecond, t.name).toBeGreaterThanOrEqual(0);
    expect(bulk[0].items).toBeGreaterThan(SAMPLES / 2); // patients' clinical data
  });

  it('times the statistics with the health probe running beside them', () => {
    const stats = result.suites.stats!;
    expect(stats.map((t) => t.name)).toEqual(statsCases([], []).map((c) => c.name));
    expectSaneTimings(stats);
    for (const t of stats) {
      expect(t.healthRequests, t.name).toBeGreaterThan(0);
      expect(t.healthP50, t.name).toBeGreaterThan(0);
      expect(t.healthP50, t.name).toBeLessThanOrEqual(t.healthMax);
    }
  });

  it('runs the Study View mix at each connection count without errors', () => {
    const runs = result.suites.concurrency!;
    expect(runs.map((r) => `${r.mode} ${r.connections}`)).toEqual(['warm 2', 'warm 4', 'fresh 2', 'fresh 4']);
    for (const r of runs) {
      expect(r.errors).toBe(0);
      // a fresh request (its cohort computed anew) may outlast the 1 s run on a loaded machine
      if (r.mode === 'fresh' && r.requests === 0) {
        expect(r.p50).toBeNull();
        continue;
      }
      expect(r.requests).toBeGreaterThan(0);
      expect(r.requestsPerSecond).toBeGreaterThan(0);
      expect(r.p50).toBeGreaterThan(0);
      expect(r.p50!).toBeLessThanOrEqual(r.p95!);
      expect(r.p95!).toBeLessThanOrEqual(r.p99!);
    }
  });

  it('reloads the served study, then adds a small one, while clients loop over the Study View mix', () => {
    const reloads = result.suites.reload!;
    expect(reloads.map((f) => `${f.kind} ${f.studyId} ${f.samples}`)).toEqual([`replace demo_study ${SAMPLES}`, 'add demo_small 1000']);
    for (const f of reloads) {
      expect(f.commandSeconds, f.kind).toBeGreaterThan(0);
      expect(f.servedAfterSeconds, f.kind).toBeGreaterThanOrEqual(0);
      // no failed request, no 500: at most load shed (503) on a loaded machine
      for (const w of Object.values(f.windows)) expect(Object.keys(w.errorsBy).filter((status) => status !== '503'), f.kind).toEqual([]);
      // the windows before and after last 1 s (--duration); answers came in both
      for (const w of [f.windows.before, f.windows.after]) {
        expect(w.requests, f.kind).toBeGreaterThan(0);
        expect(w.p50!, f.kind).toBeLessThanOrEqual(w.p99!);
      }
      expect(f.rssMb.peak, f.kind).toBeGreaterThanOrEqual(Math.max(f.rssMb.before, f.rssMb.after));
      expect(f.rssMb.after, f.kind).toBeGreaterThan(50);
    }
  });

  it("tracks the server's peak RSS through every HTTP suite", () => {
    const server = result.server!;
    expect(Object.keys(server.peakRssAfterMb)).toEqual(['core-api', 'study-view', 'page-after-click', 'stats', 'concurrency']);
    const after = Object.values(server.peakRssAfterMb);
    expect(after).toEqual([...after].sort((a, b) => a - b)); // VmHWM only grows
    expect(server.peakRssMb).toBeGreaterThanOrEqual(after.at(-1)!);
    expect(server.overLimit).toBe(server.peakRssMb > 4096);
    expect(server.overLimit).toBe(false);
  });

  it('writes a Markdown report with a section per suite and well-formed SVG charts', () => {
    const md = readFileSync(markdownPath, 'utf8');
    for (const heading of ['## Load', '## Core API', '## Answer formats', '## Bulk answers', '## Study View', '## Page after a click', '## Statistics', '## Concurrency', '## Reload while serving']) expect(md).toContain(heading);
    expect(md).toContain(result.machine.commit);
    const charts = [...md.matchAll(/!\[[^\]]*\]\(([^)]+\.svg)\)/g)].map((m) => m[1]);
    expect(charts.map((c) => c.slice(c.lastIndexOf('-') + 1))).toEqual(['api.svg', 'view.svg', 'click.svg', 'stats.svg', 'throughput.svg']);
    for (const chart of charts) {
      expect(existsSync(join(out, chart)), chart).toBe(true);
      expect(checkWellFormedXml(readFileSync(join(out, chart), 'utf8'))).toBe('svg');
    }
  });

  it('compares scales in the charts once results of another scale sit beside it', () => {
    // A second scale's result: the same figures at twice the size, twice as slow.
    const other = structuredClone(result);
    other.scale = 2 * SAMPLES;
    for (const t of other.suites['study-view']!) t.p50 *= 2;
    const otherPath = join(out, `${result.date.slice(0, 10)}-${other.scale}.json`);
    writeFileSync(otherPath, JSON.stringify(other));
    copyFileSync(markdownPath, join(dir, 'before.md'));
    expect(renderReports(out).sort()).toEqual([markdownPath, otherPath.replace(/\.json$/, '.md')].sort());
    const svg = readFileSync(join(out, `${result.date.slice(0, 10)}-${SAMPLES}-study-view.svg`), 'utf8');
    expect(svg).toContain(`>${SAMPLES} samples<`);
    expect(svg).toContain(`>${other.scale} samples<`);
    const first = result.suites['study-view']![0];
    expect(svg).toContain(`${first.name} ${other.scale} samples: `);
    expect(readFileSync(markdownPath, 'utf8')).toContain(`Charts compare the latest result of each scale in this folder: ${SAMPLES}`);
    // A later run of that scale without Study View figures (e.g. --only reload) leaves the chart the earlier ones.
    writeFileSync(join(out, `2000-01-01-${other.scale}.json`), JSON.stringify(other));
    writeFileSync(otherPath, JSON.stringify({ ...other, date: new Date(Date.parse(other.date) + 1000).toISOString(), suites: { reload: result.suites.reload } }));
    renderReports(out, [jsonPath]);
    expect(readFileSync(join(out, `${result.date.slice(0, 10)}-${SAMPLES}-study-view.svg`), 'utf8')).toContain(`${first.name} ${other.scale} samples: `);
  });
});
