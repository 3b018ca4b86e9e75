// Custom data ("custom charts", study-view.md 3.5, 4.5): user-defined values per sample. cBioPortal
// reads the datasets from its session service by attribute id; here they come with the request:
// the attribute's own inline `samples`, else those of the customDataFilter with the same id.
import { normalizeStudyViewFilter, type CustomSample } from '../filter/normalize.js';
import { inCohort, type Cohort, type StudyViewFilter } from '../filter/compile.js';
import type { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
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
 */
export async function fetchCustomDataCounts(db: Db, cohort: Cohort, datasets: readonly CustomDataset[]): Promise<ClinicalDataCountItem[]> {
  const [total] = await db.all<{ samples: number; patients: number }>(sql`
    SELECT count(*)::INTEGER AS samples, count(DISTINCT patient_key)::INTEGER AS patients FROM sample s WHERE ${inCohort(cohort, 's')}`);
  if (total.samples === 0 || datasets.length === 0) return [];
  const entries = datasets.flatMap((d, i) => d.data.map((e) => ({ i, ...e })));
  const rows = await db.all<{ i: number; value: string; samples: number; patients: number }>(sql`
    WITH e AS (SELECT unnest(${entries.map((e) => e.i)}::INTEGER[]) AS i, unnest(${entries.map((e) => e.studyId)}::VARCHAR[]) AS study_id,
        unnest(${entries.map((e) => e.sampleId)}::VARCHAR[]) AS sample_id, unnest(${entries.map((e) => e.value)}::VARCHAR[]) AS value)
    SELECT e.i, e.value, count(DISTINCT s.sample_key)::INTEGER AS samples, count(DISTINCT s.patient_key)::INTEGER AS patients
    FROM e JOIN cancer_study c ON c.study_id = e.study_id JOIN sample s ON s.study_key = c.study_key AND s.sample_id = e.sample_id
    WHERE ${inCohort(cohort, 's')}
    GROUP BY e.i, e.value ORDER BY e.i, value`);
  return datasets.map((d, i) => {
    const unit = d.patientAttribute ? 'patients' : 'samples';
    const counts = rows.filter((r) => r.i === i && !NA_WORDS.has(r.value.toUpperCase()))
      .map((r) => ({ value: r.value, count: r[unit] }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    const na = total[unit] - counts.reduce((n, c) => n + c.count, 0);
    return { attributeId: d.id, counts: na > 0 ? [...counts, { value: 'NA', count: na }] : counts };
  });
}
