// The Markdown report of one benchmark result: machine and commit, the command that reproduces it,
// one table per suite, and links to the charts written beside it. Pure: result in, text out.
import { RSS_LIMIT_MB, type BenchResult } from '../bench-result.js';

/** Chart file names (relative to the report) by what they show; absent charts are not linked. */
export interface ChartLinks {
  'core-api'?: string;
  'study-view'?: string;
  stats?: string;
  throughput?: string;
  'page-after-click'?: string;
}

const n = (x: number) => x.toLocaleString('en-US');
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const cell = (x: unknown) => String(x ?? '').replace(/\|/g, '\\|');

function table(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

const chart = (file: string | undefined, alt: string) => (file === undefined ? '' : `\n\n![${alt}](${file})`);

export function reportMarkdown(r: BenchResult, charts: ChartLinks, compared: readonly BenchResult[]): string {
  const m = r.machine;
  const out: string[] = [];
  out.push(`# duckportal benchmark: ${n(r.scale)} samples, ${r.date.slice(0, 10)}`);
  out.push([
    `Reproduce: \`npm run bench -- --scale ${r.scale} --seed ${r.seed} --density ${r.density}${r.expression ? ` --expression ${r.expression.genes}x${r.expression.samples}` : ' --expression default'} --runs ${r.options.runs}` +
      ` --duration ${r.options.durationSeconds} --connections ${r.options.connections.join(',')} --only ${r.options.suites.join(',')}\``,
    `(the demo study, ${r.density === 'genie' ? "at GENIE's event density" : "at the generator's own density"}, seed ${r.seed}${r.expression ? `, expression of ${n(r.expression.genes)} genes × ${n(r.expression.samples)} samples` : ''}; ${r.options.runs} timed requests per case after two warm-up ones).`,
  ].join('\n'));
  out.push([
    `- CPU: ${m.cpu}, ${m.cores} cores; memory ${m.memoryGb} GB; ${m.os}`,
    `- Node ${m.node}, DuckDB ${m.duckdb}`,
    `- commit ${m.commit}${m.dirty ? ' with uncommitted changes' : ''}`,
    `- run time ${Math.round(r.seconds)} s (${[
      ...(r.generatedSeconds === null ? [] : [`generating the study ${r.generatedSeconds} s`]),
      ...Object.entries(r.suiteSeconds).map(([suite, s]) => `${suite} ${Math.round(s)} s`),
    ].join(', ')})`,
  ].join('\n'));
  if (r.server !== undefined) {
    const s = r.server;
    const after = Object.entries(s.peakRssAfterMb).map(([suite, mb]) => `${suite} ${n(mb)} MB`).join(', ');
    out.push(`**Server peak RSS: ${n(s.peakRssMb)} MB** (limit ${n(RSS_LIMIT_MB)} MB${s.overLimit ? ': **ABOVE THE LIMIT**' : ', within it'}; ` +
      `DuckDB memory_limit ${s.memoryLimit ?? 'the server default'}). After each suite: ${after}.`);
  }
  if (compared.length > 1) out.push(`Charts compare the latest result of each scale in this folder: ${compared.map((c) => `${n(c.scale)} (${c.date.slice(0, 10)})`).join(', ')}.`);

  const load = r.suites.load;
  if (load !== undefined) {
    out.push(`## Load\n\nThe study folder loaded into a new store by a separate process (genes reference excluded).\n\n` + table(
      ['samples', 'rows', 'mutations', 'load (s)', 'rows/s', 'DB size (MB)', 'loader peak RSS (MB)', 'memory_limit'],
      [[n(load.samples), n(load.rows), n(load.mutations), load.loadSeconds, n(load.rowsPerSecond), load.dbSizeMb, n(load.peakRssMb), load.memoryLimit]],
    ));
  }
  const timed = ['request', 'items', 'first (ms)', 'p50 (ms)', 'p95 (ms)', 'server p50 (ms)', 'SQL p50 (ms)', 'ratio', 'statements'];
  const core = r.suites['core-api'];
  if (core !== undefined) {
    out.push(`## Core API\n\nOver HTTP; "server p50" is the server's own time (Server-Timing total, before compression and transfer), "SQL p50" the same statements run directly in DuckDB, "ratio" HTTP p50 / SQL p50 (none when a warm request runs no SQL).\n\n` +
      table(timed, core.map((t) => [t.name, n(t.items), t.first, t.p50, t.p95, t.serverP50, t.directSqlP50, t.ratio, t.statements])) + chart(charts['core-api'], 'Core API latency'));
  }
  const formats = r.suites['answer-formats'];
  if (formats !== undefined) {
    out.push(`## Answer formats\n\nEvery mutation of the study (\`POST /api/mutations/fetch\`, SUMMARY) as JSON, as gzip-compressed JSON and as Arrow ` +
      `(\`Accept: application/vnd.apache.arrow.stream\`, not compressed), timed to the last decoded byte.\n\n` + table(
      ['format', 'rows', 'MB on the wire', 'MB decoded', 'first (ms)', 'p50 (ms)', 'p95 (ms)', 'server p50 (ms)'],
      formats.map((t) => [t.name, n(t.items), mb(t.wireBytes), mb(t.bytes), t.first, t.p50, t.p95, t.serverP50]),
    ));
  }
  const bulk = r.suites['bulk-answers'];
  if (bulk !== undefined) {
    out.push(`## Bulk answers\n\nUncompressed JSON, timed to the last byte; MB/s is the answer's MB over p50 (at most 5 runs per case).\n\n` + table(
      ['request', 'items', 'MB', 'first (ms)', 'p50 (ms)', 'p95 (ms)', 'server p50 (ms)', 'MB/s'],
      bulk.map((t) => [t.name, n(t.items), mb(t.bytes), t.first, t.p50, t.p95, t.serverP50, n(t.mbPerSecond)]),
    ));
  }
  const sv = r.suites['study-view'];
  if (sv !== undefined) {
    const intro = `## Study View\n\nEvery endpoint with the whole study (\`studyIds\`), a typical combined filter (SEX, AGE range, TP53 or PIK3CA mutated) ` +
      `and a \`sampleIdentifiers\` body listing every sample.`;
    const fresh = sv.some((t) => t.fresh !== undefined);
    const rows = fresh
      ? table(['request', 'items', 'fresh p50 (ms)', 'fresh p95 (ms)', 'warm p50 (ms)', 'warm p95 (ms)', 'warm server p50 (ms)', 'SQL p50 (ms)', 'ratio', 'statements'],
        sv.map((t) => [t.name, n(t.items), t.fresh?.p50 ?? '–', t.fresh?.p95 ?? '–', t.p50, t.p95, t.serverP50, t.directSqlP50, t.ratio, t.statements]))
      : table(timed, sv.map((t) => [t.name, n(t.items), t.first, t.p50, t.p95, t.serverP50, t.directSqlP50, t.ratio, t.statements]));
    out.push(`${intro} ${fresh
      ? '"fresh": every request a filter never sent before (the AGE range shifted; every sample but another one), as a user\'s clicks send, so that no cohort or answer the server keeps serves it (none for the whole study: it has no filter to vary); "warm": one filter sent again and again.'
      : '"first" computes the cohort; the server caches it, so p50/p95 are warm.'}\n\n${rows}${chart(charts['study-view'], 'Study View latency')}`);
  }
  const pages = r.suites['page-after-click'];
  if (pages !== undefined) {
    out.push(`## Page after a click\n\nEvery Study View request the front end sends after a click on the demo study's charts (\`pageAfterClick\` in bench/study-view-cases.ts), ` +
      `sent at once over ${pages[0]?.connections ?? 6} connections as a browser sends them, each page a filter never sent before (fresh): ` +
      `"small" is two detailed cancer types, an AGE range and TP53 mutated, "half" an AGE range holding about half the samples. From the first request sent to the last answer.\n\n` +
      table(['filter', 'requests', 'connections', 'fresh page p50 (ms)', 'fresh page p95 (ms)'], pages.map((p) => [p.filter, p.requests, p.connections, p.p50, p.p95])) +
      chart(charts['page-after-click'], 'Page after a click against scale'));
  }
  const stats = r.suites.stats;
  if (stats !== undefined) {
    out.push(`## Statistics\n\nWith GET /api/health's latency seen by a separate process meanwhile (the event loop stays free when it stays low).\n\n` + table(
      ['request', 'items', 'first (ms)', 'p50 (ms)', 'p95 (ms)', 'health p50 (ms)', 'health p95 (ms)', 'health max (ms)', 'health requests'],
      stats.map((t) => [t.name, n(t.items), t.first, t.p50, t.p95, t.healthP50, t.healthP95, t.healthMax, n(t.healthRequests)]),
    ) + chart(charts.stats, 'Statistics latency'));
  }
  const runs = r.suites.concurrency;
  if (runs !== undefined) {
    out.push(`## Concurrency\n\nThe Study View mix sent by autocannon; latencies of 2xx answers. "warm": every endpoint with \`studyIds\` and with the combined filter, in turn, ` +
      `the same filters again and again; "fresh": every endpoint with the combined filter, each request's AGE range shifted (a filter never sent before).\n\n` + table(
      ['mix', 'connections', 'seconds', 'requests', 'requests/s', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'errors'],
      runs.map((c) => [c.mode ?? 'warm', c.connections, c.durationSeconds, n(c.requests), c.requestsPerSecond, c.p50, c.p95, c.p99, c.errors]),
    ) + chart(charts.throughput, 'Throughput against connections'));
  }
  const reloads = r.suites.reload;
  if (reloads !== undefined) {
    const what = (f: (typeof reloads)[number]) => `${f.kind === 'replace' ? 'the study loaded again' : 'a small study added'}: ${f.studyId}`;
    out.push(`## Reload while serving\n\n\`duckportal load <study> --db <store>\` run as a separate process while a server of its own serves a copy of the store, ` +
      `${reloads[0]?.connections ?? 4} connections looping over the warm Study View mix (the concurrency suite's, the same filters again and again). ` +
      `"served after exit": from the command's exit to GET /api/studies/{id} answering the new import date (polled every 100 ms). ` +
      `The mix's latencies (2xx answers, by when they ended): before the command, during (its start to the new data served), and after; errors by status (503: the server shed load; ` +
      `the clients send again at once, so the seconds from the command's start to the first and last error say more than their count). Server RSS (VmRSS, sampled every 100 ms).\n\n` +
      table(['reload', 'samples', 'command (s)', 'served after exit (s)', 'errors from–to (s)', 'RSS before (MB)', 'RSS peak (MB)', 'RSS after (MB)'],
        reloads.map((f) => [what(f), n(f.samples), f.commandSeconds, f.servedAfterSeconds, f.errorSpan === null ? '–' : `${f.errorSpan.from}–${f.errorSpan.to}`,
          n(f.rssMb.before), n(f.rssMb.peak), n(f.rssMb.after)])) +
      '\n\n' + table(['reload', 'window', 'seconds', 'answers', 'warm p50 (ms)', 'warm p95 (ms)', 'warm p99 (ms)', 'errors'],
        reloads.flatMap((f) => (['before', 'reload', 'after'] as const).map((w) => {
          const x = f.windows[w];
          const errors = Object.entries(x.errorsBy).map(([status, count]) => `${status}: ${n(count)}`).join(', ');
          return [what(f), w === 'reload' ? 'during' : w, x.seconds, n(x.requests), x.p50 ?? '–', x.p95 ?? '–', x.p99 ?? '–', x.errors === 0 ? 0 : `${n(x.errors)} (${errors})`];
        }))));
  }
  return `${out.join('\n\n')}\n`;
}
