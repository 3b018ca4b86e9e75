// Custom data ("custom charts", study-view.md 3.5, 4.5): user-defined values per sample. cBioPortal
// reads the datasets from its session service by attribute id; here they come with the request:
// the attribute's own inline `samples` (the server fills in those of a chart saved as a session),
// else those of the customDataFilter with the same id.
import { normalizeStudyViewFilter, type CustomSample } from '../filter/normalize.js';
import type { Cohort } from '../filter/compile.js';
import type { StudyViewFilter } from '../filter/normalize.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { caseKeys, cohortSampleKeys, forEachCaseKey, groupedByKey, membersOf, onePerPatient, samplePatients, type CaseKeys } from '../resident/case-keys.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';
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
    const data = a.samples != null && a.samples.length > 0 ? entriesOf(a.samples) : fromFilter.get(a.attributeId);
    if (data !== undefined) out.set(a.attributeId, { id: a.attributeId, patientAttribute: a.patientAttribute === true, data });
  }
  return [...out.values()];
}

/** Each inline list's entries, while the list is held: a remembered list (server/repeated-identifiers.ts) comes with every request of its chart. */
const entriesOfLists = new WeakMap<NonNullable<CustomDataAttribute['samples']>, readonly CustomSample[]>();

function entriesOf(samples: NonNullable<CustomDataAttribute['samples']>): readonly CustomSample[] {
  let entries = entriesOfLists.get(samples);
  if (entries === undefined) entriesOfLists.set(samples, (entries = samples.map((s) => ({ studyId: s.studyId, sampleId: s.sampleId, value: s.value ?? '' }))));
  return entries;
}

/** A dataset's entries that name a sample of the store, grouped by value. */
interface FoundEntries {
  /** The distinct values, in order of first entry. */
  values: string[];
  /** Value v's entries' sample keys are keys[offsets[v]] … keys[offsets[v + 1]]. */
  offsets: Int32Array;
  keys: Int32Array;
}

/** Per store's sample keys, each dataset's found entries, while the dataset is held. */
const foundEntries = new WeakMap<CaseKeys, WeakMap<readonly CustomSample[], FoundEntries>>();

function entriesFound(cases: CaseKeys, data: readonly CustomSample[]): FoundEntries {
  let byData = foundEntries.get(cases);
  if (byData === undefined) foundEntries.set(cases, (byData = new WeakMap()));
  let found = byData.get(data);
  if (found !== undefined) return found;
  const positionOf = new Map<string, number>();
  const valueOfEntry: number[] = [];
  const keyOfEntry: number[] = [];
  forEachCaseKey(cases, data.length, (i) => data[i].studyId, (i) => data[i].sampleId, (key, i) => {
    let position = positionOf.get(data[i].value);
    if (position === undefined) positionOf.set(data[i].value, (position = positionOf.size));
    valueOfEntry.push(position);
    keyOfEntry.push(key);
  });
  const { offsets, order } = groupedByKey(valueOfEntry);
  byData.set(data, (found = { values: [...positionOf.keys()], offsets, keys: order.map((i) => keyOfEntry[i]) }));
  return found;
}

const NA_WORDS = new Set(['NA', 'NAN', 'N/A']);

/**
 * Counts of each dataset over the cohort (4.5): entries of cohort samples grouped by exact value,
 * distinct samples (or patients) per value; NA/NAN/N/A groups dropped; NA = cohort samples (or
 * their patients) − Σ, only when > 0. An empty cohort gives []. Counts by count desc, then value.
 * The entries' samples are found in memory (case-keys.ts): a dataset may list every sample of a
 * study, 272,000 ids that took half a second to join in DuckDB.
 */
export async function fetchCustomDataCounts(db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, datasets: readonly CustomDataset[]): Promise<ClinicalDataCountItem[]> {
  const [keys, cases, patients] = await Promise.all([cohortSampleKeys(db, matrices, cohort), caseKeys(db, matrices, 'sample'), samplePatients(db, matrices)]);
  if (keys.length === 0 || datasets.length === 0) return [];
  const member = membersOf(keys);
  return datasets.map((d) => {
    const { values, offsets, keys: entryKeys } = entriesFound(cases, d.data);
    // The value a unit was last counted for: a unit is counted once per value.
    const countedFor = new Int32Array(d.patientAttribute ? patients.patientBound : member.length).fill(-1);
    const counts: { value: string; count: number }[] = [];
    values.forEach((value, v) => {
      let count = 0;
      for (let i = offsets[v]; i < offsets[v + 1]; i++) {
        const key = entryKeys[i];
        if (member[key] !== 1) continue;
        const unit = d.patientAttribute ? patients.patientOf[key] : key;
        if (countedFor[unit] === v) continue;
        countedFor[unit] = v;
        count++;
      }
      if (count > 0 && !NA_WORDS.has(value.toUpperCase())) counts.push({ value, count });
    });
    counts.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    const total = d.patientAttribute ? onePerPatient(keys, patients).length : keys.length;
    const na = total - counts.reduce((n, c) => n + c.count, 0);
    return { attributeId: d.id, counts: na > 0 ? [...counts, { value: 'NA', count: na }] : counts };
  });
}
