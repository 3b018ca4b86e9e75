// Compiles a StudyViewFilter into one SQL fragment yielding the cohort's sample keys
// (study-view.md 3.2): the intersection of one sample-key set per filter block.
// CONTRACT used by the Study View endpoints: compileCohort(filter, { omit }) → Fragment of
// `SELECT sample_key ...`; `omit` drops one block for the "remove self" rules (3.17).
import { raw, sql, type Fragment } from '../sql/sql.js';
import type { DependsOn } from '../sql/study-stamps.js';
import { compileCaseListFilter } from './case-lists.js';
import { compileClinicalDataFilter } from './clinical-data.js';
import { compileClinicalEventFilter } from './clinical-events.js';
import { compileCustomDataFilter } from './custom-data.js';
import { compileGeneFilter } from './gene.js';
import { compileGenericAssayDataFilter, compileGenericAssaySelectionFilter } from './generic-assay-data.js';
import { compileGenomicDataFilter } from './genomic-data.js';
import { compileGenomicProfileFilter } from './genomic-profiles.js';
import { compileMutationDataFilter } from './mutation-data.js';
import { compileNamespaceDataFilter } from './namespace-data.js';
import { normalizeStudyViewFilter, type Base, type FilterItem, type ResolvedSampleIdentifiers, type SampleIdentifier, type StudyViewFilter } from './normalize.js';
import { compilePatientTreatmentFilter, compileSampleTreatmentFilter } from './treatments.js';
import { compileStructuralVariantFilter } from './structural-variant.js';

/**
 * An item left out for the "remove self" rules (3.17). `block` is the request field name; no
 * `key` drops the whole block. `key` is the item's attributeId (clinicalDataFilters,
 * customDataFilters), hugoGeneSymbol (genomicDataFilters, mutationDataFilters) or stableId
 * (genericAssayDataFilters); `profileType` and `categorization` narrow further when given.
 */
export interface OmitItem { block: string; key?: string; profileType?: string; categorization?: string }

export interface CompileOptions {
  /** One item description, or several (e.g. clinical and custom filters of one attribute id). */
  omit?: OmitItem | readonly OmitItem[];
  /**
   * negateFilters (3.16, Legacy semantics, which the parameter documents; the column store
   * ignores it): each clinical, custom, namespace, genomic-data, generic-assay and mutation-data
   * item is inverted (samples not matching it, within the involved studies); items stay ANDed.
   */
  negate?: boolean;
  /** The filter's sampleIdentifiers resolved ahead (engine/resident/sample-identifiers.ts). */
  identifiers?: ResolvedSampleIdentifiers;
}

/** Base set (3.3): samples of studyIds, of sampleIdentifiers, or of both (intersection). */
function compileBase(base: Base): Fragment {
  const parts: Fragment[] = [];
  if (base.studyIds !== undefined)
    parts.push(sql`SELECT s.sample_key FROM sample s JOIN cancer_study c USING (study_key) WHERE c.study_id IN (SELECT unnest(${base.studyIds}::VARCHAR[]))`);
  if (base.sampleIdentifiers !== undefined && 'firsts' in base.sampleIdentifiers) {
    const { firsts, lasts } = base.sampleIdentifiers;
    parts.push(sql`SELECT unnest(range(f, l + 1))::INTEGER AS sample_key
      FROM (SELECT unnest(${firsts}::INTEGER[]) AS f, unnest(${lasts}::INTEGER[]) AS l)`);
  } else if (base.sampleIdentifiers !== undefined) {
    const { studyIds: studies, sampleIds: samples } = base.sampleIdentifiers;
    parts.push(sql`SELECT s.sample_key FROM sample s JOIN cancer_study c USING (study_key)
      JOIN (SELECT unnest(${studies}::VARCHAR[]) AS study_id, unnest(${samples}::VARCHAR[]) AS sample_id) i
        ON i.study_id = c.study_id AND i.sample_id = s.sample_id`);
  }
  // Neither given: an empty cohort (the documented behaviour; the reference errs).
  if (parts.length === 0) return sql`SELECT sample_key FROM sample WHERE FALSE`;
  return parts.reduce((a, b) => sql`${a} INTERSECT ${b}`);
}

/**
 * The distinct studies of each sampleIdentifiers list seen, while the list is held: a remembered
 * list of 272,000 items comes back with every request (server/repeated-identifiers.ts).
 */
const studiesOfLists = new WeakMap<readonly SampleIdentifier[], readonly string[]>();

/** The involved studies (3.2) of a request's filter: studyIds if present, else the studies of sampleIdentifiers. */
export function compileInvolvedStudies(filter: { studyIds?: readonly string[]; sampleIdentifiers?: readonly SampleIdentifier[] }): Fragment {
  return involvedStudies(involvedStudyIds(filter));
}

/** The ids of the involved studies (distinct when from sampleIdentifiers). */
export function involvedStudyIds(filter: { studyIds?: readonly string[]; sampleIdentifiers?: readonly SampleIdentifier[] }): readonly string[] {
  if (filter.studyIds != null) return filter.studyIds;
  const list = filter.sampleIdentifiers ?? [];
  let ids = studiesOfLists.get(list);
  if (ids === undefined) {
    const distinct = new Set<string>();
    // Malformed items (the engine's callers may pass lists no schema checked) name no study.
    for (const i of list) if (typeof i?.studyId === 'string') distinct.add(i.studyId);
    studiesOfLists.set(list, (ids = Object.freeze([...distinct])));
  }
  return ids;
}

/** The same, of a normalised base. */
function compileBaseStudies(base: Base): Fragment {
  return involvedStudies(base.studyIds ?? [...new Set(base.sampleIdentifiers?.studyIds)]);
}

// Distinct ids: a sampleIdentifiers body may list 272,000 samples of one study.
const involvedStudies = (ids: readonly string[]): Fragment =>
  sql`SELECT study_key FROM cancer_study WHERE study_id IN (SELECT unnest(${ids}::VARCHAR[]))`;

/** Is this item one that `omit` names? */
function isOmitted(item: FilterItem, omit: CompileOptions['omit']): boolean {
  if (omit === undefined) return false;
  if (Array.isArray(omit)) return omit.some((o: OmitItem) => isOmitted(item, o));
  return matchesOmit(item, omit as OmitItem);
}

function matchesOmit(item: FilterItem, omit: OmitItem): boolean {
  if (omit.block !== item.block) return false;
  if (omit.key === undefined) return true;
  switch (item.block) {
    case 'clinicalDataFilters':
    case 'customDataFilters':
      return item.filter.attributeId === omit.key;
    case 'genomicDataFilters':
      return item.filter.hugoGeneSymbol === omit.key && (omit.profileType === undefined || omit.profileType === item.filter.profileType);
    case 'mutationDataFilters':
      return item.filter.hugoGeneSymbol === omit.key && (omit.profileType === undefined || omit.profileType === item.filter.profileType)
        && (omit.categorization === undefined || omit.categorization === item.filter.categorization);
    case 'genericAssayDataFilters':
      return item.filter.stableId === omit.key && (omit.profileType === undefined || omit.profileType === item.filter.profileType);
    default:
      return false;
  }
}

/** One item's sample set; undefined = no restriction. */
function compileItem(item: FilterItem, studies: Fragment): Fragment | undefined {
  switch (item.block) {
    case 'clinicalDataFilters': return compileClinicalDataFilter(item.filter, studies);
    case 'customDataFilters': return compileCustomDataFilter(item.filter, studies);
    case 'geneFilters': return compileGeneFilter(item.filter, studies);
    case 'caseLists': return compileCaseListFilter(item.anyOf, studies);
    case 'genomicProfiles': return compileGenomicProfileFilter(item.anyOf, studies);
    case 'mutationDataFilters': return compileMutationDataFilter(item.filter, studies);
    case 'genomicDataFilters': return compileGenomicDataFilter(item.filter, studies);
    case 'genericAssayDataFilters': return compileGenericAssayDataFilter(item.filter, studies);
    case 'genericAssaySelectionFilters': return compileGenericAssaySelectionFilter(item.filter, studies);
    case 'clinicalEventFilters': return compileClinicalEventFilter(item.eventTypes, studies);
    case 'sampleTreatmentFilters':
    case 'sampleTreatmentGroupFilters':
    case 'sampleTreatmentTargetFilters':
      return compileSampleTreatmentFilter(item.tier, item.anyOf, studies);
    case 'patientTreatmentFilters':
    case 'patientTreatmentGroupFilters':
    case 'patientTreatmentTargetFilters':
      return compilePatientTreatmentFilter(item.tier, item.anyOf, studies);
    case 'structuralVariantFilters': return compileStructuralVariantFilter(item.filter, studies);
    case 'namespaceDataFilters': return compileNamespaceDataFilter(item.filter, studies);
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}

/** Blocks negateFilters inverts (3.16). */
const NEGATABLE = new Set<FilterItem['block']>([
  'clinicalDataFilters', 'customDataFilters', 'namespaceDataFilters', 'genomicDataFilters', 'genericAssayDataFilters', 'mutationDataFilters',
]);

/** One filter item of a cohort, with the SQL of its sample set (inverted when `negated`). */
export interface PlannedItem { item: FilterItem; set: Fragment; negated: boolean }

/**
 * What a cohort is made of: the base set (3.3), the involved studies and the sample set of each
 * item that restricts it (omitted items and items without restriction left out). The SQL below is
 * built from it; engine/resident/cohort-keys.ts computes the same keys in memory from it.
 */
export interface CohortPlan {
  base: Base;
  baseSet: Fragment;
  studies: Fragment;
  items: readonly PlannedItem[];
}

export function planCohort(filter: StudyViewFilter, options: CompileOptions = {}): CohortPlan {
  const { base, items } = normalizeStudyViewFilter(filter, options.identifiers);
  const studies = compileBaseStudies(base);
  const planned: PlannedItem[] = [];
  for (const item of items) {
    if (isOmitted(item, options.omit)) continue;
    const part = compileItem(item, studies);
    if (part === undefined) continue;
    const negated = options.negate === true && NEGATABLE.has(item.block);
    const set = negated ? sql`SELECT sample_key FROM sample WHERE study_key IN (${studies}) EXCEPT (SELECT sample_key FROM (${part}))` : part;
    planned.push({ item, set, negated });
  }
  return { base, baseSet: compileBase(base), studies, items: planned };
}

/**
 * A compiled cohort. `wholeStudies` (the study keys) is set when the cohort is every sample of
 * its studies (studyIds and no narrowing filter), so that queries can test a fact table's
 * study_key instead of probing each row's sample_key: see `inCohort`. `dependsOn`: the studies
 * whose rows it reads (a filter's involved studies; undefined: the whole store), for what is
 * kept of it across store generations (server/carry-over.ts). `plan`: what it was compiled from;
 * `sampleKeys`: its sample keys, ascending, where they were computed in memory (cohort-cache.ts).
 */
export type Cohort = Fragment & { readonly wholeStudies?: Fragment; readonly dependsOn?: DependsOn; readonly plan?: CohortPlan; readonly sampleKeys?: Int32Array };

export function compileCohort(filter: StudyViewFilter, options: CompileOptions = {}): Cohort {
  const plan = planCohort(filter, options);
  const cohort = plan.items.reduce((a, { set }) => sql`(SELECT sample_key FROM (${a})) INTERSECT (SELECT sample_key FROM (${set}))`, sql`${plan.baseSet}`);
  const narrowed = plan.base.sampleIdentifiers !== undefined || plan.items.length > 0;
  const dependsOn = involvedStudyIds(filter);
  return narrowed || plan.base.studyIds === undefined
    ? Object.assign(cohort, { dependsOn, plan })
    : Object.assign(cohort, { wholeStudies: plan.studies, dependsOn, plan });
}

/**
 * `<alias>.sample_key` is in the cohort, for a table with sample_key and study_key columns.
 * Whole studies test study_key: a column comparison instead of a hash probe per row.
 */
export function inCohort(cohort: Cohort, alias: string): Fragment {
  const table = raw(alias);
  return cohort.wholeStudies !== undefined
    ? sql`${table}.study_key IN (${cohort.wholeStudies})`
    : sql`${table}.sample_key IN (${cohort})`;
}
