// Clinical-data enrichments between groups of samples (study-view.md 4.23 and 6.4, api.md 23.4):
// DuckDB gathers compact per-group value lists and counts; engine/stats/clinical-enrichment.ts
// runs the tests (in the worker pool); this module maps the results back to attributes.
import type { Db, Row } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import type { ClinicalEnrichmentInput, ClinicalEnrichmentOutput } from '../stats/clinical-enrichment.js';

export interface SampleGroup {
  studyIds: readonly string[];
  sampleIds: readonly string[];
}

type Level = 'sample' | 'patient' | 'mixed';

interface AttributeMeta {
  clinical_attribute_id: string;
  study_id: string;
  display_name: string | null;
  description: string | null;
  datatype: string;
  patient_attribute: boolean;
  priority: string;
}

export interface ClinicalEnrichmentData {
  /** One entry per tested datatype: the deduplicated attribute rows and the id each test belongs to. */
  numeric: { attributes: AttributeMeta[]; ids: string[] };
  categorical: { attributes: AttributeMeta[]; ids: string[] };
  input: ClinicalEnrichmentInput;
}

/**
 * Group members: the requested samples that exist, each once per group (a sample may be in
 * several groups); groups left empty are dropped and the others renumbered 0, 1, … in request order.
 */
function membersSql(groups: readonly SampleGroup[]): Fragment {
  const g = groups.flatMap((group, i) => group.sampleIds.map(() => i));
  const studyIds = groups.flatMap((group) => group.studyIds);
  const sampleIds = groups.flatMap((group) => group.sampleIds);
  return sql`
    raw_members AS (
      SELECT DISTINCT r.g, s.sample_key, s.patient_key, s.study_key
      FROM (SELECT unnest(${g}::INTEGER[]) AS g, unnest(${studyIds}::VARCHAR[]) AS study_id, unnest(${sampleIds}::VARCHAR[]) AS sample_id) r
      JOIN cancer_study cs ON cs.study_id = r.study_id
      JOIN sample s ON s.study_key = cs.study_key AND s.sample_id = r.sample_id),
    members AS (
      SELECT (dense_rank() OVER (ORDER BY g) - 1)::INTEGER AS g, sample_key, patient_key, study_key FROM raw_members)`;
}

// NumberUtils.isCreatable as cBioPortal uses it on clinical values: decimal or scientific notation.
const NUMERIC = String.raw`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`;

/**
 * Clinical values per attribute id and group: sample-level ids one value per group sample,
 * patient-level ids one per distinct patient of the group, mixed-level ids the patient value
 * for each group sample (only patient-level values enter, as in both cBioPortal implementations).
 */
function valuesSql(levels: { sample: string[]; patient: string[]; mixed: string[] }): Fragment {
  return sql`
    SELECT c.attr_id, m.g, c.attr_value AS v FROM members m JOIN clinical_sample c ON c.sample_key = m.sample_key
    WHERE c.attr_id IN (SELECT unnest(${levels.sample}::VARCHAR[]))
    UNION ALL
    SELECT c.attr_id, p.g, c.attr_value FROM (SELECT DISTINCT g, patient_key FROM members) p JOIN clinical_patient c ON c.patient_key = p.patient_key
    WHERE c.attr_id IN (SELECT unnest(${levels.patient}::VARCHAR[]))
    UNION ALL
    SELECT c.attr_id, m.g, c.attr_value FROM members m JOIN clinical_patient c ON c.patient_key = m.patient_key
    WHERE c.attr_id IN (SELECT unnest(${levels.mixed}::VARCHAR[]))`;
}

/** Attribute ids by level among the deduplicated attributes of one datatype. */
function levelsOf(attributes: readonly AttributeMeta[]): { sample: string[]; patient: string[]; mixed: string[] } {
  const seen = new Map<string, Level>();
  for (const a of attributes) {
    const level: Level = a.patient_attribute ? 'patient' : 'sample';
    const before = seen.get(a.clinical_attribute_id);
    seen.set(a.clinical_attribute_id, before === undefined || before === level ? level : 'mixed');
  }
  const ids = (level: Level) => [...seen].filter(([, l]) => l === level).map(([id]) => id);
  return { sample: ids('sample'), patient: ids('patient'), mixed: ids('mixed') };
}

export async function fetchClinicalEnrichmentData(db: Db, groups: readonly SampleGroup[]): Promise<ClinicalEnrichmentData> {
  const members = membersSql(groups);
  const groupCount = (await db.one<{ n: number }>(sql`WITH ${members} SELECT count(DISTINCT g)::INTEGER AS n FROM members`))?.n ?? 0;
  const empty: ClinicalEnrichmentData = {
    numeric: { attributes: [], ids: [] }, categorical: { attributes: [], ids: [] }, input: { numeric: [], categorical: [] },
  };
  if (groupCount < 2) return empty;

  // Attributes of the involved studies, one per (id, level): the last imported study's metadata.
  const attributes = await db.all<AttributeMeta>(sql`
    WITH ${members}
    SELECT m.attr_id AS clinical_attribute_id, s.study_id, m.display_name, m.description, m.datatype, m.patient_attribute, m.priority
    FROM clinical_attribute_meta m JOIN cancer_study s USING (study_key)
    WHERE m.study_key IN (SELECT study_key FROM members) AND m.datatype IN ('NUMBER', 'STRING')
    QUALIFY row_number() OVER (PARTITION BY m.attr_id, m.patient_attribute ORDER BY m.study_key DESC) = 1
    ORDER BY m.attr_id, m.patient_attribute`);
  const numericAttributes = attributes.filter((a) => a.datatype === 'NUMBER');
  const categoricalAttributes = attributes.filter((a) => a.datatype === 'STRING');

  const numericRows = await db.all<{ attr_id: string; g: number; vals: number[] }>(sql`
    WITH ${members}
    SELECT attr_id, g, list(x) AS vals
    FROM (SELECT attr_id, g, TRY_CAST(v AS DOUBLE) AS x FROM (${valuesSql(levelsOf(numericAttributes))}) WHERE regexp_full_match(v, ${NUMERIC}))
    WHERE isfinite(x)
    GROUP BY attr_id, g`);
  // Categories are raw values (case-sensitive); NA-like values are not a category.
  const countRows = await db.all<{ attr_id: string; g: number; v: string; n: number }>(sql`
    WITH ${members}
    SELECT attr_id, g, v, count(*)::INTEGER AS n
    FROM (${valuesSql(levelsOf(categoricalAttributes))}) WHERE upper(trim(v)) NOT IN ('', 'NA', 'NAN', 'N/A')
    GROUP BY attr_id, g, v ORDER BY attr_id, v, g`);

  const numericIds = [...new Set(numericAttributes.map((a) => a.clinical_attribute_id))];
  const categoricalIds = [...new Set(categoricalAttributes.map((a) => a.clinical_attribute_id))];
  return {
    numeric: { attributes: numericAttributes, ids: numericIds },
    categorical: { attributes: categoricalAttributes, ids: categoricalIds },
    input: {
      numeric: numericIds.map((id) => numericInput(numericRows.filter((r) => r.attr_id === id), groupCount)),
      categorical: categoricalIds.map((id) => categoricalInput(countRows.filter((r) => r.attr_id === id), groupCount)),
    },
  };
}

function numericInput(rows: readonly { g: number; vals: number[] }[], groupCount: number): ClinicalEnrichmentInput['numeric'][number] {
  const byGroup: number[][] = Array.from({ length: groupCount }, () => []);
  for (const r of rows) byGroup[r.g] = r.vals;
  return { values: Float64Array.from(byGroup.flat()), sizes: Int32Array.from(byGroup.map((v) => v.length)) };
}

function categoricalInput(rows: readonly { g: number; v: string; n: number }[], groupCount: number): ClinicalEnrichmentInput['categorical'][number] {
  const columns = [...new Set(rows.map((r) => r.v))];
  const column = new Map(columns.map((v, i) => [v, i]));
  const counts = new Float64Array(groupCount * columns.length);
  for (const r of rows) counts[r.g * columns.length + (column.get(r.v) ?? 0)] = r.n;
  return { counts, columns: columns.length };
}

/**
 * ClinicalDataEnrichment rows: numeric results, then categorical ones, each by attribute id then
 * level. "Wilcoxon Test" when exactly two groups entered the numeric test (cBioPortal's column
 * store; its legacy twin counts the groups of the request).
 */
export function toClinicalDataEnrichments(data: ClinicalEnrichmentData, output: ClinicalEnrichmentOutput): Row[] {
  const rows: Row[] = [];
  const add = (kind: 'numeric' | 'categorical') => {
    const { attributes, ids } = data[kind];
    for (const attribute of attributes) {
      const test = output[kind][ids.indexOf(attribute.clinical_attribute_id)];
      if (!test) continue;
      const method = kind === 'categorical' ? 'Chi-squared Test' : test.groups === 2 ? 'Wilcoxon Test' : 'Kruskal Wallis Test';
      rows.push({ clinical_attribute: attribute, score: test.score, method, p_value: test.pValue });
    }
  };
  add('numeric');
  add('categorical');
  return rows;
}
