// Clinical attribute definitions per study (api.md 8, cBioPortal's ClinicalAttributeMapper):
// default order attribute id then study import order; priority stays text.
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';

export const CLINICAL_ATTRIBUTE_SORT_COLUMNS = {
  clinicalAttributeId: 'm.attr_id', displayName: 'm.display_name', description: 'm.description', datatype: 'm.datatype',
  patientAttribute: 'm.patient_attribute', priority: 'm.priority', studyId: 's.study_id',
} as const;
export type ClinicalAttributeSortBy = keyof typeof CLINICAL_ATTRIBUTE_SORT_COLUMNS;

export interface ClinicalAttributeQuery {
  /** Restricts to these studies (an empty list matches nothing); absent = every study. */
  studyIds?: readonly string[];
  attributeId?: string;
  projection: 'ID' | 'SUMMARY' | 'DETAILED';
  sortBy?: ClinicalAttributeSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

function whereClause(q: Pick<ClinicalAttributeQuery, 'studyIds' | 'attributeId'>): Fragment {
  const parts: Fragment[] = [sql`TRUE`];
  if (q.studyIds) parts.push(q.studyIds.length ? sql`s.study_id IN (SELECT unnest(${q.studyIds}::VARCHAR[]))` : sql`FALSE`);
  if (q.attributeId !== undefined) parts.push(sql`m.attr_id = ${q.attributeId}`);
  return parts.reduce((acc, p) => sql`${acc} AND ${p}`);
}

/** The ClinicalAttribute columns of a projection (ID keeps displayName and patientAttribute). */
export function clinicalAttributeColumns(projection: ClinicalAttributeQuery['projection']): Fragment {
  const id = sql`m.attr_id AS clinical_attribute_id, s.study_id, m.display_name, m.patient_attribute`;
  return projection === 'ID' ? id : sql`${id}, m.description, m.datatype, m.priority`;
}

export async function countClinicalAttributes(db: ReadOnlyDb, q: Pick<ClinicalAttributeQuery, 'studyIds' | 'attributeId'>): Promise<number> {
  const row = await db.one<{ n: number }>(sql`
    SELECT count(*)::INTEGER AS n FROM clinical_attribute_meta m JOIN cancer_study s USING (study_key) WHERE ${whereClause(q)}`);
  return row?.n ?? 0;
}

/** A ClinicalAttribute; the ID projection has no description, datatype or priority. */
export type ClinicalAttributeRow = {
  clinical_attribute_id: string;
  study_id: string;
  display_name: string | null;
  patient_attribute: boolean;
  description?: string | null;
  datatype?: string;
  priority?: string;
};

export async function fetchClinicalAttributes(db: ReadOnlyDb, q: ClinicalAttributeQuery): Promise<ClinicalAttributeRow[]> {
  // sortBy is ignored under ID (api.md 1.5); ties keep the default order.
  const order = q.sortBy && q.projection !== 'ID'
    ? sql`${raw(whitelisted(CLINICAL_ATTRIBUTE_SORT_COLUMNS, q.sortBy))} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')} NULLS LAST, m.attr_id, m.study_key`
    : sql`m.attr_id, m.study_key`;
  return db.all<ClinicalAttributeRow>(sql`
    SELECT ${clinicalAttributeColumns(q.projection)}
    FROM clinical_attribute_meta m JOIN cancer_study s USING (study_key)
    WHERE ${whereClause(q)}
    ORDER BY ${order}
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
}
