// What every Study View bin endpoint (study-view.md 4.6, 4.7, 4.9, 4.12) does with its request:
// the DataBinFilter fields (5.1) and the cohorts binned (5.2).
import type { FastifyInstance } from 'fastify';
import type { OmitItem } from '../engine/filter/compile.js';
import type { StudyViewFilter } from '../engine/filter/normalize.js';
import type { BinCohorts } from '../engine/study-view/study-view-bins.js';
import type { BinRequest, DataBinMethod } from '../engine/stats/binning.js';
import { cohortOf } from './study-view-request.js';

type Nullable<T> = { [K in keyof T]?: T[K] | null };

/** The DataBinFilter fields of a request item; JSON nulls mean "not given". */
export function binRequestOf(body: Nullable<Omit<BinRequest, 'attributeId'>>): Omit<BinRequest, 'attributeId'> {
  return {
    binMethod: body.binMethod ?? undefined,
    customBins: body.customBins ?? undefined,
    binsGeneratorConfig: body.binsGeneratorConfig ?? undefined,
    disableLogScale: body.disableLogScale ?? undefined,
    start: body.start ?? undefined,
    end: body.end ?? undefined,
  };
}

/**
 * The filtered cohort (minus `omit`, the remove-self rule of 3.17) and, for STATIC, the partial
 * filter's cohort: studyIds/sampleIdentifiers only, on which the bins are chosen.
 */
export async function binCohortsOf(
  app: FastifyInstance, filter: StudyViewFilter, omit: OmitItem | readonly OmitItem[] | undefined, method: DataBinMethod,
): Promise<BinCohorts> {
  const filtered = await cohortOf(app, filter, { omit });
  if (method !== 'STATIC') return { filtered };
  return { filtered, unfiltered: await cohortOf(app, { studyIds: filter.studyIds, sampleIdentifiers: filter.sampleIdentifiers }) };
}
