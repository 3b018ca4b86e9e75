// Clinical values of samples or patients (api.md 9, cBioPortal's ClinicalDataMapper). Only
// stored values exist (NA-like cells are not stored); values are returned as text.
import type { ArrowRows } from '../sql/arrow-chunks.js';
import type { ReadOnlyDb, Row } from '../sql/db.js';
import { joinedJson, streamJoinedJson, type JsonFields } from '../sql/joined-json.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';

export type ClinicalDataType = 'SAMPLE' | 'PATIENT';
export type ClinicalDataSortBy = 'clinicalAttributeId' | 'value';
const SORT_COLUMNS: Record<ClinicalDataSortBy, string> = { clinicalAttributeId: 'c.attr_id', value: 'c.attr_value' };

/** Which entities: one study (optionally some of its ids), one entity, or (studyId, entityId) pairs. */
export type ClinicalDataScope =
  | { kind: 'study'; studyKey: number; studyId: string; ids?: readonly string[] }
  | { kind: 'entity'; entityKey: number }
  | { kind: 'identifiers'; studyIds: readonly string[]; entityIds: readonly string[] };

/** Entity keys resolved from another scope, ascending (a slice of a streamed answer). */
type KeysScope = { kind: 'keys'; keys: readonly number[] };

export interface ClinicalDataQuery {
  type: ClinicalDataType;
  scope: ClinicalDataScope;
  attributeIds?: readonly string[];
  projection: 'ID' | 'SUMMARY' | 'DETAILED';
  sortBy?: ClinicalDataSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

/** The two shapes differ only in their tables; `e` is the entity row, `c` the value row. */
export const clinicalDataTables = {
  SAMPLE: { values: 'clinical_sample', entity: 'sample', key: 'sample_key', id: 'sample_id' },
  PATIENT: { values: 'clinical_patient', entity: 'patient', key: 'patient_key', id: 'patient_id' },
} as const;

function scopeClause(type: ClinicalDataType, scope: ClinicalDataScope | KeysScope): Fragment {
  const t = clinicalDataTables[type];
  switch (scope.kind) {
    case 'keys': {
      // The range lets DuckDB skip the row groups of other entities; keys without gaps (a study's) need nothing else.
      const [first, last] = [scope.keys[0], scope.keys[scope.keys.length - 1]];
      const range = sql`c.${raw(t.key)} BETWEEN ${first} AND ${last}`;
      return last - first + 1 === scope.keys.length ? range : sql`${range} AND c.${raw(t.key)} IN (SELECT unnest(${scope.keys}::INTEGER[]))`;
    }
    case 'study':
      return scope.ids === undefined
        ? sql`c.study_key = ${scope.studyKey}`
        : sql`c.study_key = ${scope.studyKey} AND e.${raw(t.id)} IN (SELECT unnest(${scope.ids}::VARCHAR[]))`;
    case 'entity':
      return sql`c.${raw(t.key)} = ${scope.entityKey}`;
    case 'identifiers':
      // The pairs are resolved to entity keys once (a join), not tested row by row.
      return sql`c.${raw(t.key)} IN (
        SELECT x.${raw(t.key)} FROM (SELECT unnest(${scope.studyIds}::VARCHAR[]) AS study_id, unnest(${scope.entityIds}::VARCHAR[]) AS entity_id) r
        JOIN cancer_study st ON st.study_id = r.study_id
        JOIN ${raw(t.entity)} x ON x.study_key = st.study_key AND x.${raw(t.id)} = r.entity_id)`;
  }
}

/** DETAILED inner-joins the attribute definition (m), as the reference does. */
function fromWhere(q: ClinicalDataQuery | KeysQuery, withMeta = false): Fragment {
  const t = clinicalDataTables[q.type];
  const patientJoin = q.type === 'SAMPLE' ? sql`JOIN patient p ON p.patient_key = e.patient_key` : sql``;
  const metaJoin = withMeta ? sql`JOIN clinical_attribute_meta m ON m.study_key = c.study_key AND m.attr_id = c.attr_id` : sql``;
  const attributes = q.attributeIds === undefined ? sql`` : sql`AND c.attr_id IN (SELECT unnest(${q.attributeIds}::VARCHAR[]))`;
  return sql`FROM ${raw(t.values)} c
    JOIN ${raw(t.entity)} e ON e.${raw(t.key)} = c.${raw(t.key)}
    ${patientJoin}
    JOIN cancer_study s ON s.study_key = c.study_key
    ${metaJoin}
    WHERE ${scopeClause(q.type, q.scope)} ${attributes}`;
}

/** The entity's columns (tables `e`, `p` and `s` as in fromWhere) of entityFields. */
export function entityColumns(type: ClinicalDataType): Fragment {
  const patientId = type === 'SAMPLE' ? 'p.patient_id' : 'e.patient_id';
  const patient = sql`${raw(patientId)} AS patient_id, s.study_id, unique_key(${raw(patientId)}, s.study_id) AS unique_patient_key`;
  return type === 'SAMPLE' ? sql`${patient}, e.sample_id, unique_key(e.sample_id, s.study_id) AS unique_sample_key` : patient;
}

function columns(q: ClinicalDataQuery): Fragment {
  let cols = sql`c.attr_id AS clinical_attribute_id, ${entityColumns(q.type)}`;
  if (q.projection !== 'ID') cols = sql`${cols}, c.attr_value AS value`;
  if (q.projection === 'DETAILED')
    cols = sql`${cols}, m.patient_attribute, struct_pack(clinical_attribute_id := m.attr_id, study_id := s.study_id,
      display_name := m.display_name, description := m.description, datatype := m.datatype,
      patient_attribute := m.patient_attribute, priority := m.priority) AS clinical_attribute`;
  return cols;
}

/**
 * Entity import order then attribute id (api.md 1.11); a sortBy (ignored under ID) comes first
 * and keeps that order for ties.
 */
function orderBy(q: ClinicalDataQuery): Fragment {
  const key = `c.${clinicalDataTables[q.type].key}`;
  if (q.sortBy && q.projection !== 'ID') return sql`${raw(whitelisted(SORT_COLUMNS, q.sortBy))} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')} NULLS LAST, ${raw(key)}, c.attr_id`;
  return sql`${raw(key)}, c.attr_id`;
}

export async function countClinicalData(db: ReadOnlyDb, q: ClinicalDataQuery): Promise<number> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n ${fromWhere(q)}`);
  return row?.n ?? 0;
}

/** The rows of a clinical data answer, for fetchClinicalData and Arrow. */
export const clinicalDataRows = (q: ClinicalDataQuery): ArrowRows => ({
  query: sql`SELECT ${columns(q)} ${fromWhere(q, q.projection === 'DETAILED')}
    ORDER BY ${orderBy(q)}
    LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`,
});

export async function fetchClinicalData(db: ReadOnlyDb, q: ClinicalDataQuery): Promise<Row[]> {
  return db.all(clinicalDataRows(q).query);
}

type KeysQuery = Omit<ClinicalDataQuery, 'scope'> & { scope: KeysScope };

/**
 * ClinicalData's fields in the order its serializer writes them (ClinicalDataSchema's required
 * fields, then its optional ones): [API name, column of jsonColumns].
 */
function clinicalDataFields(q: ClinicalDataQuery): JsonFields {
  return [
    ['clinicalAttributeId', 'clinical_attribute_id'], ...entityFields(q.type),
    ...(q.projection === 'ID' ? [] : [['value', 'value'] as const]),
    ...(q.projection === 'DETAILED' ? [['clinicalAttribute', 'clinical_attribute_json'], ['patientAttribute', 'patient_attribute']] as const : []),
  ];
}

/** The entity's fields of ClinicalData, in that order (columns of entityColumns). */
export function entityFields(type: ClinicalDataType): JsonFields {
  return [
    ['patientId', 'patient_id'], ['studyId', 'study_id'], ['uniquePatientKey', 'unique_patient_key'],
    ...(type === 'SAMPLE' ? [['sampleId', 'sample_id'], ['uniqueSampleKey', 'unique_sample_key']] as const : []),
  ];
}

/** columns(q) and, under DETAILED, the attribute's fields in the order its serializer writes them (as above). */
function jsonColumns(q: ClinicalDataQuery): Fragment {
  if (q.projection !== 'DETAILED') return columns(q);
  return sql`${columns(q)}, {'clinicalAttributeId': m.attr_id, 'studyId': s.study_id, 'patientAttribute': m.patient_attribute,
    'displayName': m.display_name, 'description': m.description, 'datatype': m.datatype, 'priority': m.priority} AS clinical_attribute_json`;
}

/** Entities per query of a streamed answer in the default order: some MB of JSON each. */
const ENTITIES_PER_QUERY = 4096;

/**
 * The answer of fetchClinicalData as JSON texts written by DuckDB (engine/sql/joined-json.ts), byte
 * for byte what ClinicalDataSchema's serializer writes of the rows. In the default order it is
 * streamed a few thousand entities at a time (one query each, on the entity keys resolved once),
 * so that neither DuckDB nor the server holds more than a slice; sorted by value or paged past the
 * first page it is one query.
 */
export async function* streamClinicalDataJson(db: ReadOnlyDb, q: ClinicalDataQuery): AsyncGenerator<string[], void, undefined> {
  const fields = clinicalDataFields(q);
  const withMeta = q.projection === 'DETAILED';
  if ((q.sortBy !== undefined && q.projection !== 'ID') || (q.offset ?? 0) > 0) {
    const rows = sql`SELECT ${jsonColumns(q)}, row_number() OVER (ORDER BY ${orderBy(q)}) AS n ${fromWhere(q, withMeta)}
      ORDER BY n LIMIT ${q.limit ?? 2147483647} OFFSET ${q.offset ?? 0}`;
    yield* streamJoinedJson(db, rows, fields);
    return;
  }
  const key = raw(`c.${clinicalDataTables[q.type].key}`);
  const [keys] = await db.numericColumns(sql`SELECT DISTINCT ${key}::DOUBLE AS k ${fromWhere(q)} ORDER BY k`);
  let left = q.limit ?? 2147483647;
  for (let at = 0; at < (keys?.length ?? 0) && left > 0; at += ENTITIES_PER_QUERY) {
    const slice: KeysQuery = { ...q, scope: { kind: 'keys', keys: Array.from(keys.subarray(at, at + ENTITIES_PER_QUERY)) } };
    const rows = sql`SELECT ${jsonColumns(q)}, ${key} AS entity_key ${fromWhere(slice, withMeta)}`;
    const order = sql`entity_key, clinical_attribute_id`;
    // Only the attribute's description and display name can be null (DETAILED).
    const nulls = { nulls: withMeta };
    let { json, count } = await joinedJson(db, rows, fields, order, nulls);
    // A first page ending inside this slice (rare: bulk answers are unpaged): its rows again, cut.
    if (count > left) ({ json, count } = await joinedJson(db, sql`${rows} ORDER BY ${order} LIMIT ${left}`, fields, order, nulls));
    left -= count;
    if (count > 0) yield [json];
  }
}
