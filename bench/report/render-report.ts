// Writes the Markdown report and its SVG charts beside each result JSON of a results folder. The
// charts of a report compare it with the latest result of every other scale found there.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BenchResult } from '../bench-result.js';
import { latencyChart, pageChart, throughputChart, type LatencySuite } from './charts.js';
import { reportMarkdown, type ChartLinks } from './markdown.js';

const RESULT_FILE = /^\d{4}-\d{2}-\d{2}-\d+\.json$/;

function readResult(path: string): BenchResult {
  const r = JSON.parse(readFileSync(path, 'utf8')) as BenchResult;
  if (r.format !== 1) throw new Error(`${path}: not a benchmark result (format ${String(r.format)})`);
  return r;
}

/**
 * `r` and, for every other scale, the latest result in `all` holding `suite`: a run of other suites
 * alone (e.g. `--only reload`) leaves a chart the scale's figures of an earlier run.
 */
function comparedWith(r: BenchResult, all: readonly BenchResult[], suite: keyof BenchResult['suites']): BenchResult[] {
  const latest = new Map<number, BenchResult>();
  for (const x of all) if (x.scale !== r.scale && x.suites[suite] !== undefined && (latest.get(x.scale)?.date ?? '') < x.date) latest.set(x.scale, x);
  return [r, ...latest.values()].sort((a, b) => a.scale - b.scale);
}

/** Renders the given result files (default: every one in `dir`); returns the Markdown paths. */
export function renderReports(dir: string, jsonPaths?: readonly string[]): string[] {
  const all = readdirSync(dir).filter((f) => RESULT_FILE.test(f)).map((f) => readResult(join(dir, f)));
  const paths = jsonPaths ?? readdirSync(dir).filter((f) => RESULT_FILE.test(f)).map((f) => join(dir, f));
  return paths.map((path) => {
    const r = readResult(path);
    const name = basename(path, '.json');
    const compared = new Set<BenchResult>([r]);
    const links: ChartLinks = {};
    const write = (suite: keyof BenchResult['suites'], suffix: string, chart: (results: readonly BenchResult[]) => string | undefined) => {
      const results = comparedWith(r, all, suite);
      const svg = chart(results);
      if (svg === undefined) return undefined;
      for (const x of results) compared.add(x);
      writeFileSync(join(dir, `${name}-${suffix}.svg`), svg);
      return `${name}-${suffix}.svg`;
    };
    for (const suite of ['core-api', 'study-view', 'stats'] as const satisfies readonly LatencySuite[])
      if (r.suites[suite] !== undefined) links[suite] = write(suite, suite, (results) => latencyChart(suite, results));
    if (r.suites.concurrency !== undefined) links.throughput = write('concurrency', 'throughput', throughputChart);
    if (r.suites['page-after-click'] !== undefined) links['page-after-click'] = write('page-after-click', 'page-after-click', pageChart);
    const markdownPath = join(dir, `${name}.md`);
    writeFileSync(markdownPath, reportMarkdown(r, links, [...compared].sort((a, b) => a.scale - b.scale || a.date.localeCompare(b.date))));
    return markdownPath;
  });
}
