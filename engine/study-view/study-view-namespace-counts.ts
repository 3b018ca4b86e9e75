// Namespace value counts for the Study View (study-view.md 4.25, 4.26; cBioPortal's legacy
// NamespaceMapper.xml): the value at [outerKey][innerKey] of the namespace JSON of mutations,
// structural variants and CNA events. A JSON null and the text "null" count as no value.
import type { ReadOnlyDb } from '../sql/db.js';
import { sql, type Fragment } from '../sql/sql.js';

export interface NamespaceAttribute {
  outerKey: string;
  innerKey: string;
}

export interface NamespaceDataCountItem extends NamespaceAttribute {
  counts: { value: string; count: number; totalCount: number }[];
}

export interface NamespaceAttributeCount extends NamespaceAttribute {
  count: number;
}

/** A JSON pointer to [outer][inner]: exact key lookup whatever the keys hold ('~' → ~0, '/' → ~1). */
function pointer(a: NamespaceAttribute): string {
  const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
  return `/${escape(a.outerKey)}/${escape(a.innerKey)}`;
}

/**
 * One row per (requested attribute, event of the given samples) with a value: attribute position
 * `pos`, `sample_key`, `value` (the JSON value as text, numbers as written).
 */
function valuesSql(attributes: readonly NamespaceAttribute[], samples: Fragment): Fragment {
  const events = sql`
    SELECT sample_key, namespace_columns AS ns FROM mutation WHERE namespace_columns IS NOT NULL AND sample_key IN (SELECT sample_key FROM samples)
    UNION ALL
    SELECT sample_key, namespace_columns FROM structural_variant WHERE namespace_columns IS NOT NULL AND sample_key IN (SELECT sample_key FROM samples)
    UNION ALL
    SELECT sample_key, namespace_columns FROM cna_event WHERE namespace_columns IS NOT NULL AND sample_key IN (SELECT sample_key FROM samples)`;
  return sql`
    WITH samples AS (${samples}),
    attrs AS (SELECT unnest(l) AS path, generate_subscripts(l, 1) AS pos FROM (SELECT ${attributes.map(pointer)}::VARCHAR[] AS l)),
    ev AS (${events})
    SELECT pos, sample_key, value
    FROM (SELECT a.pos, ev.sample_key, json_extract_string(ev.ns, a.path) AS value FROM ev CROSS JOIN attrs a)
    WHERE value IS NOT NULL AND value <> 'null'`;
}

/**
 * namespace-data-counts (4.25): per requested attribute, in request order, the values on the
 * cohort's events by value (ascending): count = distinct samples, totalCount = events. An
 * attribute without values is a JSON null element, as in cBioPortal; an empty cohort gives [].
 */
export async function fetchNamespaceDataCounts(db: ReadOnlyDb, cohort: Fragment, attributes: readonly NamespaceAttribute[]): Promise<(NamespaceDataCountItem | null)[]> {
  if (attributes.length === 0) return [];
  // No filtered samples: [] rather than a null per attribute (cBioPortal returns before counting).
  if (!(await db.one<{ any: boolean }>(sql`SELECT EXISTS (${cohort}) AS "any"`))?.any) return [];
  const rows = await db.all<{ pos: number; value: string; count: number; totalCount: number }>(sql`
    SELECT pos::INTEGER AS pos, value, count(DISTINCT sample_key)::INTEGER AS count, count(*)::INTEGER AS "totalCount"
    FROM (${valuesSql(attributes, cohort)})
    GROUP BY pos, value ORDER BY pos, value`);
  return attributes.map((a, i) => {
    const counts = rows.filter((r) => r.pos === i + 1).map(({ value, count, totalCount }) => ({ value, count, totalCount }));
    return counts.length === 0 ? null : { outerKey: a.outerKey, innerKey: a.innerKey, counts };
  });
}

/**
 * namespace-attributes/counts (4.26): distinct given samples with >= 1 event holding a value, per
 * (outerKey, innerKey) in order of first request; attributes with count 0 are absent.
 */
export async function fetchNamespaceAttributeCounts(
  db: ReadOnlyDb, samples: { studyIds: readonly string[]; sampleIds: readonly string[] }, attributes: readonly NamespaceAttribute[],
): Promise<NamespaceAttributeCount[]> {
  if (attributes.length === 0 || samples.sampleIds.length === 0) return [];
  const selected = sql`
    SELECT s.sample_key FROM sample s JOIN cancer_study cs USING (study_key)
    JOIN (SELECT unnest(${samples.studyIds}::VARCHAR[]) AS study_id, unnest(${samples.sampleIds}::VARCHAR[]) AS sample_id) ids
      ON ids.study_id = cs.study_id AND ids.sample_id = s.sample_id`;
  const rows = await db.all<{ pos: number; count: number }>(sql`
    SELECT pos::INTEGER AS pos, count(DISTINCT sample_key)::INTEGER AS count FROM (${valuesSql(attributes, selected)}) GROUP BY pos`);
  const byKey = new Map<string, NamespaceAttributeCount>();
  const key = (a: NamespaceAttribute) => JSON.stringify([a.outerKey, a.innerKey]);
  for (const a of attributes) if (!byKey.has(key(a))) byKey.set(key(a), { outerKey: a.outerKey, innerKey: a.innerKey, count: 0 });
  // Repeated attributes share one key and count the same samples.
  for (const r of rows) {
    const item = byKey.get(key(attributes[r.pos - 1]));
    if (item) item.count = Math.max(item.count, r.count);
  }
  return [...byKey.values()].filter((a) => a.count > 0);
}
