// Further Study View counts: clinical event types of the filtered cohort (study-view.md 4.17) and
// clinical attribute counts over a sample selection (4.24), structural variant pair counts (4.16).
import type { Db } from '../sql/db.js';
import { sql } from '../sql/sql.js';
import { compileAlterationPredicate, type AlterationFilter } from '../filter/alteration-filter.js';
import { inCohort, type Cohort } from '../filter/compile.js';
import { cohortSampleKeys, samplePatients, sampleStudies } from './case-keys.js';
import { countPatientSets, patientSets, patientsOf } from './patient-set-counts.js';
import type { ProfileMatrices } from './profile-matrix.js';
import { BYTES_PER_ENTRY } from './resident-lookups.js';

export interface ClinicalEventTypeCount {
  eventType: string;
  count: number;
}

/** Per event type (exact string): distinct patients of the filtered samples with >= 1 such event. */
export async function fetchClinicalEventTypeCounts(db: Db, matrices: ProfileMatrices, cohort: Cohort): Promise<ClinicalEventTypeCount[]> {
  const [sets, keys, patients] = await Promise.all([
    patientSets(db, matrices, 'event types', async () => sql`SELECT event_type AS label, patient_key FROM clinical_event`),
    cohortSampleKeys(db, matrices, cohort),
    samplePatients(db, matrices),
  ]);
  return countPatientSets(sets, patientsOf(keys, patients)).counts.map(({ label, count }) => ({ eventType: label, count }));
}

export interface ClinicalAttributeCount {
  clinicalAttributeId: string;
  count: number;
}

/** Per study, per attribute id: its sample attribute's stored rows, its patient attribute's rows once per sample of the patient. */
type StudyAttributeCounts = Map<number, { sample: Map<string, number>; patient: Map<string, number> }>;

function studyAttributeCounts(db: Db, matrices: ProfileMatrices): Promise<StudyAttributeCounts> {
  return matrices.keep('clinical attribute counts by study', async () => {
    const byStudy: StudyAttributeCounts = new Map();
    for (const r of await db.all<{ study_key: number; level: number; attr_id: string; n: number }>(sql`
      SELECT study_key, 0 AS level, attr_id, count(*)::INTEGER AS n FROM clinical_sample GROUP BY ALL
      UNION ALL
      SELECT s.study_key, 1, c.attr_id, count(*)::INTEGER FROM clinical_patient c JOIN sample s ON s.patient_key = c.patient_key GROUP BY ALL`)) {
      let study = byStudy.get(r.study_key);
      if (study === undefined) byStudy.set(r.study_key, (study = { sample: new Map(), patient: new Map() }));
      (r.level === 0 ? study.sample : study.patient).set(r.attr_id, r.n);
    }
    return byStudy;
  }, (byStudy) => BYTES_PER_ENTRY * [...byStudy.values()].reduce((n, s) => n + s.sample.size + s.patient.size, 0));
}

/**
 * Selected samples having a stored row per sample attribute, then selected samples whose patient
 * has a stored row per patient attribute (one per selected sample); the two lists are concatenated,
 * each ordered by attribute id. The selection is a cohort (sample identifiers compiled as a Study
 * View base set, or compileSampleListMembers): unknown samples / an unknown sample list select nothing.
 * A selection of whole studies (a study's full list, say) adds up the studies' counts, kept.
 */
export async function fetchClinicalAttributeCounts(db: Db, matrices: ProfileMatrices, selection: Cohort): Promise<ClinicalAttributeCount[]> {
  if (selection.wholeStudies !== undefined) {
    const [keys, studyOf, byStudy] = await Promise.all([cohortSampleKeys(db, matrices, selection), sampleStudies(db, matrices), studyAttributeCounts(db, matrices)]);
    const studies = new Set<number>();
    for (const key of keys) studies.add(studyOf[key]);
    const added = (level: 'sample' | 'patient') => {
      const counts = new Map<string, number>();
      for (const study of studies) for (const [id, n] of byStudy.get(study)?.[level] ?? []) counts.set(id, (counts.get(id) ?? 0) + n);
      // By attribute id, as DuckDB orders VARCHAR (byte order of these ASCII ids).
      return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([clinicalAttributeId, count]) => ({ clinicalAttributeId, count }));
    };
    return [...added('sample'), ...added('patient')];
  }
  return db.all<ClinicalAttributeCount>(sql`
    WITH sel AS (SELECT s.sample_key, s.patient_key FROM sample s WHERE ${inCohort(selection, 's')}),
    -- A stored value is unique per (sample or patient, attribute), and sel per sample: count(*).
    counts AS (
      SELECT 0 AS level, c.attr_id, count(*) AS n
      FROM clinical_sample c WHERE ${inCohort(selection, 'c')} GROUP BY c.attr_id
      UNION ALL
      SELECT 1, c.attr_id, count(*)
      FROM clinical_patient c JOIN sel ON sel.patient_key = c.patient_key GROUP BY c.attr_id)
    SELECT attr_id AS "clinicalAttributeId", n::INTEGER AS count FROM counts ORDER BY level, attr_id`);
}

/** The members of a sample list, as a cohort for fetchClinicalAttributeCounts. */
export function compileSampleListMembers(sampleListId: string): Cohort {
  return sql`SELECT m.sample_key FROM sample_list_member m JOIN sample_list l USING (list_key) WHERE l.stable_id = ${sampleListId}`;
}

export interface StructuralVariantCountRow {
  gene1EntrezGeneId: number | null;
  gene1HugoGeneSymbol: string | null;
  gene2EntrezGeneId: number | null;
  gene2HugoGeneSymbol: string | null;
  numberOfAlteredCases: number;
  totalCount: number;
  numberOfProfiledCases: number;
  matchingGenePanelIds: string[];
  uniqueEventKey: string;
}

/**
 * structuralvariant-counts (4.16, Legacy): cases = filtered samples paired with the first
 * STRUCTURAL_VARIANT profile of their study; their SVs passing the alterationFilter, grouped by the
 * (site-1, site-2) gene pair (null sites kept; uniqueEventKey spells a missing symbol "null", as the
 * reference's string concatenation does) and merged by uniqueEventKey. Profiled cases by the Legacy
 * panel rule; ordered by totalCount desc, numberOfAlteredCases desc, then uniqueEventKey.
 */
export async function fetchStructuralVariantCounts(db: Db, cohort: Cohort, filter: AlterationFilter): Promise<StructuralVariantCountRow[]> {
  return db.all<StructuralVariantCountRow>(sql`
    WITH fs AS (SELECT s.sample_key, s.study_key FROM sample s WHERE ${inCohort(cohort, 's')}),
    first_profile AS (
      SELECT min(profile_key) AS profile_key FROM molecular_profile
      WHERE genetic_alteration_type = 'STRUCTURAL_VARIANT' AND study_key IN (SELECT study_key FROM fs) GROUP BY study_key),
    cases AS (
      SELECT sp.sample_key, sp.profile_key, sp.panel_key FROM sample_profile sp
      WHERE sp.profile_key IN (SELECT profile_key FROM first_profile) AND ${inCohort(cohort, 'sp')}),
    no_panel AS (SELECT count(DISTINCT sample_key) AS n FROM cases WHERE panel_key IS NULL),
    all_cases AS (SELECT count(DISTINCT sample_key) AS n FROM cases),
    panel_n AS (SELECT panel_key, count(DISTINCT sample_key) AS n FROM cases WHERE panel_key IS NOT NULL GROUP BY panel_key),
    e AS (
      SELECT sv.sample_key, sv.site1_entrez_gene_id, sv.site2_entrez_gene_id, sv.driver_filter, sv.driver_tiers_filter,
        coalesce(sv.sv_status, 'NA') AS status
      FROM structural_variant sv JOIN cases c ON c.sample_key = sv.sample_key AND c.profile_key = sv.profile_key),
    pairs AS (
      SELECT e.site1_entrez_gene_id AS g1, e.site2_entrez_gene_id AS g2, count(DISTINCT e.sample_key) AS altered, count(*) AS total
      FROM e WHERE ${compileAlterationPredicate(filter, 'structural_variant')} GROUP BY ALL),
    named AS (
      SELECT p.*, a.hugo_gene_symbol AS s1, b.hugo_gene_symbol AS s2,
        coalesce(a.hugo_gene_symbol, 'null') || '::' || coalesce(b.hugo_gene_symbol, 'null') AS key
      FROM pairs p LEFT JOIN gene a ON a.entrez_gene_id = p.g1 LEFT JOIN gene b ON b.entrez_gene_id = p.g2),
    merged AS (
      SELECT key, arg_min(g1, (g1, g2)) AS g1, arg_min(g2, (g1, g2)) AS g2, min(s1) AS s1, min(s2) AS s2,
        sum(altered) AS altered, sum(total) AS total
      FROM named GROUP BY key),
    -- One row per (event, site, panel containing the site's gene): a panel with both genes counts twice.
    site_panels AS (
      SELECT m.key, pn.panel_key, pn.n FROM merged m
      JOIN gene_panel_gene gpg ON gpg.entrez_gene_id = m.g1 JOIN panel_n pn ON pn.panel_key = gpg.panel_key
      UNION ALL
      SELECT m.key, pn.panel_key, pn.n FROM merged m
      JOIN gene_panel_gene gpg ON gpg.entrez_gene_id = m.g2 JOIN panel_n pn ON pn.panel_key = gpg.panel_key),
    matching AS (
      SELECT sp.key, sum(sp.n) AS n, list(DISTINCT gp.panel_id ORDER BY gp.panel_id) AS ids
      FROM site_panels sp JOIN gene_panel gp USING (panel_key) GROUP BY sp.key)
    SELECT m.g1 AS "gene1EntrezGeneId", m.s1 AS "gene1HugoGeneSymbol", m.g2 AS "gene2EntrezGeneId", m.s2 AS "gene2HugoGeneSymbol",
      m.altered::INTEGER AS "numberOfAlteredCases", m.total::INTEGER AS "totalCount",
      (CASE WHEN mt.key IS NOT NULL THEN mt.n + np.n WHEN np.n > 0 THEN np.n ELSE ac.n END)::INTEGER AS "numberOfProfiledCases",
      coalesce(mt.ids, []::VARCHAR[]) AS "matchingGenePanelIds", m.key AS "uniqueEventKey"
    FROM merged m CROSS JOIN no_panel np CROSS JOIN all_cases ac LEFT JOIN matching mt USING (key)
    ORDER BY m.total DESC, m.altered DESC, m.key`);
}
