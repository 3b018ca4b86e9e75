// Study View suite: every endpoint of study-view-cases.ts (page-load and on-demand) with three cohorts (the whole study, a
// typical combined filter, a sampleIdentifiers body listing every sample), over HTTP and as the
// same SQL directly in DuckDB. Cohorts are cached by the server (engine/filter/cohort-cache.ts):
// p50/p95 are warm figures, `first` is the request that computed the cohort.
import { measureAllWithSql, type SqlTiming } from '../sql-replay.js';
import { ON_DEMAND_STUDY_VIEW_ENDPOINTS, STUDY_VIEW_ENDPOINTS, type Cohort } from '../study-view-cases.js';
import { STUDY, timingLine, type SuiteContext } from './context.js';

export const COHORTS: readonly Cohort[] = ['studyIds', 'combined filter', 'all sampleIdentifiers'];

export interface StudyViewTiming extends SqlTiming {
  endpoint: string;
  cohort: Cohort;
}

/** `only`: run just the cases whose name contains it. */
export async function runStudyViewSuite(ctx: SuiteContext, only?: string): Promise<StudyViewTiming[]> {
  const every = {
    samples: ctx.sampleIds.map((sampleId) => ({ studyId: STUDY, sampleId })),
    patients: ctx.patientIds.map((patientId) => ({ studyId: STUDY, patientId })),
  };
  const cases = [...STUDY_VIEW_ENDPOINTS, ...ON_DEMAND_STUDY_VIEW_ENDPOINTS].flatMap((endpoint) => COHORTS.flatMap((cohort) => {
    const c = endpoint.request(cohort, every);
    const name = `${endpoint.name} [${cohort}]`;
    return c === undefined || (only !== undefined && !name.includes(only)) ? [] : [{ c: { ...c, name }, endpoint: endpoint.name, cohort }];
  }));
  const timings = await measureAllWithSql(ctx.base, ctx.replayer, cases.map(({ c }) => c), ctx.runs);
  return timings.map((timing, i) => {
    ctx.log(timingLine(timing.name, timing));
    return { ...timing, endpoint: cases[i].endpoint, cohort: cases[i].cohort };
  });
}
