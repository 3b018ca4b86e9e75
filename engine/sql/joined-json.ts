// Large answers as JSON written by DuckDB: handing JavaScript hundreds of thousands of rows, as
// objects or even as small strings, costs far more than the query itself (GET
// /api/studies/{id}/samples of 272,000 samples: 5.3 s as objects, ~0.6 s this way).
import type { Db } from './db.js';
import { raw, sql, type Fragment } from './sql.js';

/** [API field name, column of the rows]: the object's fields in order; null values are omitted. */
export type JsonFields = readonly (readonly [string, string])[];

/** A row's JSON object text (VARCHAR) of `fields`. */
export function jsonObject(fields: JsonFields): Fragment {
  // The field names are our constants; json_merge_patch onto {} drops the null members.
  const struct = fields.map(([name, column]) => `'${name}': ${column}`).join(', ');
  return raw(`json_merge_patch('{}', to_json({${struct}}))::VARCHAR`);
}

/**
 * The rows of `rows` (a query with the columns of `fields` and `n`, each row's position) as JSON
 * texts, joined with commas by DuckDB into one text per 8,192 rows (yielded as one-item batches
 * for server/json-array-stream.ts). DuckDB holds the joined texts of the whole answer at once.
 */
export async function* streamJoinedJson(db: Db, rows: Fragment, fields: JsonFields): AsyncGenerator<string[], void, undefined> {
  const joined = sql`SELECT string_agg(${jsonObject(fields)}, ',' ORDER BY n) AS json
    FROM (${rows}) GROUP BY (n - 1) // 8192 ORDER BY (n - 1) // 8192`;
  for await (const batch of db.stream<{ json: string }>(joined)) yield batch.map((r) => r.json);
}
