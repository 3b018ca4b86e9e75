// Molecular profiles (api.md 12, cBioPortal's MolecularProfileMapper): lists, one study's, by ids.
// Ordered by molecularProfileId unless a sortBy is given (the reference leaves fetch-by-ids unordered).
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';
import { nestedStudy, type NestedStudyRow } from './studies.js';

export const MOLECULAR_PROFILE_SORT_COLUMNS = {
  molecularProfileId: 'p.stable_id',
  // The reference maps this name to a missing column (a 500); sorting by the type is what it promises.
  molecularAlterationType: 'p.genetic_alteration_type',
  datatype: 'p.datatype',
  name: 'p.name',
  description: 'p.description',
  showProfileInAnalysisTab: 'p.show_profile_in_analysis_tab',
} as const;
export type MolecularProfileSortBy = keyof typeof MOLECULAR_PROFILE_SORT_COLUMNS;

/** All profiles, one study's, some studies' or some profile ids'. */
export type MolecularProfileScope =
  | { kind: 'all' }
  | { kind: 'studies'; studyIds: readonly string[] }
  | { kind: 'ids'; molecularProfileIds: readonly string[] };

export interface MolecularProfileQuery {
  scope: MolecularProfileScope;
  projection: 'ID' | 'SUMMARY' | 'DETAILED';
  sortBy?: MolecularProfileSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

function whereClause(scope: MolecularProfileScope): Fragment {
  switch (scope.kind) {
    case 'all':
      return sql`TRUE`;
    case 'studies':
      return sql`s.study_id IN (SELECT unnest(${scope.studyIds}::VARCHAR[]))`;
    case 'ids':
      return sql`p.stable_id IN (SELECT unnest(${scope.molecularProfileIds}::VARCHAR[]))`;
  }
}

/** A profile as columns() selects it: the ids only under ID, the study nested under DETAILED. */
export type MolecularProfileRow = {
  molecular_profile_id: string;
  study_id: string;
  molecular_alteration_type?: string;
  datatype?: string;
  name?: string | null;
  description?: string | null;
  show_profile_in_analysis_tab?: boolean;
  pivot_threshold?: number | null;
  sort_order?: string | null;
  generic_assay_type?: string | null;
  patient_level?: boolean;
  study?: NestedStudyRow;
};

function columns(projection: MolecularProfileQuery['projection']): Fragment {
  const id = sql`p.stable_id AS molecular_profile_id, s.study_id`;
  if (projection === 'ID') return id;
  const summary = sql`${id}, p.genetic_alteration_type AS molecular_alteration_type, p.datatype, p.name, p.description,
    p.show_profile_in_analysis_tab, p.pivot_threshold, p.sort_order, p.generic_assay_type, p.patient_level`;
  return projection === 'DETAILED' ? sql`${summary}, ${nestedStudy('s')} AS study` : summary;
}

export async function fetchMolecularProfiles(db: ReadOnlyDb, q: MolecularProfileQuery): Promise<MolecularProfileRow[]> {
  // sortBy is ignored under ID (api.md 1.5); NULLs last as the column store puts them.
  const order = q.sortBy && q.projection !== 'ID'
    ? sql`${raw(whitelisted(MOLECULAR_PROFILE_SORT_COLUMNS, q.sortBy))} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')} NULLS LAST, p.stable_id`
    : sql`p.stable_id`;
  return db.all<MolecularProfileRow>(sql`
    SELECT ${columns(q.projection)}
    FROM molecular_profile p JOIN cancer_study s USING (study_key)
    WHERE ${whereClause(q.scope)}
    ORDER BY ${order}
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
}

export async function countMolecularProfiles(db: ReadOnlyDb, scope: MolecularProfileScope): Promise<number> {
  const row = await db.one<{ n: number }>(sql`
    SELECT count(*)::INTEGER AS n FROM molecular_profile p JOIN cancer_study s USING (study_key) WHERE ${whereClause(scope)}`);
  return row?.n ?? 0;
}
