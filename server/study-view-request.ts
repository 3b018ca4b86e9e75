// The StudyViewFilter of a Study View request body, after the rule every endpoint shares.
import type { FastifyInstance } from 'fastify';
import { InvalidRequest } from '../engine/errors.js';
import { compileCohort, type Cohort, type CompileOptions, type StudyViewFilter } from '../engine/filter/compile.js';
import { resolveSampleIdentifiers } from '../engine/queries/sample-identifiers.js';
import type { StudyViewFilterBody } from './schemas/study-view-filter.js';

/** Rule eitherSampleIdentifiersOrStudyIdsPresent (2.3): both given is accepted (intersection); JSON null is "not given". */
export function studyViewFilterOf(filter: StudyViewFilterBody): StudyViewFilter {
  if (filter.studyIds == null && filter.sampleIdentifiers == null)
    throw new InvalidRequest('eitherSampleIdentifiersOrStudyIdsPresent must be true');
  return filter as StudyViewFilter;
}

/**
 * The filter's cohort, compiled (its sampleIdentifiers resolved in memory first) and then read
 * from (or written to) the app's cohort cache.
 */
export async function cohortOf(app: FastifyInstance, filter: StudyViewFilter, options?: CompileOptions): Promise<Cohort> {
  const identifiers = Array.isArray(filter.sampleIdentifiers) ? await resolveSampleIdentifiers(app.db, app.matrices, filter.sampleIdentifiers) : undefined;
  return app.cohorts.resolve(compileCohort(filter, { ...options, identifiers }));
}
