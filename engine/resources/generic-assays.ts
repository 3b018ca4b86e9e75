// Generic assay entities (meta) and values (api.md 20), as v7's GetGenericAssayMetaUseCase and
// the legacy GenericAssayServiceImpl answer them.
import type { ReadOnlyDb, Row } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';
import { normaliseCellText } from './generic-assays-value.js';

export interface GenericAssayMetaQuery {
  /** Entities measured in these profiles (intersected with stableIds when both are given). */
  molecularProfileIds?: readonly string[];
  stableIds?: readonly string[];
  /** Trimmed, non-blank; case-insensitive substring of the stable id (and NAME/DESCRIPTION unless idOnly). */
  searchTerm?: string;
  idOnly: boolean;
  limit?: number;
  offset?: number;
}

export interface GenericAssayMetaRow {
  stable_id: string;
  entity_type?: string;
  /** Property name → value, exactly as stored (names are not camel-cased). */
  properties?: Record<string, string>;
}

/** Neither profiles nor stable ids: nothing (the reference answers []). */
function metaWhere(q: GenericAssayMetaQuery): Fragment | undefined {
  const parts: Fragment[] = [];
  if (q.molecularProfileIds !== undefined) {
    parts.push(sql`e.entity_key IN (SELECT DISTINCT v.entity_key FROM generic_assay_value v JOIN molecular_profile p ON p.profile_key = v.profile_key
      WHERE p.stable_id IN (SELECT unnest(${q.molecularProfileIds}::VARCHAR[])))`);
  }
  if (q.stableIds !== undefined) parts.push(sql`e.stable_id IN (SELECT unnest(${q.stableIds}::VARCHAR[]))`);
  if (parts.length === 0) return undefined;
  if (q.searchTerm !== undefined) {
    const term = q.searchTerm.toLowerCase();
    parts.push(q.idOnly
      ? sql`contains(lower(e.stable_id), ${term})`
      : sql`(contains(lower(e.stable_id), ${term})
          OR contains(lower(coalesce((SELECT max(value) FROM generic_entity_property x WHERE x.entity_key = e.entity_key AND x.name = 'NAME'), '')), ${term})
          OR contains(lower(coalesce((SELECT max(value) FROM generic_entity_property x WHERE x.entity_key = e.entity_key AND x.name = 'DESCRIPTION'), '')), ${term}))`);
  }
  return parts.reduce((acc, p) => sql`${acc} AND ${p}`);
}

/** Ordered by the stable id's leading digits as a number (none → 0), then the id: 1p, 2p, 10p. */
export async function fetchGenericAssayMeta(db: ReadOnlyDb, q: GenericAssayMetaQuery): Promise<GenericAssayMetaRow[]> {
  const where = metaWhere(q);
  if (!where) return [];
  const details = q.idOnly
    ? sql``
    : sql`, 'GENERIC_ASSAY' AS entity_type,
        (SELECT list(struct_pack(name := x.name, value := x.value) ORDER BY x.rowid) FROM generic_entity_property x
         WHERE x.entity_key = e.entity_key AND x.value IS NOT NULL) AS properties`;
  const rows = await db.all<{ stable_id: string; entity_type?: string; properties?: { name: string; value: string }[] | null }>(sql`
    SELECT e.stable_id ${details}
    FROM generic_entity e
    WHERE ${where}
    ORDER BY coalesce(TRY_CAST(nullif(regexp_extract(e.stable_id, '^[0-9]+'), '') AS UINTEGER), 0), e.stable_id
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`);
  // The entity type on the wire is always GENERIC_ASSAY (the store keeps the profile's assay type).
  return rows.map((r) => (q.idOnly
    ? { stable_id: r.stable_id }
    : { stable_id: r.stable_id, entity_type: r.entity_type, properties: Object.fromEntries((r.properties ?? []).map((p) => [p.name, p.value])) }));
}

export async function countGenericAssayMeta(db: ReadOnlyDb, q: GenericAssayMetaQuery): Promise<number> {
  const where = metaWhere(q);
  if (!where) return 0;
  return (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM generic_entity e WHERE ${where}`))?.n ?? 0;
}

/** Which (profile, sample) cells a data request reads. Profiles are GENERIC_ASSAY ones. */
export type GenericAssayDataSelection =
  /** One profile: every profiled sample (import order), or these sample ids of its study (by sampleId). */
  | { kind: 'profile'; profileKey: number; studyKey: number; sampleIds?: readonly string[]; sampleListId?: string }
  /** Every profiled sample of these profiles (import order, then profile id). */
  | { kind: 'profiles'; molecularProfileIds: readonly string[] }
  /** Each listed sample in every listed profile of its study (the reference's quirk), by sampleId. */
  | { kind: 'identifiers'; molecularProfileIds: readonly string[]; sampleIds: readonly string[] };

function dataPlan(s: GenericAssayDataSelection): { where: Fragment; order: Fragment } {
  switch (s.kind) {
    case 'profile': {
      if (s.sampleIds === undefined && s.sampleListId === undefined)
        return { where: sql`v.profile_key = ${s.profileKey}`, order: sql`sa.sample_key, v.rowid` };
      // List members are looked up by id in the profile's study; an unknown list has no members.
      const ids = s.sampleIds !== undefined
        ? sql`SELECT unnest(${s.sampleIds}::VARCHAR[])`
        : sql`SELECT x.sample_id FROM sample_list l JOIN sample_list_member m USING (list_key) JOIN sample x ON x.sample_key = m.sample_key
              WHERE l.stable_id = ${s.sampleListId ?? ''}`;
      return {
        where: sql`v.profile_key = ${s.profileKey}
          AND v.sample_key IN (SELECT sample_key FROM sample WHERE study_key = ${s.studyKey} AND sample_id IN (${ids}))`,
        order: sql`sa.sample_id, v.rowid`,
      };
    }
    case 'profiles':
      return {
        where: sql`v.profile_key IN (SELECT profile_key FROM molecular_profile
          WHERE genetic_alteration_type = 'GENERIC_ASSAY' AND stable_id IN (SELECT unnest(${s.molecularProfileIds}::VARCHAR[])))`,
        order: sql`sa.sample_key, p.stable_id, v.rowid`,
      };
    case 'identifiers': {
      const pairs = sql`(SELECT unnest(${s.molecularProfileIds}::VARCHAR[]) AS profile_id, unnest(${s.sampleIds}::VARCHAR[]) AS sample_id)`;
      return {
        where: sql`v.profile_key IN (SELECT profile_key FROM molecular_profile
            WHERE genetic_alteration_type = 'GENERIC_ASSAY' AND stable_id IN (SELECT profile_id FROM ${pairs}))
          AND v.sample_key IN (SELECT x.sample_key FROM ${pairs} r JOIN molecular_profile mp ON mp.stable_id = r.profile_id
                               JOIN sample x ON x.study_key = mp.study_key AND x.sample_id = r.sample_id)`,
        order: sql`sa.sample_id, st.study_id, p.stable_id, v.rowid`,
      };
    }
  }
}

const DATA_FROM = sql`generic_assay_value v
  JOIN generic_entity e ON e.entity_key = v.entity_key
  JOIN sample sa ON sa.sample_key = v.sample_key
  JOIN patient pa ON pa.patient_key = sa.patient_key
  JOIN cancer_study st ON st.study_key = v.study_key
  JOIN molecular_profile p ON p.profile_key = v.profile_key`;

const stableIdFilter = (ids: readonly string[] | undefined) =>
  ids === undefined ? sql`` : sql`AND e.stable_id IN (SELECT unnest(${ids}::VARCHAR[]))`;

/** Empty and exactly-NA cells are dropped (the controller's filterEmptyGenericAssayData). */
const NOT_EMPTY = sql`v.value <> '' AND v.value <> 'NA'`;

export async function fetchGenericAssayData(db: ReadOnlyDb, s: GenericAssayDataSelection, stableIds?: readonly string[]): Promise<Row[]> {
  const { where, order } = dataPlan(s);
  const rows = await db.all(sql`
    SELECT unique_key(sa.sample_id, st.study_id) AS unique_sample_key, unique_key(pa.patient_id, st.study_id) AS unique_patient_key,
      p.stable_id AS molecular_profile_id, sa.sample_id, pa.patient_id, st.study_id,
      e.stable_id AS generic_assay_stable_id, e.stable_id, v.value, p.patient_level
    FROM ${DATA_FROM}
    WHERE ${where} ${stableIdFilter(stableIds)} AND ${NOT_EMPTY}
    ORDER BY ${order}`);
  for (const row of rows) row.value = normaliseCellText(row.value as string);
  return rows;
}

export async function countGenericAssayData(db: ReadOnlyDb, s: GenericAssayDataSelection, stableIds?: readonly string[]): Promise<number> {
  const { where } = dataPlan(s);
  return (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM ${DATA_FROM} WHERE ${where} ${stableIdFilter(stableIds)} AND ${NOT_EMPTY}`))?.n ?? 0;
}
