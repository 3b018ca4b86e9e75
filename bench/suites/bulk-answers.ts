// Bulk answers, uncompressed: the study's clinical data (patients, samples), the whole-cohort bodies
// the front end posts on a Study View page load (clinical data of every patient, the META count of
// copy-number segments of every sample) and the study's mutations; time to the last byte and MB/s.
import { measure, type Case, type Timing } from '../harness.js';
import { STUDY, timingLine, type SuiteContext } from './context.js';

export interface BulkTiming extends Timing {
  /** Decoded MB per second at p50. */
  mbPerSecond: number;
}

/** Runs per case at most: a bulk answer of 272,000 samples takes seconds. */
const MAX_RUNS = 5;

export function bulkAnswerCases(ctx: Pick<SuiteContext, 'sampleIds' | 'patientIds'>): Case[] {
  return [
    { name: 'GET /api/studies/{id}/clinical-data (PATIENT)', method: 'GET', path: `/api/studies/${STUDY}/clinical-data?clinicalDataType=PATIENT` },
    { name: 'GET /api/studies/{id}/clinical-data (SAMPLE)', method: 'GET', path: `/api/studies/${STUDY}/clinical-data?clinicalDataType=SAMPLE` },
    {
      name: 'POST /api/clinical-data/fetch (PATIENT, every patient)', method: 'POST', path: '/api/clinical-data/fetch?clinicalDataType=PATIENT',
      body: { identifiers: ctx.patientIds.map((entityId) => ({ studyId: STUDY, entityId })) },
    },
    {
      name: 'POST /api/copy-number-segments/fetch (META, every sample)', method: 'POST', path: '/api/copy-number-segments/fetch?projection=META',
      body: ctx.sampleIds.map((sampleId) => ({ studyId: STUDY, sampleId })),
    },
    { name: "POST /api/mutations/fetch (the study's mutations)", method: 'POST', path: '/api/mutations/fetch', body: { molecularProfileIds: [`${STUDY}_mutations`] } },
  ].map((c) => ({ ...c, compressed: false }) as Case);
}

/** `only`: the cases whose name contains it. */
export async function runBulkAnswersSuite(ctx: SuiteContext, only?: string): Promise<BulkTiming[]> {
  const results: BulkTiming[] = [];
  for (const c of bulkAnswerCases(ctx).filter((c) => only === undefined || c.name.includes(only))) {
    const timing = await measure(ctx.base, c, Math.min(ctx.runs, MAX_RUNS));
    const mbPerSecond = Math.round(timing.bytes / 1e3 / timing.p50);
    ctx.log(`${timingLine(timing.name, timing)}  ${(timing.bytes / 1e6).toFixed(1)} MB, ${mbPerSecond} MB/s`);
    results.push({ ...timing, mbPerSecond });
  }
  return results;
}
