// Study View suite: every endpoint of study-view-cases.ts (page-load and on-demand) with three cohorts (the whole study, a
// typical combined filter, a sampleIdentifiers body listing every sample), over HTTP and as the
// same SQL directly in DuckDB. Cohorts are cached by the server (engine/filter/cohort-cache.ts):
// p50/p95 are warm figures (one filter sent again and again); `fresh` ones send a filter never sent
// before with every request, as a user's clicks do. Then the page after a click (`runPageAfterClick`).
import { measureFresh, measurePages, type FreshTiming } from '../harness.js';
import { measureAllWithSql, type SqlTiming } from '../sql-replay.js';
import { CLICK_FILTERS, nextFresh, ON_DEMAND_STUDY_VIEW_ENDPOINTS, pageAfterClick, STUDY_VIEW_ENDPOINTS, type ClickFilter, type Cohort, type EveryCase } from '../study-view-cases.js';
import { STUDY, timingLine, type SuiteContext } from './context.js';

export const COHORTS: readonly Cohort[] = ['studyIds', 'combined filter', 'all sampleIdentifiers'];

export interface StudyViewTiming extends SqlTiming {
  endpoint: string;
  cohort: Cohort;
  /** Every request a filter never sent before (absent: the cohort has no filter to vary, as the whole study). */
  fresh?: FreshTiming;
}

/** The page after a click: every request of it (pageAfterClick), over 6 connections, each page a new filter. */
export interface PageTiming {
  filter: ClickFilter;
  requests: number;
  connections: number;
  p50: number;
  p95: number;
}

/** The connections a browser opens to one host. */
const BROWSER_CONNECTIONS = 6;

/** `only`: run just the cases whose name contains it. */
export async function runStudyViewSuite(ctx: SuiteContext, only?: string): Promise<StudyViewTiming[]> {
  const every: EveryCase = {
    samples: ctx.sampleIds.map((sampleId) => ({ studyId: STUDY, sampleId })),
    patients: ctx.patientIds.map((patientId) => ({ studyId: STUDY, patientId })),
  };
  const cases = [...STUDY_VIEW_ENDPOINTS, ...ON_DEMAND_STUDY_VIEW_ENDPOINTS].flatMap((endpoint) => COHORTS.flatMap((cohort) => {
    const c = endpoint.request(cohort, every);
    const name = `${endpoint.name} [${cohort}]`;
    return c === undefined || (only !== undefined && !name.includes(only)) ? [] : [{ c: { ...c, name }, endpoint, cohort }];
  }));
  const timings = await measureAllWithSql(ctx.base, ctx.replayer, cases.map(({ c }) => c), ctx.runs);
  const out: StudyViewTiming[] = [];
  for (const [i, timing] of timings.entries()) {
    const { endpoint, cohort } = cases[i];
    const freshCase = endpoint.request(cohort, every, 0) === undefined ? undefined : () => endpoint.request(cohort, every, nextFresh())!;
    const fresh = freshCase === undefined ? undefined : await measureFresh(ctx.base, timing.name, freshCase, ctx.runs);
    ctx.log(timingLine(timing.name, { ...timing, fresh }));
    out.push({ ...timing, endpoint: endpoint.name, cohort, ...(fresh && { fresh }) });
  }
  return out;
}

export async function runPageAfterClick(ctx: Pick<SuiteContext, 'base' | 'runs' | 'log'>): Promise<PageTiming[]> {
  const out: PageTiming[] = [];
  for (const filter of CLICK_FILTERS) {
    const name = `page after a click (${filter} filter, ${BROWSER_CONNECTIONS} connections)`;
    const t = await measurePages(ctx.base, name, () => pageAfterClick(filter, nextFresh()), ctx.runs, BROWSER_CONNECTIONS);
    ctx.log(`${`${name}, ${t.requests} requests`.padEnd(66)} fresh p50 ${t.p50} p95 ${t.p95} ms`);
    out.push({ filter, requests: t.requests, connections: BROWSER_CONNECTIONS, p50: t.p50, p95: t.p95 });
  }
  return out;
}
