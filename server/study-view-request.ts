// The StudyViewFilter of a Study View request body, after the rule every endpoint shares (and the
// checks of the endpoints whose body the reference validates).
import type { FastifyInstance } from 'fastify';
import { InvalidRequest } from '../engine/errors.js';
import { compileCohort, type Cohort, type CompileOptions } from '../engine/filter/compile.js';
import type { StudyViewFilter } from '../engine/filter/normalize.js';
import { cohortKeys } from '../engine/resident/cohort-keys.js';
import { resolveSampleIdentifiers } from '../engine/resident/sample-identifiers.js';
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
 * given, is not empty; each value object (not null) of the clinical, genomic, generic assay and
 * custom data filters has a value or a range (start and/or end), not both, not neither; and the
 * generic assay selections and structural variant queries are complete. (The reference's messages
 * for the last two are not documented: ours name the field.)
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
  checkGenericAssaySelections(filter.genericAssaySelectionFilters ?? []);
  checkStructuralVariantQueries(filter.structuralVariantFilters ?? []);
  return studyViewFilterOf(filter);
}

const blank = (text: string | null | undefined) => text == null || text.trim() === '';

/** Each selection has a profile type, a patientLevel, and non-empty groups of (stableId, value) pairs, none blank (2.3). */
function checkGenericAssaySelections(filters: NonNullable<StudyViewFilterBody['genericAssaySelectionFilters']>): void {
  filters.forEach((f, i) => {
    const at = `genericAssaySelectionFilters[${i}]`;
    if (blank(f.profileType)) throw new InvalidRequest(`${at}.profileType must not be blank`);
    if (f.patientLevel == null) throw new InvalidRequest(`${at}.patientLevel must not be null`);
    if (f.values == null || f.values.length === 0) throw new InvalidRequest(`${at}.values must not be empty`);
    f.values.forEach((group, j) => {
      if (group.length === 0) throw new InvalidRequest(`${at}.values[${j}] must not be empty`);
      group.forEach((pair, k) => {
        for (const field of ['stableId', 'value'] as const) if (blank(pair[field])) throw new InvalidRequest(`${at}.values[${j}][${k}].${field} must not be blank`);
      });
    });
  });
}

type SvGeneQueryBody = { hugoSymbol?: string | null; entrezId?: number | null; specialValue?: string | null } | null | undefined;

/**
 * Each structural variant query (2.3): its two genes do not carry the same special value, at least
 * one names a symbol, and each carries exactly one of entrezId, hugoSymbol and specialValue, being
 * a symbol or a special value.
 */
function checkStructuralVariantQueries(filters: NonNullable<StudyViewFilterBody['structuralVariantFilters']>): void {
  filters.forEach((f, i) => (f.structVarQueries ?? []).forEach((queries, j) => queries.forEach((q, k) => {
    const at = `structuralVariantFilters[${i}].structVarQueries[${j}][${k}]`;
    const genes: SvGeneQueryBody[] = [q.gene1Query, q.gene2Query];
    if (genes[0]?.specialValue != null && genes[0].specialValue === genes[1]?.specialValue)
      throw new InvalidRequest(`${at}: gene1Query and gene2Query carry the same specialValue`);
    if (genes.every((g) => g?.hugoSymbol == null)) throw new InvalidRequest(`${at}: gene1Query or gene2Query must name a hugoSymbol`);
    genes.forEach((g, side) => {
      const given = [g?.entrezId, g?.hugoSymbol, g?.specialValue].filter((x) => x != null).length;
      if (given !== 1 || (g?.hugoSymbol == null && g?.specialValue == null))
        throw new InvalidRequest(`${at}.gene${side + 1}Query must carry a hugoSymbol or a specialValue, and only one of entrezId, hugoSymbol and specialValue`);
    });
  })));
}

/**
 * The filter's cohort, compiled (its sampleIdentifiers resolved in memory first) and then read
 * from the app's cohort cache, or computed in memory and written to it.
 */
export async function cohortOf(app: FastifyInstance, filter: StudyViewFilter, options?: CompileOptions): Promise<Cohort> {
  const { db, matrices } = app;
  const identifiers = Array.isArray(filter.sampleIdentifiers) ? await resolveSampleIdentifiers(db, matrices, filter.sampleIdentifiers) : undefined;
  const cohort = compileCohort(filter, { ...options, identifiers });
  return app.cohorts.resolve(cohort, () => cohortKeys(db, matrices, cohort.plan!));
}
