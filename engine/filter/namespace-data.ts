// namespaceDataFilters (study-view.md 3.14; ignored by the column store, applied here as
// documented): the value at `outerKey.innerKey` in the namespace JSON of a sample's mutations,
// CNA events and structural variants. Per inner list (OR): a value matching case-insensitively
// on any event, or for NA the samples without such a value; lists and filters intersected.
// (The reference's restart of an emptied intersection is not copied.)
import { raw, sql, type Fragment } from '../sql/sql.js';
import type { NamespaceDataFilter } from './normalize.js';
import { equalsIgnoreCase, intersect, isNaRequest, naLike, union } from './values.js';

export function compileNamespaceDataFilter(filter: NamespaceDataFilter, studies: Fragment): Fragment | undefined {
  if (filter.values.length === 0) return undefined;
  const path = `$."${filter.outerKey.replace(/["\\]/g, '')}"."${filter.innerKey.replace(/["\\]/g, '')}"`;
  // table: one of our three event tables (constants below)
  const events = (table: 'mutation' | 'cna_event' | 'structural_variant') => sql`SELECT sample_key, json_extract_string(namespace_columns, ${path}) AS value
    FROM ${raw(table)} WHERE study_key IN (${studies}) AND namespace_columns IS NOT NULL`;
  const values = sql`SELECT * FROM (${events('mutation')} UNION ALL ${events('cna_event')} UNION ALL ${events('structural_variant')})
    WHERE NOT ${naLike(sql`value`)}`;
  return intersect(filter.values.map((anyOf) => union(anyOf.map((v) => (isNaRequest(v)
    ? sql`SELECT sample_key FROM sample WHERE study_key IN (${studies}) EXCEPT SELECT sample_key FROM (${values})`
    : typeof v.value === 'string' ? sql`SELECT sample_key FROM (${values}) WHERE ${equalsIgnoreCase(sql`value`, v.value)}` : union([]))))));
}
