// Large answers as JSON written by DuckDB: handing JavaScript hundreds of thousands of rows, as
// objects or even as small strings, costs far more than the query itself (GET
// /api/studies/{id}/samples of 272,000 samples: 5.3 s as objects, ~0.6 s this way).
import type { ReadOnlyDb } from './db.js';
import { join, raw, sql, type Fragment } from './sql.js';

/** [API field name, column of the rows]: the object's fields in order; null values are omitted. */
export type JsonFields = readonly (readonly [string, string])[];

/**
 * A JSON object's text from (name, JSON text) members, in their order, leaving out those whose text
 * is NULL (concat_ws skips NULLs), as the reference omits null members; a member's text may be
 * another objectText, whose null members are left out likewise. Writing each member and joining
 * them is 2.5 times as fast as jsonObject's json_merge_patch, which parses what to_json wrote (the
 * mutations' JSON, engine/resources/mutations-fields.ts). The names are our constants.
 */
export function objectText(members: readonly (readonly [name: string, json: Fragment])[]): Fragment {
  return sql`'{' || concat_ws(',', ${join(members.map(([name, json]) => sql`${raw(`'"${name}":'`)} || ${json}`))}) || '}'`;
}

/**
 * A row's JSON object text (VARCHAR) of `fields`; `nulls: false` when no field can be null (a cheaper
 * text). Texts, integers, booleans and nested structs of them come out as JSON.stringify writes them
 * (after javaScriptEscapes); DOUBLEs do not (DuckDB writes 2.0, -0.0 and NaN).
 */
export function jsonObject(fields: JsonFields, { nulls = true } = {}): Fragment {
  // The field names are our constants; json_merge_patch onto {} drops the null members (nested ones too).
  const struct = `to_json({${fields.map(([name, column]) => `'${name}': ${column}`).join(', ')}})`;
  return raw(nulls ? `json_merge_patch('{}', ${struct})::VARCHAR` : `${struct}::VARCHAR`);
}

/**
 * JSON written by DuckDB as JavaScript writes it: DuckDB escapes the control characters whose code
 * has a letter in upper case (\u001F), JSON.stringify in lower case (\u001f). A `\u00` preceded by
 * an even run of backslashes is text, not an escape, and stays.
 */
export function javaScriptEscapes(json: string): string {
  if (!json.includes('\\u00')) return json;
  return json.replace(/(\\+)u00([01][0-9A-F])/g, (match, backslashes: string, code: string) =>
    backslashes.length % 2 === 1 ? `${backslashes}u00${code.toLowerCase()}` : match);
}

/**
 * The rows of `rows` (a query with the columns of `fields` and `n`, each row's position) as JSON
 * texts, joined with commas by DuckDB into one text per 8,192 rows (yielded as one-item batches
 * for server/json-array-stream.ts). DuckDB holds the joined texts of the whole answer at once.
 */
export async function* streamJoinedJson(db: ReadOnlyDb, rows: Fragment, fields: JsonFields): AsyncGenerator<string[], void, undefined> {
  const joined = sql`SELECT string_agg(${jsonObject(fields)}, ',' ORDER BY n) AS json
    FROM (${rows}) GROUP BY (n - 1) // 8192 ORDER BY (n - 1) // 8192`;
  for await (const batch of db.stream<{ json: string }>(joined)) yield batch.map((r) => javaScriptEscapes(r.json));
}

/** The JSON texts of `rows` (a query with the columns of `fields`) in `order`, joined with commas into one text, and their number. */
export async function joinedJson(db: ReadOnlyDb, rows: Fragment, fields: JsonFields, order: Fragment, options?: { nulls: boolean }): Promise<{ json: string; count: number }> {
  const row = await db.one<{ json: string | null; count: number }>(sql`SELECT string_agg(${jsonObject(fields, options)}, ',' ORDER BY ${order}) AS json, count(*)::INTEGER AS count FROM (${rows})`);
  return { json: javaScriptEscapes(row?.json ?? ''), count: row?.count ?? 0 };
}
