// The report's charts from benchmark results: latency per case with one bar per scale (growth with
// cohort size at a glance) and throughput against connections. Pure: results in, SVG text out.
import type { BenchResult } from '../bench-result.js';
import { barChart, lineChart } from './svg.js';

export type LatencySuite = 'core-api' | 'study-view' | 'stats';

const TITLES: Record<LatencySuite, string> = { 'core-api': 'Core API', 'study-view': 'Study View', stats: 'Statistics' };

const scaleLabel = (r: BenchResult) => `${r.scale.toLocaleString('en-US')} samples`;

/** p50 per case of `suite`, one bar per result (ascending scale); case names do not depend on the scale. */
export function latencyChart(suite: LatencySuite, results: readonly BenchResult[]): string | undefined {
  const withSuite = [...results].filter((r) => (r.suites[suite]?.length ?? 0) > 0).sort((a, b) => a.scale - b.scale);
  if (withSuite.length === 0) return undefined;
  const labels = [...new Set(withSuite.flatMap((r) => (r.suites[suite] ?? []).map((t) => t.name)))];
  const groups = labels.map((label) => ({
    label,
    values: withSuite.map((r) => (r.suites[suite] ?? []).find((t) => t.name === label)?.p50 ?? null),
  }));
  return barChart({ title: `${TITLES[suite]}: p50 latency per request`, unit: 'p50 latency over HTTP (ms)', series: withSuite.map(scaleLabel), groups, log: true });
}

/** Requests/s of the Study View mix against connections, one line per scale and mix (warm, fresh). */
export function throughputChart(results: readonly BenchResult[]): string | undefined {
  const withRuns = [...results].filter((r) => (r.suites.concurrency?.length ?? 0) > 0).sort((a, b) => a.scale - b.scale);
  if (withRuns.length === 0) return undefined;
  return lineChart({
    title: 'Study View mix: throughput against connections',
    xLabel: 'connections',
    yLabel: 'requests/s',
    series: withRuns.flatMap((r) => (['warm', 'fresh'] as const).flatMap((mode) => {
      const runs = (r.suites.concurrency ?? []).filter((c) => (c.mode ?? 'warm') === mode);
      return runs.length === 0 ? [] : [{ name: `${scaleLabel(r)}, ${mode}`, points: runs.map((c) => ({ x: c.connections, y: c.requestsPerSecond })) }];
    })),
  });
}

/** The fresh page after a click against scale: p50 and p95 of each click filter. */
export function pageChart(results: readonly BenchResult[]): string | undefined {
  const withPages = results.filter((r) => (r.suites['page-after-click']?.length ?? 0) > 0);
  if (withPages.length === 0) return undefined;
  const filters = [...new Set(withPages.flatMap((r) => r.suites['page-after-click']!.map((p) => p.filter)))];
  return lineChart({
    title: 'Page after a click (fresh filters) against scale',
    xLabel: 'samples',
    yLabel: 'page latency (ms)',
    series: filters.flatMap((filter) => (['p50', 'p95'] as const).map((q) => ({
      name: `${filter} filter, ${q}`,
      points: withPages.flatMap((r) => r.suites['page-after-click']!.filter((p) => p.filter === filter).map((p) => ({ x: r.scale, y: p[q] }))),
    }))),
  });
}
