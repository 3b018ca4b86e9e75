// Resource definitions and resource data (api.md 11), as ResourceDefinitionMapper.xml and
// ResourceDataMapper.xml answer them: ordered by resourceId unless sorted, ID = identifying fields.
import { NotFound } from '../errors.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment } from '../sql/sql.js';

export const RESOURCE_DEFINITION_SORT_COLUMNS = {
  resourceId: 'd.resource_id', displayName: 'd.display_name', description: 'd.description', resourceType: 'd.resource_type',
  priority: 'd.priority', openByDefault: 'd.open_by_default', studyId: 's.study_id', customMetaData: 'd.custom_metadata',
} as const;
export type ResourceDefinitionSortBy = keyof typeof RESOURCE_DEFINITION_SORT_COLUMNS;

// `ResourceId` is cBioPortal's spelling of this enum constant.
export const RESOURCE_DATA_SORT_COLUMNS = { ResourceId: 'r.resource_id', url: 'r.url' } as const;
export type ResourceDataSortBy = keyof typeof RESOURCE_DATA_SORT_COLUMNS;

type Direction = 'ASC' | 'DESC';
interface Paging { limit?: number; offset?: number }

/** A definition as definitionColumns select it: the identifying columns only under ID. */
export type ResourceDefinitionRow = {
  resource_id: string;
  study_id: string;
  display_name: string;
  description?: string | null;
  resource_type?: ResourceOwner['kind'];
  priority?: string;
  open_by_default?: boolean;
  custom_meta_data?: string | null;
};

/** A resource row: the owner's ids as its kind has them, url from SUMMARY, the definition under DETAILED. */
export type ResourceDataRow = {
  sample_id?: string;
  patient_id?: string;
  unique_sample_key?: string;
  unique_patient_key?: string;
  resource_id: string;
  study_id: string;
  url?: string;
  resource_definition?: Required<ResourceDefinitionRow>;
};

/** The definition's columns (ID: identifying ones); priority is text in cBioPortal's model. */
function definitionColumns(idOnly: boolean): Fragment {
  const id = sql`d.resource_id, s.study_id, d.display_name`;
  return idOnly ? id : sql`${id}, d.description, d.resource_type, d.priority::VARCHAR AS priority, d.open_by_default, d.custom_metadata AS custom_meta_data`;
}

/** sortBy is ignored under ID (the reference's mapper); ties keep import order. */
function orderBy<K extends string>(columns: Record<K, string>, fallback: string, sortBy: K | undefined, direction: Direction | undefined, idOnly: boolean): Fragment {
  const first = sortBy !== undefined && !idOnly ? `${columns[sortBy]} ${direction === 'DESC' ? 'DESC' : 'ASC'}` : `${fallback} ASC`;
  return raw(first); // whitelisted column + constant direction
}

export interface ResourceDefinitionQuery extends Paging {
  studyIds: readonly string[];
  idOnly: boolean;
  sortBy?: ResourceDefinitionSortBy;
  direction?: Direction;
}

export async function fetchResourceDefinitions(db: ReadOnlyDb, q: ResourceDefinitionQuery): Promise<ResourceDefinitionRow[]> {
  return db.all<ResourceDefinitionRow>(sql`
    SELECT ${definitionColumns(q.idOnly)}
    FROM resource_definition d JOIN cancer_study s USING (study_key)
    WHERE s.study_id IN (SELECT unnest(${q.studyIds}::VARCHAR[]))
    ORDER BY ${orderBy(RESOURCE_DEFINITION_SORT_COLUMNS, 'd.resource_id', q.sortBy, q.direction, q.idOnly)}, d.study_key, d.rowid
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
}

/** The single GET answers the full (DETAILED) definition; unknown id → "Resource not found". */
export async function requireResourceDefinition(db: ReadOnlyDb, studyKey: number, resourceId: string): Promise<ResourceDefinitionRow> {
  const row = await db.one<ResourceDefinitionRow>(sql`SELECT ${definitionColumns(false)} FROM resource_definition d JOIN cancer_study s USING (study_key)
    WHERE d.study_key = ${studyKey} AND d.resource_id = ${resourceId}`);
  if (!row) throw NotFound.resource(resourceId);
  return row;
}

/** Whose resource rows: the study's own, one patient's or sample's, or all patients' / samples'. */
export type ResourceOwner =
  | { kind: 'STUDY'; studyKey: number }
  | { kind: 'PATIENT'; studyKey: number; patientKey?: number }
  | { kind: 'SAMPLE'; studyKey: number; sampleKey?: number };

export interface ResourceDataQuery extends Paging {
  owner: ResourceOwner;
  resourceId?: string;
  projection: 'ID' | 'SUMMARY' | 'DETAILED';
  sortBy?: ResourceDataSortBy;
  direction?: Direction;
}

/** Sample rows carry sampleId and patientId, patient rows patientId, study rows neither; keys likewise. */
export async function fetchResourceData(db: ReadOnlyDb, q: ResourceDataQuery): Promise<ResourceDataRow[]> {
  const { owner } = q;
  const ids = owner.kind === 'SAMPLE'
    ? sql`sa.sample_id, pa.patient_id, unique_key(sa.sample_id, s.study_id) AS unique_sample_key, unique_key(pa.patient_id, s.study_id) AS unique_patient_key,`
    : owner.kind === 'PATIENT'
      ? sql`pa.patient_id, unique_key(pa.patient_id, s.study_id) AS unique_patient_key,`
      : sql``;
  const url = q.projection === 'ID' ? sql`` : sql`, r.url`;
  const definition = q.projection === 'DETAILED'
    ? sql`, struct_pack(resource_id := d.resource_id, study_id := s.study_id, display_name := d.display_name, description := d.description,
        resource_type := d.resource_type, priority := d.priority::VARCHAR, open_by_default := d.open_by_default,
        custom_meta_data := d.custom_metadata) AS resource_definition`
    : sql``;
  const joinDefinition = q.projection === 'DETAILED'
    ? sql`JOIN resource_definition d ON d.study_key = r.study_key AND d.resource_id = r.resource_id`
    : sql``;
  const ownerFilter = owner.kind === 'SAMPLE' && owner.sampleKey !== undefined ? sql`AND r.sample_key = ${owner.sampleKey}`
    : owner.kind === 'PATIENT' && owner.patientKey !== undefined ? sql`AND r.patient_key = ${owner.patientKey}`
      : sql``;
  const resourceFilter = q.resourceId === undefined ? sql`` : sql`AND r.resource_id = ${q.resourceId}`;
  return db.all<ResourceDataRow>(sql`
    SELECT ${ids} r.resource_id, s.study_id ${url} ${definition}
    FROM resource_data r
      JOIN cancer_study s ON s.study_key = r.study_key
      LEFT JOIN sample sa ON sa.sample_key = r.sample_key
      LEFT JOIN patient pa ON pa.patient_key = coalesce(r.patient_key, sa.patient_key)
      ${joinDefinition}
    WHERE r.study_key = ${owner.studyKey} AND r.resource_type = ${owner.kind} ${ownerFilter} ${resourceFilter}
    ORDER BY ${orderBy(RESOURCE_DATA_SORT_COLUMNS, 'r.resource_id', q.sortBy, q.direction, q.projection === 'ID')}, r.rowid
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
}
