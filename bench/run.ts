// npm run bench [-- --scale 10000,272000 --only study-view,concurrency --runs 20 --duration 30]:
// the whole benchmark suite, one scale after the other, each writing results/<date>-<scale>.json
// and its Markdown report with SVG charts. --report-only re-renders the reports from the JSON files.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderReports } from './report/render-report.js';
import { SUITES, type SuiteName } from './bench-result.js';
import { BENCH_EXPRESSION } from './bench-store.js';
import type { ExpressionSize } from './demo/generate-demo-study.js';
import { runBench } from './run-bench.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '10000,50000,272000' },
    seed: { type: 'string', default: '1' },
    density: { type: 'string', default: 'genie' },
    expression: { type: 'string', default: `${BENCH_EXPRESSION.genes}x${BENCH_EXPRESSION.samples}` },
    only: { type: 'string', default: SUITES.join(',') },
    runs: { type: 'string', default: '20' },
    connections: { type: 'string', default: '8,32' },
    duration: { type: 'string', default: '30' },
    out: { type: 'string', default: fileURLToPath(new URL('./results/', import.meta.url)) },
    work: { type: 'string' },
    'report-only': { type: 'boolean', default: false },
  },
});

function numbers(option: string, text: string): number[] {
  const list = text.split(',').map((s) => Number(s.trim()));
  if (list.some((x) => !Number.isInteger(x) || x <= 0)) throw new Error(`--${option}: expected positive integers separated by commas, got '${text}'`);
  return list;
}

/** `<genes>x<samples>`, or `default` for the generator's own matrix (the demo genes × 2,000 samples). */
function expressionSize(text: string): ExpressionSize | undefined {
  if (text === 'default') return undefined;
  const [genes, samples] = text.split('x').map(Number);
  if (!Number.isInteger(genes) || !Number.isInteger(samples) || genes <= 0 || samples <= 0) throw new Error(`--expression: <genes>x<samples> or default, got '${text}'`);
  return { genes, samples };
}

if (values['report-only']) {
  for (const path of renderReports(values.out)) console.log(`rendered ${path}`);
} else {
  const suites = values.only.split(',').map((s) => s.trim());
  const unknown = suites.filter((s) => !(SUITES as readonly string[]).includes(s));
  if (unknown.length > 0) throw new Error(`--only: unknown suite(s) ${unknown.join(', ')}; the suites are ${SUITES.join(', ')}`);
  if (values.density !== 'genie' && values.density !== 'demo') throw new Error(`--density: genie or demo, got '${values.density}'`);
  for (const scale of numbers('scale', values.scale)) {
    await runBench({
      scale,
      seed: numbers('seed', values.seed)[0],
      density: values.density === 'genie' ? 'genie' : undefined,
      expression: expressionSize(values.expression),
      suites: suites as SuiteName[],
      runs: numbers('runs', values.runs)[0],
      connections: numbers('connections', values.connections),
      durationSeconds: numbers('duration', values.duration)[0],
      outDir: values.out,
      work: values.work,
    });
  }
}
