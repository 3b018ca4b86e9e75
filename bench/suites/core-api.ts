// Core API suite: studies, samples, mutations, molecular data and gene panel data as the results
// view asks for them, timed over HTTP and as the same SQL directly in DuckDB.
import type { Case } from '../harness.js';
import { measureAllWithSql, type SqlTiming } from '../sql-replay.js';
import { STUDY, timingLine, type SuiteContext } from './context.js';

/**
 * The requests, sized by the study; their names do not depend on its size (the report compares
 * scales by name), the items column says how many rows came back.
 */
export function coreApiCases(sampleIds: readonly string[]): Case[] {
  const some = sampleIds.slice(0, 10_000);
  return [
    { name: 'GET /api/studies', method: 'GET', path: '/api/studies' },
    { name: 'GET /api/studies/{id}/samples (all, SUMMARY)', method: 'GET', path: `/api/studies/${STUDY}/samples?pageSize=10000000` },
    { name: 'POST /api/samples/fetch (up to 10,000 ids)', method: 'POST', path: '/api/samples/fetch', body: { sampleIdentifiers: some.map((sampleId) => ({ studyId: STUDY, sampleId })) } },
    {
      name: 'POST /api/mutations/fetch (DETAILED, up to 100,000 rows)', method: 'POST', path: '/api/mutations/fetch?projection=DETAILED&pageSize=100000',
      body: { molecularProfileIds: [`${STUDY}_mutations`] },
    },
    {
      name: 'POST /api/molecular-profiles/{id}/mutations/fetch (TP53, PIK3CA; all samples, DETAILED)', method: 'POST', path: `/api/molecular-profiles/${STUDY}_mutations/mutations/fetch?projection=DETAILED`,
      body: { sampleListId: `${STUDY}_all`, entrezGeneIds: [7157, 5290] },
    },
    {
      name: 'POST /api/molecular-data/fetch (expression, 3 genes)', method: 'POST', path: '/api/molecular-data/fetch',
      body: { molecularProfileIds: [`${STUDY}_rna_seq_v2_mrna`], entrezGeneIds: [2064, 4609, 7157] },
    },
    {
      name: 'POST /api/gene-panel-data/fetch (mutations, all samples)', method: 'POST', path: '/api/gene-panel-data/fetch',
      body: { molecularProfileIds: [`${STUDY}_mutations`] },
    },
  ];
}

export async function runCoreApiSuite(ctx: SuiteContext): Promise<SqlTiming[]> {
  const results = await measureAllWithSql(ctx.base, ctx.replayer, coreApiCases(ctx.sampleIds), ctx.runs);
  for (const timing of results) ctx.log(timingLine(timing.name, timing));
  return results;
}
