// Cancer types (api.md 2.4, 3; cBioPortal's CancerTypeMapper): ordered by cancerTypeId unless sorted.
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, whitelisted } from '../sql/sql.js';

export const CANCER_TYPE_SORT_COLUMNS = {
  cancerTypeId: 'type_of_cancer_id', name: 'name', dedicatedColor: 'dedicated_color', shortName: 'short_name', parent: 'parent',
} as const;
export type CancerTypeSortBy = keyof typeof CANCER_TYPE_SORT_COLUMNS;

/** A cancer type as selected; only the id under ID. */
export interface CancerTypeRow {
  cancer_type_id: string;
  name?: string | null;
  dedicated_color?: string | null;
  short_name?: string | null;
  parent?: string | null;
}

export interface CancerTypeQuery {
  cancerTypeId?: string;
  projection: 'ID' | 'SUMMARY' | 'DETAILED';
  sortBy?: CancerTypeSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

const where = (q: Pick<CancerTypeQuery, 'cancerTypeId'>) => (q.cancerTypeId === undefined ? sql`TRUE` : sql`type_of_cancer_id = ${q.cancerTypeId}`);

export async function countCancerTypes(db: ReadOnlyDb): Promise<number> {
  return (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM type_of_cancer`))?.n ?? 0;
}

export async function fetchCancerTypes(db: ReadOnlyDb, q: CancerTypeQuery): Promise<CancerTypeRow[]> {
  const columns = q.projection === 'ID'
    ? sql`type_of_cancer_id AS cancer_type_id`
    : sql`type_of_cancer_id AS cancer_type_id, name, dedicated_color, short_name, parent`;
  // sortBy is ignored under ID (api.md 1.5); ties keep the id order.
  const order = q.sortBy && q.projection !== 'ID'
    ? sql`${raw(whitelisted(CANCER_TYPE_SORT_COLUMNS, q.sortBy))} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')} NULLS LAST, type_of_cancer_id`
    : sql`type_of_cancer_id`;
  return db.all<CancerTypeRow>(sql`SELECT ${columns} FROM type_of_cancer WHERE ${where(q)} ORDER BY ${order}
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
}
