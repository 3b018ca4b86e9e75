// Sample lists (api.md 7; cBioPortal's SampleListMapper): ordered by sampleListId unless sorted;
// member ids come in sample import order.
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';
import { inStudies } from './lookup.js';

export const SAMPLE_LIST_SORT_COLUMNS = {
  sampleListId: 'l.stable_id', category: 'l.category', studyId: 's.study_id', name: 'l.name', description: 'l.description',
} as const;
export type SampleListSortBy = keyof typeof SAMPLE_LIST_SORT_COLUMNS;

/** Restricts by study key or by sample list ids (an empty list matches nothing); neither = all. */
export interface SampleListScope {
  studyKey?: number;
  /** The studies a listing may show (undefined: all). */
  studyIds?: readonly string[];
  sampleListIds?: readonly string[];
}

export interface SampleListQuery extends SampleListScope {
  projection: 'ID' | 'SUMMARY' | 'DETAILED';
  sortBy?: SampleListSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

function whereClause(q: SampleListScope): Fragment {
  const parts: Fragment[] = [sql`TRUE`];
  if (q.studyKey !== undefined) parts.push(sql`l.study_key = ${q.studyKey}`);
  if (q.studyIds !== undefined) parts.push(inStudies(sql`l.study_key`, q.studyIds));
  if (q.sampleListIds) parts.push(q.sampleListIds.length ? sql`l.stable_id IN (SELECT unnest(${q.sampleListIds}::VARCHAR[]))` : sql`FALSE`);
  return parts.reduce((acc, p) => sql`${acc} AND ${p}`);
}

function columns(projection: SampleListQuery['projection']): Fragment {
  if (projection === 'ID') return sql`l.stable_id AS sample_list_id`;
  const summary = sql`l.stable_id AS sample_list_id, l.category, s.study_id, l.name, l.description`;
  if (projection === 'SUMMARY') return summary;
  return sql`${summary}, coalesce(ids.sample_count, 0) AS sample_count, coalesce(ids.sample_ids, []::VARCHAR[]) AS sample_ids`;
}

/** Member ids per list, aggregated once for the selected lists (not a query per list). */
function membersJoin(q: SampleListQuery): Fragment {
  if (q.projection !== 'DETAILED') return sql``;
  return sql`LEFT JOIN (
      SELECT m.list_key, count(*)::INTEGER AS sample_count, list(x.sample_id ORDER BY x.sample_key) AS sample_ids
      FROM sample_list_member m JOIN sample x ON x.sample_key = m.sample_key
      WHERE m.list_key IN (SELECT l.list_key FROM sample_list l WHERE ${whereClause(q)})
      GROUP BY m.list_key) ids ON ids.list_key = l.list_key`;
}

export async function countSampleLists(db: ReadOnlyDb, q: SampleListScope): Promise<number> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM sample_list l WHERE ${whereClause(q)}`);
  return row?.n ?? 0;
}

/** A sample list as columns() selects it: the id only under ID, members under DETAILED. */
export type SampleListRow = {
  sample_list_id: string;
  category?: string;
  study_id?: string;
  name?: string;
  description?: string | null;
  sample_count?: number;
  sample_ids?: string[];
};

export async function fetchSampleLists(db: ReadOnlyDb, q: SampleListQuery): Promise<SampleListRow[]> {
  // sortBy is ignored under ID (api.md 1.5); ties keep the id order.
  const order = q.sortBy && q.projection !== 'ID'
    ? sql`${raw(whitelisted(SAMPLE_LIST_SORT_COLUMNS, q.sortBy))} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')} NULLS LAST, l.stable_id`
    : sql`l.stable_id`;
  return db.all<SampleListRow>(sql`
    SELECT ${columns(q.projection)}
    FROM sample_list l JOIN cancer_study s ON s.study_key = l.study_key ${membersJoin(q)}
    WHERE ${whereClause(q)}
    ORDER BY ${order}
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
}

/** Member sample ids of one list, in sample import order. */
export async function fetchSampleListSampleIds(db: ReadOnlyDb, listKey: number): Promise<string[]> {
  const rows = await db.all<{ sample_id: string }>(sql`
    SELECT x.sample_id FROM sample_list_member m JOIN sample x ON x.sample_key = m.sample_key
    WHERE m.list_key = ${listKey} ORDER BY x.sample_key`);
  return rows.map((r) => r.sample_id);
}
