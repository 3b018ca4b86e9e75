// The Study View clinical tab (study-view.md 4.21): the filtered samples, searched, sorted and paged,
// with every stored sample value and every stored value of their patient.
import { inCohort, type Cohort } from '../filter/compile.js';
import type { Db } from '../sql/db.js';
import { raw, sql, type Fragment } from '../sql/sql.js';

export interface ClinicalTableQuery {
  /** 0 = no paging (PagingConstants.NO_PAGING_PAGE_SIZE; see fetchClinicalTable). */
  pageSize: number;
  pageNumber: number;
  searchTerm: string;
  sortBy?: string;
  direction: 'ASC' | 'DESC';
}

export interface ClinicalTableDatum {
  sampleId: string;
  patientId: string;
  studyId: string;
  clinicalAttributeId: string;
  value: string;
}

export interface ClinicalTablePage {
  /** Matching samples before paging (the `total-count` header). */
  totalCount: number;
  /**
   * The page's samples in order, each with its rows (sample values, then patient values, by
   * attribute id). A sample without any stored value is left out, as the reference groups the rows.
   */
  samples: { studyId: string; sampleId: string; data: ClinicalTableDatum[] }[];
}

/**
 * Search: the term is a case-sensitive, literal substring of one of the sample's or its patient's
 * stored values, of the sample id or of the patient id. (The reference's LIKE also treats `%`/`_` as
 * wildcards and, by inner-joining both clinical tables, cannot find a sample lacking sample or patient
 * values; we implement the documented "partial match" instead.)
 */
function compileSearch(term: string): Fragment {
  if (term.trim() === '') return sql`TRUE`;
  return sql`(contains(s.sample_id, ${term}) OR contains(p.patient_id, ${term})
    OR EXISTS (SELECT 1 FROM clinical_sample cs WHERE cs.sample_key = s.sample_key AND contains(cs.attr_value, ${term}))
    OR EXISTS (SELECT 1 FROM clinical_patient cp WHERE cp.patient_key = s.patient_key AND contains(cp.attr_value, ${term})))`;
}

/**
 * Sort key: the sample or patient id, or the sample's (sample attribute) / its patient's (patient
 * attribute) value, as a number when the attribute is NUMBER (non-numeric → NULL), else as text.
 * Level and datatype come from the first study (in load order) of the cohort defining the attribute; an
 * attribute defined nowhere sorts nothing (the reference fails with a server error). NULLs last in
 * both directions; ties in import order.
 */
async function compileOrder(db: Db, query: ClinicalTableQuery, cohort: Cohort): Promise<Fragment> {
  const dir = raw(query.direction === 'DESC' ? 'DESC' : 'ASC'); // constant chosen from the enum
  const { sortBy } = query;
  if (sortBy === undefined || sortBy === '') return sql`s.sample_key`;
  if (sortBy === 'sampleId') return sql`s.sample_id ${dir}, s.sample_key`;
  if (sortBy === 'patientId') return sql`p.patient_id ${dir}, s.sample_key`;
  const meta = await db.one<{ datatype: string; patient_attribute: boolean }>(sql`
    SELECT m.datatype, m.patient_attribute FROM clinical_attribute_meta m
    WHERE m.attr_id = ${sortBy} AND m.study_key IN (SELECT s.study_key FROM sample s WHERE ${inCohort(cohort, 's')})
    ORDER BY m.study_key LIMIT 1`);
  if (meta === undefined) return sql`s.sample_key`;
  const value = meta.patient_attribute
    ? sql`(SELECT attr_value FROM clinical_patient WHERE patient_key = s.patient_key AND attr_id = ${sortBy})`
    : sql`(SELECT attr_value FROM clinical_sample WHERE sample_key = s.sample_key AND attr_id = ${sortBy})`;
  const key = meta.datatype === 'NUMBER' ? sql`TRY_CAST(${value} AS DOUBLE)` : value;
  return sql`${key} ${dir} NULLS LAST, s.sample_key`;
}

/**
 * One page of the clinical table. Paging: offset = pageSize × pageNumber. `pageSize` 0 returns every
 * match: it is the reference's NO_PAGING_PAGE_SIZE default (its service slices an empty page then,
 * and answers total-count 0 for a page past the end; we keep the true count, as the header promises).
 */
export async function fetchClinicalTable(db: Db, cohort: Cohort, query: ClinicalTableQuery): Promise<ClinicalTablePage> {
  const order = await compileOrder(db, query, cohort);
  const matches = sql`FROM sample s JOIN patient p ON p.patient_key = s.patient_key
    WHERE ${inCohort(cohort, 's')} AND ${compileSearch(query.searchTerm)}`;
  const offset = query.pageSize * query.pageNumber;
  const limit = query.pageSize === 0 ? sql`` : sql`LIMIT ${query.pageSize}`;
  // The page is picked by a top-n sort (ORDER BY … LIMIT), and only its rows are numbered.
  const count = db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n ${matches}`);
  const page = db.all<{ pos: number; study_id: string; sample_id: string; data: ClinicalTableDatum[] }>(sql`
    WITH picked AS (SELECT s.sample_key ${matches} ORDER BY ${order} ${limit} OFFSET ${offset}),
    page AS (SELECT s.sample_key, row_number() OVER (ORDER BY ${order}) AS pos
      FROM picked JOIN sample s USING (sample_key) JOIN patient p ON p.patient_key = s.patient_key),
    data AS (
      SELECT cs.sample_key, 0 AS level, cs.attr_id, cs.attr_value FROM clinical_sample cs WHERE cs.sample_key IN (SELECT sample_key FROM page)
      UNION ALL
      SELECT s.sample_key, 1, cp.attr_id, cp.attr_value FROM clinical_patient cp JOIN sample s ON s.patient_key = cp.patient_key
      WHERE s.sample_key IN (SELECT sample_key FROM page))
    SELECT page.pos, c.study_id, s.sample_id,
      list({'sampleId': s.sample_id, 'patientId': p.patient_id, 'studyId': c.study_id, 'clinicalAttributeId': d.attr_id, 'value': d.attr_value}
        ORDER BY d.level, d.attr_id) AS data
    FROM page JOIN sample s USING (sample_key) JOIN patient p ON p.patient_key = s.patient_key JOIN cancer_study c ON c.study_key = s.study_key
    JOIN data d ON d.sample_key = page.sample_key
    GROUP BY page.pos, c.study_id, s.sample_id ORDER BY page.pos`);
  const [total, rows] = await Promise.all([count, page]);
  return {
    totalCount: total?.n ?? 0,
    samples: rows.map((r) => ({ studyId: r.study_id, sampleId: r.sample_id, data: r.data })),
  };
}
