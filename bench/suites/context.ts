// What the HTTP suites share at one scale: the running server, the SQL replayer, the study's
// sample and patient ids and the number of timed requests per case.
import type { SqlReplayer } from '../sql-replay.js';

export const STUDY = 'demo_study';

export interface SuiteContext {
  base: string;
  replayer: SqlReplayer;
  /** Every sample of the demo study, in the server's order. */
  sampleIds: readonly string[];
  /** Every patient of the demo study (with a sample), in the order of their first sample. */
  patientIds: readonly string[];
  runs: number;
  log(line: string): void;
}

/** One printed line per timed case. */
export function timingLine(name: string, t: { first: number; p50: number; p95: number; serverP50?: number; directSqlP50?: number; ratio?: number | null; fresh?: { p50: number; p95: number } }): string {
  const cell = (x: number) => String(x).padStart(7);
  const server = t.serverP50 === undefined ? '' : ` server ${cell(t.serverP50)}`;
  const sql = t.directSqlP50 === undefined ? '' : ` sql ${cell(t.directSqlP50)} ms  ratio ${t.ratio ?? '-'}`;
  const fresh = t.fresh === undefined ? '' : `  fresh p50 ${cell(t.fresh.p50)} p95 ${cell(t.fresh.p95)}`;
  return `${name.padEnd(66)} first ${cell(t.first)} p50 ${cell(t.p50)} p95 ${cell(t.p95)}${server}${sql}${fresh}`;
}
