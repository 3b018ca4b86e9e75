// Custom data ("custom charts", study-view.md 3.5, 4.5): user-defined values per sample. cBioPortal
// reads the datasets from its session service by attribute id; here they come with the request:
// the attribute's own inline `samples`, else those of the customDataFilter with the same id.
import { normalizeStudyViewFilter, type CustomSample } from '../filter/normalize.js';
import type { Cohort, StudyViewFilter } from '../filter/compile.js';
import type { Db } from '../sql/db.js';
import { caseKeys, cohortSampleKeys, forEachCaseKey, membersOf, onePerPatient, samplePatients } from './case-keys.js';
import type { ProfileMatrices } from './profile-matrix.js';
import type { ClinicalDataCountItem } from './study-view-counts.js';

export interface CustomDataset {
  id: string;
  /** Counts patients (distinct patients of the listed samples) instead of samples. */
  patientAttribute: boolean;
  data: readonly CustomSample[];
}

/** A requested attribute as sent: id plus, optionally, the dataset inline. */
export interface CustomDataAttribute {
  attributeId: string;
  patientAttribute?: boolean | null;
  samples?: readonly { studyId: string; sampleId: string; value?: string | null }[] | null;
}

/**
 * The dataset of each requested id, in request order, duplicates collapsed; ids with no inline
 * data anywhere in the request are unknown and skipped (as the reference skips unknown sessions).
 */
export function customDatasetsOf(attributes: readonly CustomDataAttribute[], filter: StudyViewFilter): CustomDataset[] {
  const fromFilter = new Map<string, readonly CustomSample[]>();
  for (const item of normalizeStudyViewFilter(filter).items)
    if (item.block === 'customDataFilters' && item.filter.samples.length > 0 && !fromFilter.has(item.filter.attributeId))
      fromFilter.set(item.filter.attributeId, item.filter.samples);
  const out = new Map<string, CustomDataset>();
  for (const a of attributes) {
    if (out.has(a.attributeId)) continue;
    const data = a.samples != null && a.samples.length > 0
      ? a.samples.map((s) => ({ studyId: s.studyId, sampleId: s.sampleId, value: s.value ?? '' }))
      : fromFilter.get(a.attributeId);
    if (data !== undefined) out.set(a.attributeId, { id: a.attributeId, patientAttribute: a.patientAttribute === true, data });
  }
  return [...out.values()];
}

const NA_WORDS = new Set(['NA', 'NAN', 'N/A']);

/**
 * Counts of each dataset over the cohort (4.5): entries of cohort samples grouped by exact value,
 * distinct samples (or patients) per value; NA/NAN/N/A groups dropped; NA = cohort samples (or
 * their patients) − Σ, only when > 0. An empty cohort gives []. Counts by count desc, then value.
 * The entries' samples are found in memory (case-keys.ts): a dataset may list every sample of a
 * study, 272,000 ids that took half a second to join in DuckDB.
 */
export async function fetchCustomDataCounts(db: Db, matrices: ProfileMatrices, cohort: Cohort, datasets: readonly CustomDataset[]): Promise<ClinicalDataCountItem[]> {
  const [keys, cases, patients] = await Promise.all([cohortSampleKeys(db, matrices, cohort), caseKeys(db, matrices, 'sample'), samplePatients(db, matrices)]);
  if (keys.length === 0 || datasets.length === 0) return [];
  const member = membersOf(keys);
  return datasets.map((d) => {
    const unitOf = d.patientAttribute ? (key: number) => patients.patientOf[key] : (key: number) => key;
    const unitsOfValue = new Map<string, Set<number>>();
    forEachCaseKey(cases, d.data.length, (i) => d.data[i].studyId, (i) => d.data[i].sampleId, (key, i) => {
      if (member[key] !== 1) return;
      const value = d.data[i].value;
      let units = unitsOfValue.get(value);
      if (units === undefined) unitsOfValue.set(value, (units = new Set()));
      units.add(unitOf(key));
    });
    const counts = [...unitsOfValue].filter(([value]) => !NA_WORDS.has(value.toUpperCase()))
      .map(([value, units]) => ({ value, count: units.size }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    const total = d.patientAttribute ? onePerPatient(keys, patients).length : keys.length;
    const na = total - counts.reduce((n, c) => n + c.count, 0);
    return { attributeId: d.id, counts: na > 0 ? [...counts, { value: 'NA', count: na }] : counts };
  });
}
