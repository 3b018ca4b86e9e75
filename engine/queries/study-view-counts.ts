// Study View count charts over the filtered cohort: clinical data counts, sample list counts and
// molecular profile sample counts (study-view.md 4.2-4.4).
import type { Db } from '../sql/db.js';
import type { CohortCache } from '../filter/cohort-cache.js';
import { inCohort, type Cohort } from '../filter/compile.js';
import { sql, type Fragment } from '../sql/sql.js';
import type { CountedValue } from '../stats/binning.js';

/** A value and how many cases have it: the binner's input type (CountedValue), so counts bin as they are. */
export type ValueCount = CountedValue;

export interface ClinicalDataCountItem {
  attributeId: string;
  counts: ValueCount[];
}

/** Tables derived from the store once (engine/filter/cohort-cache.ts). */
export type DerivedTables = Pick<CohortCache, 'derived'>;

/**
 * `exact` (attr_id, value, n): how many cases of the cohort hold each value, read from its rows:
 * sample rows (sample-level and mixed attributes); for a mixed attribute in a study where it is
 * patient-level, the patient's value once per filtered sample; for a patient attribute, once per
 * patient with a filtered sample.
 */
function cohortValues(cohort: Cohort): Fragment {
  return sql`vals AS (
      SELECT a.attr_id, c.attr_value AS value FROM attrs a
      JOIN clinical_sample c ON c.attr_id = a.attr_id
      WHERE a.level <> 'patient' AND ${inCohort(cohort, 'c')}
      UNION ALL
      SELECT a.attr_id, c.attr_value FROM attrs a
      JOIN clinical_patient c ON c.attr_id = a.attr_id JOIN fs ON fs.patient_key = c.patient_key
      JOIN meta m ON m.study_key = fs.study_key AND m.attr_id = a.attr_id AND m.patient_attribute
      WHERE a.level = 'mixed'
      UNION ALL
      SELECT a.attr_id, c.attr_value FROM attrs a
      JOIN clinical_patient c ON c.attr_id = a.attr_id JOIN fp ON fp.patient_key = c.patient_key
      WHERE a.level = 'patient'),
    -- Exact values first (cheap on dictionary-encoded strings), then case variants merged.
    exact AS (SELECT attr_id, value, count(*) AS n FROM vals GROUP BY attr_id, value)`;
}

/**
 * Per study, attribute and value: how many samples hold it (source 'sample'), how many patients
 * with a sample ('patient'), and how many samples have a patient holding it ('patient per sample').
 */
const VALUE_COUNTS = sql`
  SELECT study_key, 'sample' AS source, attr_id, attr_value, count(*) AS n FROM clinical_sample GROUP BY ALL
  UNION ALL
  SELECT study_key, 'patient', attr_id, attr_value, count(*) FROM clinical_patient
  WHERE patient_key IN (SELECT patient_key FROM sample) GROUP BY ALL
  UNION ALL
  SELECT c.study_key, 'patient per sample', c.attr_id, c.attr_value, count(*) FROM clinical_patient c
  JOIN sample s ON s.patient_key = c.patient_key GROUP BY ALL`;

/** `exact` for a cohort of whole studies, summed from their value counts: the same cases as cohortValues counts. */
function wholeStudyValues(valueCounts: Fragment, studies: Fragment): Fragment {
  return sql`exact AS (
      SELECT a.attr_id, r.attr_value AS value, sum(r.n) AS n FROM attrs a JOIN ${valueCounts} r ON r.attr_id = a.attr_id
      WHERE r.study_key IN (${studies}) AND (
        (r.source = 'sample' AND a.level <> 'patient') OR (r.source = 'patient' AND a.level = 'patient')
        OR (r.source = 'patient per sample' AND a.level = 'mixed'
          AND EXISTS (SELECT 1 FROM meta m WHERE m.study_key = r.study_key AND m.attr_id = a.attr_id AND m.patient_attribute)))
      GROUP BY a.attr_id, r.attr_value)`;
}

/**
 * Counts per value of each requested clinical attribute (4.4). Sample attributes count filtered
 * samples, patient attributes filtered patients (patients with >= 1 filtered sample); an attribute
 * that is sample-level in one involved study and patient-level in another counts one value per
 * filtered sample, from the level of the sample's own study (the intended reading, not the
 * reference's quirk of Appendix B.5). NA-like values ('', NA, NAN, N/A, any case) are skipped;
 * NA = units - sum of counts, present only when > 0, or alone (possibly 0) when nothing else is
 * counted. Values differing only by case merge under the greatest spelling. Unknown ids give no
 * item; items follow the request order, counts are by count desc then value. With `tables`, a
 * cohort of whole studies is counted from per-study value counts instead of every row.
 */
export async function fetchClinicalDataCounts(
  db: Db, cohort: Cohort, involved: Fragment, attributeIds: readonly string[], tables?: DerivedTables,
): Promise<ClinicalDataCountItem[]> {
  const ids = [...new Set(attributeIds)];
  const exact = cohort.wholeStudies !== undefined && tables !== undefined
    ? wholeStudyValues(await tables.derived('clinical_value_counts', VALUE_COUNTS), cohort.wholeStudies)
    : cohortValues(cohort);
  const rows = await db.all<{ attr_id: string; units: number; counts: ValueCount[] }>(sql`
    WITH fs AS (SELECT s.sample_key, s.patient_key, s.study_key FROM sample s WHERE ${inCohort(cohort, 's')}),
    fp AS (SELECT DISTINCT patient_key FROM fs),
    meta AS (
      SELECT study_key, attr_id, patient_attribute FROM clinical_attribute_meta
      WHERE study_key IN (${involved}) AND attr_id IN (SELECT unnest(${ids}::VARCHAR[]))),
    attrs AS (
      SELECT attr_id, CASE WHEN bool_and(patient_attribute) THEN 'patient' WHEN bool_and(NOT patient_attribute) THEN 'sample' ELSE 'mixed' END AS level
      FROM meta GROUP BY attr_id),
    ${exact},
    counted AS (
      SELECT attr_id, max(value) AS value, sum(n)::INTEGER AS count FROM exact
      WHERE upper(value) NOT IN ('', 'NA', 'NAN', 'N/A')
      GROUP BY attr_id, lower(value))
    SELECT a.attr_id,
      (CASE WHEN a.level = 'patient' THEN (SELECT count(*) FROM fp) ELSE (SELECT count(*) FROM fs) END)::INTEGER AS units,
      coalesce((SELECT list({'value': c.value, 'count': c.count} ORDER BY c.count DESC, c.value) FROM counted c WHERE c.attr_id = a.attr_id), []) AS counts
    FROM attrs a`);
  const byId = new Map(rows.map((r) => [r.attr_id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const na = row.units - row.counts.reduce((sum, c) => sum + c.count, 0);
    const counts = row.counts.length === 0 || na > 0 ? [...row.counts, { value: 'NA', count: na }] : row.counts;
    return [{ attributeId: id, counts }];
  });
}

export type CaseListDataCountRow = {
  value: string;
  label: string | null;
  count: number;
};

/**
 * Filtered samples per sample list (4.2) and per molecular profile (4.3), keyed by the stable id
 * without its "<studyId>_" prefix and merged across studies (counts summed, the first label kept).
 */
export async function fetchSampleListCounts(db: Db, cohort: Cohort): Promise<CaseListDataCountRow[]> {
  // Members are unique per list, profiled samples per profile (the loader writes sets).
  return db.all<CaseListDataCountRow>(sql`
    WITH n AS (SELECT m.list_key, count(*) AS n FROM sample_list_member m WHERE ${inCohort(cohort, 'm')} GROUP BY m.list_key),
    per_list AS (
      SELECT l.list_key, ${stripStudyPrefix(sql`l.stable_id`)} AS value, l.name AS label, n.n
      FROM n JOIN sample_list l USING (list_key) JOIN cancer_study cs ON cs.study_key = l.study_key
      WHERE l.name <> '')
    SELECT value, arg_min(label, list_key) AS label, sum(n)::INTEGER AS count FROM per_list GROUP BY value ORDER BY value`);
}

export async function fetchMolecularProfileSampleCounts(db: Db, cohort: Cohort): Promise<CaseListDataCountRow[]> {
  return db.all<CaseListDataCountRow>(sql`
    WITH n AS (SELECT sp.profile_key, count(*) AS n FROM sample_profile sp WHERE ${inCohort(cohort, 'sp')} GROUP BY sp.profile_key),
    per_profile AS (
      SELECT mp.profile_key, ${stripStudyPrefix(sql`mp.stable_id`)} AS value, mp.name AS label, n.n
      FROM n JOIN molecular_profile mp USING (profile_key) JOIN cancer_study cs ON cs.study_key = mp.study_key)
    SELECT value, arg_min(label, profile_key) AS label, sum(n)::INTEGER AS count FROM per_profile GROUP BY value ORDER BY value`);
}

/** `<studyId>_rest` → `rest` (alias `cs` is the owning cancer_study). */
function stripStudyPrefix(column: Fragment): Fragment {
  return sql`CASE WHEN starts_with(${column}, cs.study_id || '_') THEN substr(${column}, length(cs.study_id) + 2) ELSE ${column} END`;
}
