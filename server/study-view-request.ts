// The StudyViewFilter of a Study View request body, after the rule every endpoint shares.
import type { FastifyInstance } from 'fastify';
import { InvalidRequest } from '../engine/errors.js';
import { compileCohort, type Cohort, type CompileOptions, type StudyViewFilter } from '../engine/filter/compile.js';
import type { StudyViewFilterBody } from './schemas/study-view-filter.js';

/** Rule eitherSampleIdentifiersOrStudyIdsPresent (2.3): both given is accepted (intersection); JSON null is "not given". */
export function studyViewFilterOf(filter: StudyViewFilterBody): StudyViewFilter {
  if (filter.studyIds == null && filter.sampleIdentifiers == null)
    throw new InvalidRequest('eitherSampleIdentifiersOrStudyIdsPresent must be true');
  return filter as StudyViewFilter;
}

/** The filter's cohort, compiled and then read from (or written to) the app's cohort cache. */
export function cohortOf(app: FastifyInstance, filter: StudyViewFilter, options?: CompileOptions): Promise<Cohort> {
  return app.cohorts.resolve(compileCohort(filter, options));
}
