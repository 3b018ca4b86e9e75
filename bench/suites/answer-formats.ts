// The study's mutations in each answer format a bulk client can ask for: JSON, gzip-compressed
// JSON and Arrow (server/arrow-stream.ts): time to the last decoded byte, and bytes on the wire.
import { measure, type Case, type Timing } from '../harness.js';
import { STUDY, timingLine, type SuiteContext } from './context.js';

export type FormatTiming = Timing;

const ARROW_STREAM = 'application/vnd.apache.arrow.stream';

/** Every mutation of the study (SUMMARY, the default projection), in the three formats. */
export function answerFormatCases(): Case[] {
  const mutations = { method: 'POST', path: '/api/mutations/fetch', body: { molecularProfileIds: [`${STUDY}_mutations`] } } as const;
  return [
    { ...mutations, name: "the study's mutations as JSON", compressed: false },
    { ...mutations, name: "the study's mutations as JSON, gzip", headers: { 'accept-encoding': 'gzip' }, compressed: false },
    { ...mutations, name: "the study's mutations as Arrow", headers: { accept: ARROW_STREAM }, compressed: false },
  ];
}

export async function runAnswerFormatsSuite(ctx: SuiteContext): Promise<FormatTiming[]> {
  const results: FormatTiming[] = [];
  for (const c of answerFormatCases()) {
    const timing = await measure(ctx.base, c, ctx.runs);
    ctx.log(`${timingLine(timing.name, timing)} ${(timing.wireBytes / 1e6).toFixed(1)} MB on the wire`);
    results.push(timing);
  }
  return results;
}
