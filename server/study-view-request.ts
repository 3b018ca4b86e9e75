// A Study View request (StudyViewRequest): the StudyViewFilter of its body, after the rule every
// endpoint shares (and the checks of the endpoints whose body the reference validates), and the
// cohorts and studies its handler derives from it.
import type { FastifyInstance } from 'fastify';
import { InvalidRequest } from '../engine/errors.js';
import { compileCohort, compileInvolvedStudies, involvedStudyIds, type Cohort, type CompileOptions, type OmitItem } from '../engine/filter/compile.js';
import type { StudyViewFilter } from '../engine/filter/normalize.js';
import { cohortKeys } from '../engine/resident/cohort-keys.js';
import { resolveSampleIdentifiers } from '../engine/resident/sample-identifiers.js';
import type { Fragment } from '../engine/sql/sql.js';
import type { DataBinMethod } from '../engine/stats/binning.js';
import type { BinCohorts } from '../engine/study-view/study-view-bins.js';
import type { StudyViewFilterBody } from './schemas/study-view-filter.js';

/** Rule eitherSampleIdentifiersOrStudyIdsPresent (2.3): both given is accepted (intersection); JSON null is "not given". */
function studyViewFilterOf(filter: StudyViewFilterBody): StudyViewFilter {
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
function validatedStudyViewFilter(filter: StudyViewFilterBody): StudyViewFilter {
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
async function cohortOf(app: FastifyInstance, filter: StudyViewFilter, options?: CompileOptions): Promise<Cohort> {
  const { db, matrices } = app;
  const identifiers = Array.isArray(filter.sampleIdentifiers) ? await resolveSampleIdentifiers(db, matrices, filter.sampleIdentifiers) : undefined;
  const cohort = compileCohort(filter, { ...options, identifiers });
  return app.cohorts.resolve(cohort, () => cohortKeys(db, matrices, cohort.plan!));
}

/**
 * Remove self (3.17): a chart asking for exactly one attribute, gene or entity counts over the
 * cohort without its own filter item(s), `own(item)`; a chart asking for several (or none) over the
 * whole filter.
 */
export function ownItems<T>(asked: readonly T[], own: (item: T) => OmitItem | readonly OmitItem[]): CompileOptions['omit'] {
  return asked.length === 1 ? own(asked[0]) : undefined;
}

/**
 * One Study View request's filter, checked once, and what its handler derives from it: the
 * cohort (with a chart's own item left out, 3.17), the cohorts a bin endpoint bins, and the
 * studies the filter involves. The handlers take these from here rather than from the filter.
 */
export class StudyViewRequest {
  private constructor(private readonly app: FastifyInstance, readonly filter: StudyViewFilter) {}

  /** The filter of a body under the rule every endpoint shares (studyViewFilterOf). */
  static of(app: FastifyInstance, body: StudyViewFilterBody): StudyViewRequest {
    return new StudyViewRequest(app, studyViewFilterOf(body));
  }

  /** With every check of 2.3 (validatedStudyViewFilter), for the endpoints whose body the reference validates. */
  static validated(app: FastifyInstance, body: StudyViewFilterBody): StudyViewRequest {
    return new StudyViewRequest(app, validatedStudyViewFilter(body));
  }

  /** The same request with another filter of the same studies (a plot's filter without an item). */
  withFilter(filter: StudyViewFilter): StudyViewRequest {
    return new StudyViewRequest(this.app, filter);
  }

  /** The cohort; `omit` leaves out the items of the chart asking (remove self, 3.17), `negate` inverts the items (3.16). */
  cohort(options?: Pick<CompileOptions, 'omit' | 'negate'>): Promise<Cohort> {
    return cohortOf(this.app, this.filter, options);
  }

  /**
   * The cohorts a bin endpoint bins: the filtered one (less `omit`) and, for STATIC bins, the
   * studies' or sample identifiers' alone, on which the bins are chosen (5.2).
   */
  async binCohorts(omit: CompileOptions['omit'], method: DataBinMethod): Promise<BinCohorts> {
    const filtered = await this.cohort({ omit });
    if (method !== 'STATIC') return { filtered };
    return { filtered, unfiltered: await cohortOf(this.app, { studyIds: this.filter.studyIds, sampleIdentifiers: this.filter.sampleIdentifiers }) };
  }

  /** The ids of the studies the filter involves. */
  get studyIds(): readonly string[] {
    return involvedStudyIds(this.filter);
  }

  /** The studies the filter involves, as SQL (a list of study keys). */
  get studies(): Fragment {
    return compileInvolvedStudies(this.filter);
  }
}
