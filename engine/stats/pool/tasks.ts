// The statistics the worker pool runs, by name. Each task is a pure function of plain data
// (arrays of numbers, typed arrays, small objects) so that it crosses the thread boundary cheaply
// and can be unit-tested without a pool. Add a task here with one line.
import { sampleCorrelation } from 'simple-statistics';
import { coExpressions } from '../co-expression.js';
import { clinicalEnrichmentTests } from '../clinical-enrichment.js';
import { alterationEnrichmentPValues } from '../alteration-enrichment.js';
import { categoricalEnrichmentPValues } from '../categorical-enrichment.js';
import { densityPlot } from '../density-plot.js';
import { compareMatrixGroups, log2MatrixRows, matrixRowTotals } from '../matrix-groups.js';
import { rankMatrixRows } from '../matrix-ranks.js';
import { violinPlot } from '../violin.js';

export const TASKS = {
  /** A trivial task, used by the pool's own tests. */
  correlation: (input: { x: number[]; y: number[] }) => sampleCorrelation(input.x, input.y),
  alterationEnrichmentPValues,
  categoricalEnrichmentPValues,
  coExpressions,
  compareMatrixGroups,
  matrixRowTotals,
  log2MatrixRows,
  rankMatrixRows,
  clinicalEnrichmentTests,
  violinPlot,
  densityPlot,
} satisfies Record<string, (input: never) => unknown>;

export type TaskName = keyof typeof TASKS;
export type TaskInput<N extends TaskName> = Parameters<(typeof TASKS)[N]>[0];
export type TaskOutput<N extends TaskName> = ReturnType<(typeof TASKS)[N]>;
