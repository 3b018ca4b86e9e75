// The StudyViewFilter of a Study View request body, after the rule every endpoint shares (and the
// checks of the endpoints whose body the reference validates).
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

/** The value-or-range rule of each block of DataFilterValues (2.3), by its name in the reference. */
const VALUE_OR_RANGE_RULES = [
  ['clinicalDataFilters', 'eitherValueOrRangePresentInClinicalDataIntervalFilters'],
  ['genomicDataFilters', 'eitherValueOrRangePresentInGenomicDataIntervalFilters'],
  ['genericAssayDataFilters', 'eitherValueOrRangePresentInGenericAssayDataIntervalFilters'],
  ['customDataFilters', 'eitherValueOrRangePresentInCustomDataFilters'],
] as const;

type DataFilterValueBody = { value?: string | null; start?: number | null; end?: number | null } | null;

/**
 * studyViewFilterOf and the other checks of 2.3, for the endpoints whose body the reference
 * validates (violin plots, sample list and profile counts, structural variant genes and counts,
 * event type counts, the treatment counts and rows, the clinical data table): an id list, when
 * given, is not empty; and each value object (not null) of the clinical, genomic, generic assay
 * and custom data filters has a value or a range (start and/or end), not both, not neither.
 */
export function validatedStudyViewFilter(filter: StudyViewFilterBody): StudyViewFilter {
  for (const key of ['sampleIdentifiers', 'studyIds'] as const) {
    if (filter[key] != null && filter[key].length === 0) throw new InvalidRequest(`${key} size must be between 1 and 2147483647`);
  }
  for (const [block, rule] of VALUE_OR_RANGE_RULES) {
    const items = (filter[block] ?? []) as readonly { values?: readonly DataFilterValueBody[] | null }[];
    const valid = items.every((item) => (item?.values ?? []).every((v) => v == null || (v.value != null) !== (v.start != null || v.end != null)));
    if (!valid) throw new InvalidRequest(`${rule} must be true`);
  }
  return studyViewFilterOf(filter);
}

/**
 * The filter's cohort, compiled (its sampleIdentifiers resolved in memory first) and then read
 * from (or written to) the app's cohort cache.
 */
export async function cohortOf(app: FastifyInstance, filter: StudyViewFilter, options?: CompileOptions): Promise<Cohort> {
  const identifiers = Array.isArray(filter.sampleIdentifiers) ? await resolveSampleIdentifiers(app.db, app.matrices, filter.sampleIdentifiers) : undefined;
  return app.cohorts.resolve(compileCohort(filter, { ...options, identifiers }));
}
