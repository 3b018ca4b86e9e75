// normalizeStudyViewFilter: the request's StudyViewFilter (loosely typed, unknown fields kept) →
// a narrower value: the base set and one discriminated item per filter condition (study-view.md 3).
// Cross-field rules live here; the request is never mutated.
import type { DataFilterValue } from './values.js';

export type { DataFilterValue };

export interface SampleIdentifier {
  studyId: string;
  sampleId: string;
}

/** The request body as validated by server/schemas (unknown fields ignored). */
export interface StudyViewFilter {
  studyIds?: string[];
  sampleIdentifiers?: SampleIdentifier[];
  [block: string]: unknown;
}

/**
 * Sample identifiers as two parallel columns: a body may list 272,000 of them, and an object per
 * identifier would only be taken apart again for binding.
 */
export interface SampleIdentifierColumns {
  studyIds: readonly string[];
  sampleIds: readonly string[];
}

/**
 * Sample identifiers resolved ahead of compiling (engine/resident/sample-identifiers.ts): the
 * studies they name, and the keys of the samples found as runs of consecutive keys, run i being
 * firsts[i] … lasts[i].
 */
export interface ResolvedSampleIdentifiers {
  studyIds: readonly string[];
  firsts: readonly number[];
  lasts: readonly number[];
}

/** Base set (3.3): studies, identifiers, both (intersection), or neither (empty cohort). */
export interface Base {
  studyIds?: readonly string[];
  sampleIdentifiers?: SampleIdentifierColumns | ResolvedSampleIdentifiers;
}

export interface ClinicalDataFilter { attributeId: string; values: readonly DataFilterValue[] }
export interface CustomSample { studyId: string; sampleId: string; value: string }
export interface CustomDataFilter extends ClinicalDataFilter { datatype?: string; samples: readonly CustomSample[] }

/** CNA codes of GeneFilterQuery.alterations (3.6). */
export const CNA_CODES = { AMP: 2, GAIN: 1, DIPLOID: 0, HETLOSS: -1, HOMDEL: -2 } as const;
export type CnaName = keyof typeof CNA_CODES;
export interface GeneQuery { hugoGeneSymbol?: string; alterations: readonly CnaName[] }
export interface GeneFilter { molecularProfileIds: readonly string[]; geneQueries: readonly (readonly GeneQuery[])[] }

export interface MutationDataFilter {
  hugoGeneSymbol: string;
  profileType?: string;
  categorization: 'MUTATED' | 'MUTATION_TYPE';
  values: readonly (readonly DataFilterValue[])[];
}
export interface GenomicDataFilter { hugoGeneSymbol: string; profileType: string; values: readonly DataFilterValue[] }
export interface GenericAssayDataFilter { stableId: string; profileType: string; values: readonly DataFilterValue[] }
export interface GenericAssaySelectionFilter {
  profileType: string;
  patientLevel: boolean;
  values: readonly (readonly { stableId: string; value: string }[])[];
}

/** Treatment tiers (3.13): the clinical_event_data key holding the treatment. */
export const TREATMENT_KEYS = { Agent: 'AGENT', AgentClass: 'AGENT_CLASS', AgentTarget: 'AGENT_TARGET' } as const;
export type TreatmentTier = keyof typeof TREATMENT_KEYS;

export interface SvGeneQuery { hugoSymbol?: string; entrezId?: number; specialValue?: 'ANY_GENE' | 'NO_GENE' }
/** Per-query include flags (driver, tiers, status; booleans default true), as in alterationFilter. */
export interface IncludeFlags {
  includeDriver?: boolean; includeVUS?: boolean; includeUnknownOncogenicity?: boolean;
  includeGermline?: boolean; includeSomatic?: boolean; includeUnknownStatus?: boolean;
  includeUnknownTier?: boolean; tiersBooleanMap?: Record<string, boolean>;
}
export interface SvQuery { gene1Query: SvGeneQuery; gene2Query: SvGeneQuery; flags: IncludeFlags }
export interface StructuralVariantFilter { molecularProfileIds: readonly string[]; structVarQueries: readonly (readonly SvQuery[])[] }
export interface NamespaceDataFilter { outerKey: string; innerKey: string; values: readonly (readonly DataFilterValue[])[] }

/** One condition of the filter; the cohort is the intersection of all of them (3.2). */
export type FilterItem =
  | { block: 'clinicalDataFilters'; filter: ClinicalDataFilter }
  | { block: 'customDataFilters'; filter: CustomDataFilter }
  | { block: 'geneFilters'; filter: GeneFilter }
  | { block: 'caseLists'; anyOf: readonly string[] }
  | { block: 'genomicProfiles'; anyOf: readonly string[] }
  | { block: 'mutationDataFilters'; filter: MutationDataFilter }
  | { block: 'genomicDataFilters'; filter: GenomicDataFilter }
  | { block: 'genericAssayDataFilters'; filter: GenericAssayDataFilter }
  | { block: 'genericAssaySelectionFilters'; filter: GenericAssaySelectionFilter }
  | { block: 'clinicalEventFilters'; eventTypes: readonly string[] }
  | { block: 'sampleTreatmentFilters' | 'sampleTreatmentGroupFilters' | 'sampleTreatmentTargetFilters'; tier: TreatmentTier; anyOf: readonly { treatment: string; time: 'Pre' | 'Post' }[] }
  | { block: 'patientTreatmentFilters' | 'patientTreatmentGroupFilters' | 'patientTreatmentTargetFilters'; tier: TreatmentTier; anyOf: readonly string[] }
  | { block: 'structuralVariantFilters'; filter: StructuralVariantFilter }
  | { block: 'namespaceDataFilters'; filter: NamespaceDataFilter };

export type BlockName = FilterItem['block'];

export interface NormalizedStudyViewFilter { base: Base; items: readonly FilterItem[] }

// ─── defensive readers: nested filters reach us unvalidated (2.3); bad shapes are dropped ───

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const objs = (x: unknown): Obj[] => arr(x).filter(isObj);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
const strs = (x: unknown): string[] => arr(x).filter((s): s is string => typeof s === 'string');
const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

function dataValues(x: unknown): DataFilterValue[] {
  return objs(x).map((v) => ({ start: num(v.start), end: num(v.end), value: str(v.value) ?? null }));
}

/** GeneFilterQuery: an object, or the string form `SYMBOL[:ALT ALT ...]` (2.3). */
export function parseGeneQuery(q: unknown): GeneQuery | undefined {
  if (typeof q === 'string') {
    const [symbol, alts = ''] = q.split(':', 2);
    return { hugoGeneSymbol: symbol.trim(), alterations: alts.trim().split(/\s+/).filter((a): a is CnaName => a in CNA_CODES) };
  }
  if (!isObj(q)) return undefined;
  return { hugoGeneSymbol: str(q.hugoGeneSymbol), alterations: strs(q.alterations).filter((a): a is CnaName => a in CNA_CODES) };
}

const FLAG_NAMES = ['includeDriver', 'includeVUS', 'includeUnknownOncogenicity', 'includeGermline', 'includeSomatic', 'includeUnknownStatus', 'includeUnknownTier'] as const;
function includeFlags(q: Obj): IncludeFlags {
  const flags: IncludeFlags = {};
  for (const name of FLAG_NAMES) if (typeof q[name] === 'boolean') flags[name] = q[name] as boolean;
  if (isObj(q.tiersBooleanMap))
    flags.tiersBooleanMap = Object.fromEntries(Object.entries(q.tiersBooleanMap).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));
  return flags;
}

const TREATMENT_BLOCKS = {
  sampleTreatmentFilters: 'Agent', sampleTreatmentGroupFilters: 'AgentClass', sampleTreatmentTargetFilters: 'AgentTarget',
} as const;
const PATIENT_TREATMENT_BLOCKS = {
  patientTreatmentFilters: 'Agent', patientTreatmentGroupFilters: 'AgentClass', patientTreatmentTargetFilters: 'AgentTarget',
} as const;

/** Outer AND of inner OR groups: AndedXTreatmentFilters = {filters: [{filters: [...]}, ...]}. */
const treatmentGroups = (x: unknown): Obj[][] => (isObj(x) ? objs(x.filters).map((g) => objs(g.filters)) : []);

/** Columns per request list: a bin request compiles its filtered and its unfiltered cohort from one list. */
const columnsOfList = new WeakMap<readonly unknown[], SampleIdentifierColumns>();

/** The well-formed identifiers of a list, in one pass (the others are dropped). */
function identifierColumns(list: readonly unknown[]): SampleIdentifierColumns {
  const known = columnsOfList.get(list);
  if (known !== undefined) return known;
  const studyIds: string[] = [];
  const sampleIds: string[] = [];
  for (const item of list) {
    if (!isObj(item)) continue;
    const { studyId, sampleId } = item;
    if (typeof studyId !== 'string' || typeof sampleId !== 'string') continue;
    studyIds.push(studyId);
    sampleIds.push(sampleId);
  }
  // Frozen: the sql tag then joins each column once for every statement binding it.
  const columns = { studyIds: Object.freeze(studyIds), sampleIds: Object.freeze(sampleIds) };
  columnsOfList.set(list, columns);
  return columns;
}

/** `resolved`: the filter's sampleIdentifiers, resolved ahead (used instead of the list). */
export function normalizeStudyViewFilter(filter: StudyViewFilter, resolved?: ResolvedSampleIdentifiers): NormalizedStudyViewFilter {
  const f = filter as Obj;
  const base: Base = {
    studyIds: Array.isArray(f.studyIds) ? strs(f.studyIds) : undefined,
    sampleIdentifiers: Array.isArray(f.sampleIdentifiers) ? resolved ?? identifierColumns(f.sampleIdentifiers) : undefined,
  };
  const items: FilterItem[] = [];

  for (const c of objs(f.clinicalDataFilters)) {
    const attributeId = str(c.attributeId);
    if (attributeId !== undefined) items.push({ block: 'clinicalDataFilters', filter: { attributeId, values: dataValues(c.values) } });
  }
  for (const c of objs(f.customDataFilters)) {
    const attributeId = str(c.attributeId);
    if (attributeId === undefined) continue;
    const samples = objs(c.samples).flatMap((s) => {
      const studyId = str(s.studyId), sampleId = str(s.sampleId);
      return studyId !== undefined && sampleId !== undefined ? [{ studyId, sampleId, value: str(s.value) ?? '' }] : [];
    });
    items.push({ block: 'customDataFilters', filter: { attributeId, datatype: str(c.datatype), values: dataValues(c.values), samples } });
  }
  for (const g of objs(f.geneFilters)) {
    const geneQueries = arr(g.geneQueries).map((inner) => arr(inner).map(parseGeneQuery).filter((q): q is GeneQuery => q !== undefined));
    items.push({ block: 'geneFilters', filter: { molecularProfileIds: strs(g.molecularProfileIds), geneQueries } });
  }
  for (const anyOf of arr(f.caseLists)) items.push({ block: 'caseLists', anyOf: strs(anyOf) });
  for (const anyOf of arr(f.genomicProfiles)) items.push({ block: 'genomicProfiles', anyOf: strs(anyOf) });
  for (const m of objs(f.mutationDataFilters)) {
    const hugoGeneSymbol = str(m.hugoGeneSymbol);
    const categorization = m.categorization === 'MUTATION_TYPE' ? 'MUTATION_TYPE' : m.categorization === 'MUTATED' ? 'MUTATED' : undefined;
    if (hugoGeneSymbol === undefined || categorization === undefined) continue;
    items.push({ block: 'mutationDataFilters', filter: { hugoGeneSymbol, profileType: str(m.profileType), categorization, values: arr(m.values).map(dataValues) } });
  }
  for (const g of objs(f.genomicDataFilters)) {
    const hugoGeneSymbol = str(g.hugoGeneSymbol), profileType = str(g.profileType);
    if (hugoGeneSymbol !== undefined && profileType !== undefined)
      items.push({ block: 'genomicDataFilters', filter: { hugoGeneSymbol, profileType, values: dataValues(g.values) } });
  }
  for (const g of objs(f.genericAssayDataFilters)) {
    const stableId = str(g.stableId), profileType = str(g.profileType);
    if (stableId !== undefined && profileType !== undefined)
      items.push({ block: 'genericAssayDataFilters', filter: { stableId, profileType, values: dataValues(g.values) } });
  }
  for (const g of objs(f.genericAssaySelectionFilters)) {
    const profileType = str(g.profileType);
    if (profileType === undefined) continue;
    const values = arr(g.values).map((inner) => objs(inner).flatMap((v) => {
      const stableId = str(v.stableId), value = str(v.value);
      return stableId !== undefined && value !== undefined ? [{ stableId, value }] : [];
    }));
    items.push({ block: 'genericAssaySelectionFilters', filter: { profileType, patientLevel: g.patientLevel === true, values } });
  }
  for (const e of objs(f.clinicalEventFilters))
    items.push({ block: 'clinicalEventFilters', eventTypes: objs(e.values).flatMap((v) => (typeof v.value === 'string' ? [v.value] : [])) });
  for (const [block, tier] of Object.entries(TREATMENT_BLOCKS) as [keyof typeof TREATMENT_BLOCKS, TreatmentTier][]) {
    for (const group of treatmentGroups(f[block])) {
      const anyOf = group.flatMap((t) => {
        const treatment = str(t.treatment);
        return treatment !== undefined && (t.time === 'Pre' || t.time === 'Post') ? [{ treatment, time: t.time as 'Pre' | 'Post' }] : [];
      });
      items.push({ block, tier, anyOf });
    }
  }
  for (const [block, tier] of Object.entries(PATIENT_TREATMENT_BLOCKS) as [keyof typeof PATIENT_TREATMENT_BLOCKS, TreatmentTier][]) {
    for (const group of treatmentGroups(f[block]))
      items.push({ block, tier, anyOf: group.flatMap((t) => (typeof t.treatment === 'string' ? [t.treatment] : [])) });
  }
  for (const s of objs(f.structuralVariantFilters)) {
    const svGene = (q: unknown): SvGeneQuery => {
      if (!isObj(q)) return {};
      const special = q.specialValue === 'ANY_GENE' || q.specialValue === 'NO_GENE' ? q.specialValue : undefined;
      return { hugoSymbol: str(q.hugoSymbol), entrezId: num(q.entrezId) ?? undefined, specialValue: special };
    };
    const structVarQueries = arr(s.structVarQueries).map((inner) => objs(inner).map((q) => ({ gene1Query: svGene(q.gene1Query), gene2Query: svGene(q.gene2Query), flags: includeFlags(q) })));
    // Filters with an empty structVarQueries are ignored (3.7).
    if (structVarQueries.length > 0)
      items.push({ block: 'structuralVariantFilters', filter: { molecularProfileIds: strs(s.molecularProfileIds), structVarQueries } });
  }
  for (const n of objs(f.namespaceDataFilters)) {
    const outerKey = str(n.outerKey), innerKey = str(n.innerKey);
    if (outerKey !== undefined && innerKey !== undefined)
      items.push({ block: 'namespaceDataFilters', filter: { outerKey, innerKey, values: arr(n.values).map(dataValues) } });
  }
  return { base, items };
}
