// Study View count charts over the filtered cohort: clinical data counts, sample list counts and
// molecular profile sample counts (study-view.md 4.2-4.4).
import type { Db } from '../sql/db.js';
import { inCohort, type Cohort } from '../filter/compile.js';
import { sql, type Fragment } from '../sql/sql.js';
import type { CountedValue } from '../stats/binning.js';

/** A value and how many cases have it: the binner's input type (CountedValue), so counts bin as they are. */
export type ValueCount = CountedValue;

export interface ClinicalDataCountItem {
  attributeId: string;
  counts: ValueCount[];
}

/**
 * Counts per value of each requested clinical attribute (4.4). Sample attributes count filtered
 * samples, patient attributes filtered patients (patients with >= 1 filtered sample); an attribute
 * that is sample-level in one involved study and patient-level in another counts one value per
 * filtered sample, from the level of the sample's own study (the intended reading, not the
 * reference's quirk of Appendix B.5). NA-like values ('', NA, NAN, N/A, any case) are skipped;
 * NA = units - sum of counts, present only when > 0, or alone (possibly 0) when nothing else is
 * counted. Values differing only by case merge under the greatest spelling. Unknown ids give no
 * item; items follow the request order, counts are by count desc then value.
 */
export async function fetchClinicalDataCounts(db: Db, cohort: Cohort, involved: Fragment, attributeIds: readonly string[]): Promise<ClinicalDataCountItem[]> {
  const ids = [...new Set(attributeIds)];
  const rows = await db.all<{ attr_id: string; units: number; counts: ValueCount[] }>(sql`
    WITH fs AS (SELECT s.sample_key, s.patient_key, s.study_key FROM sample s WHERE ${inCohort(cohort, 's')}),
    fp AS (SELECT DISTINCT patient_key FROM fs),
    meta AS (
      SELECT study_key, attr_id, patient_attribute FROM clinical_attribute_meta
      WHERE study_key IN (${involved}) AND attr_id IN (SELECT unnest(${ids}::VARCHAR[]))),
    attrs AS (
      SELECT attr_id, CASE WHEN bool_and(patient_attribute) THEN 'patient' WHEN bool_and(NOT patient_attribute) THEN 'sample' ELSE 'mixed' END AS level
      FROM meta GROUP BY attr_id),
    vals AS (
      -- sample rows (sample-level and mixed attributes)
      SELECT a.attr_id, c.attr_value AS value FROM attrs a
      JOIN clinical_sample c ON c.attr_id = a.attr_id
      WHERE a.level <> 'patient' AND ${inCohort(cohort, 'c')}
      UNION ALL
      -- mixed attributes in a study where they are patient-level: the patient's value per filtered sample
      SELECT a.attr_id, c.attr_value FROM attrs a
      JOIN clinical_patient c ON c.attr_id = a.attr_id JOIN fs ON fs.patient_key = c.patient_key
      JOIN meta m ON m.study_key = fs.study_key AND m.attr_id = a.attr_id AND m.patient_attribute
      WHERE a.level = 'mixed'
      UNION ALL
      SELECT a.attr_id, c.attr_value FROM attrs a
      JOIN clinical_patient c ON c.attr_id = a.attr_id JOIN fp ON fp.patient_key = c.patient_key
      WHERE a.level = 'patient'),
    -- Exact values first (cheap on dictionary-encoded strings), then case variants merged.
    exact AS (SELECT attr_id, value, count(*) AS n FROM vals GROUP BY attr_id, value),
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
