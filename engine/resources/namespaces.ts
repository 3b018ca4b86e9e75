// Namespace attributes and namespace data (api.md 21): the `namespace_columns` JSON
// ({outerKey: {innerKey: value}}) of mutations, structural variants and CNA events.
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql } from '../sql/sql.js';

/** The event tables that carry namespace JSON (constant names). */
const TABLES = { mutation: raw('mutation'), structural_variant: raw('structural_variant'), cna_event: raw('cna_event') } as const;

/**
 * One stored JSON per study and data type (mutation, SV, CNA), as NamespaceMapper.xml inspects one
 * row each: every record of a file carries the same keys. Rows come in request order of the studies.
 */
async function namespaceSamples(db: ReadOnlyDb, studyIds: readonly string[]): Promise<string[]> {
  const one = (table: 'mutation' | 'structural_variant' | 'cna_event', kind: number) => sql`
    SELECT study_key, ${kind} AS kind, arg_min(namespace_columns, rowid)::VARCHAR AS ns FROM ${TABLES[table]}
    WHERE namespace_columns IS NOT NULL AND study_key IN (SELECT study_key FROM cancer_study WHERE study_id IN (SELECT unnest(${studyIds}::VARCHAR[])))
    GROUP BY study_key`;
  const rows = await db.all<{ ns: string }>(sql`
    SELECT t.ns FROM (${one('mutation', 0)} UNION ALL ${one('structural_variant', 1)} UNION ALL ${one('cna_event', 2)}) t
    JOIN cancer_study s USING (study_key)
    JOIN (SELECT unnest(l) AS study_id, generate_subscripts(l, 1) AS pos FROM (SELECT ${studyIds}::VARCHAR[] AS l)) q ON q.study_id = s.study_id
    ORDER BY q.pos, t.kind`);
  return rows.map((r) => r.ns);
}


/** Keys of a JSON object in MySQL's stored order: by length, then bytewise. */
function mysqlKeys(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
}

/** Distinct outer keys in order of first appearance, each followed by its distinct inner keys. */
export async function fetchNamespaceAttributes(db: ReadOnlyDb, studyIds: readonly string[]): Promise<{ outer_key: string; inner_key: string }[]> {
  if (studyIds.length === 0) return [];
  const objects = (await namespaceSamples(db, studyIds)).map((text) => JSON.parse(text) as Record<string, unknown>);
  const outerKeys = [...new Set(objects.flatMap(mysqlKeys))];
  return outerKeys.flatMap((outer) =>
    [...new Set(objects.flatMap((o) => mysqlKeys(o[outer])))].map((inner) => ({ outer_key: outer, inner_key: inner })));
}

export interface NamespaceComparison {
  studyIds: readonly string[];
  sampleIds: readonly string[];
  outerKey: string;
  innerKey: string;
  values: readonly string[];
}

/**
 * For each value in request order (a repeated value repeats its items): every requested sample with
 * at least one mutation, SV or CNA event whose [outerKey][innerKey] text equals it, in import order.
 * A JSON null reads as the text `null` (MySQL's JSON_UNQUOTE).
 */
/** A sample whose events hold the value, as fetchNamespaceData selects it. */
export type NamespaceDataRow = { outer_key: string; inner_key: string; attr_value: string; study_id: string; sample_id: string; patient_id: string };

export async function fetchNamespaceData(db: ReadOnlyDb, q: NamespaceComparison): Promise<NamespaceDataRow[]> {
  if (q.values.length === 0 || q.sampleIds.length === 0) return [];
  const events = (table: keyof typeof TABLES) => sql`SELECT sample_key, namespace_columns AS ns FROM ${TABLES[table]}
    WHERE namespace_columns IS NOT NULL AND sample_key IN (SELECT sample_key FROM samples)`;
  return db.all<NamespaceDataRow>(sql`
    WITH samples AS (
      SELECT DISTINCT sa.sample_key, sa.sample_id, pa.patient_id, st.study_id
      FROM (SELECT unnest(${q.studyIds}::VARCHAR[]) AS study_id, unnest(${q.sampleIds}::VARCHAR[]) AS sample_id) r
      JOIN cancer_study st ON st.study_id = r.study_id
      JOIN sample sa ON sa.study_key = st.study_key AND sa.sample_id = r.sample_id
      JOIN patient pa ON pa.patient_key = sa.patient_key),
    ev AS (${events('mutation')} UNION ALL ${events('structural_variant')} UNION ALL ${events('cna_event')}),
    attr AS (SELECT sample_key, json_extract(ns, ${q.outerKey}) AS o FROM ev),
    found AS (SELECT DISTINCT sample_key,
        CASE json_type(o, ${q.innerKey}) WHEN 'NULL' THEN 'null' ELSE json_extract_string(o, ${q.innerKey}) END AS v
      FROM attr WHERE o IS NOT NULL)
    SELECT ${q.outerKey} AS outer_key, ${q.innerKey} AS inner_key, w.value AS attr_value, s.study_id, s.sample_id, s.patient_id
    FROM (SELECT unnest(l) AS value, generate_subscripts(l, 1) AS pos FROM (SELECT ${q.values}::VARCHAR[] AS l)) w
    JOIN found f ON f.v = w.value
    JOIN samples s ON s.sample_key = f.sample_key
    ORDER BY w.pos, s.sample_key`);
}
