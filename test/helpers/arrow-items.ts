// An Arrow answer's rows as the JSON answer's items, to compare the two (server/arrow-stream.ts):
// a null value is an absent field, a struct an object, a field of extension type arrow.json its parsed text.
import type { Table } from 'apache-arrow';

type Json = Record<string, unknown>;

/** An Arrow value as its JSON item spells it: nulls dropped, structs as objects, JSON text parsed. */
function asJson(value: unknown, jsonText: boolean): unknown {
  if (value === null || value === undefined) return undefined;
  if (jsonText) return JSON.parse(value as string);
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') return withoutNulls((value as { toJSON(): Json }).toJSON());
  return value;
}

function withoutNulls(object: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(object)) {
    const v = asJson(value, false);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

export function itemsOf(table: Table): Json[] {
  const jsonText = new Set(table.schema.fields.filter((f) => f.metadata.get('ARROW:extension:name') === 'arrow.json').map((f) => f.name));
  const columns = table.schema.fields.map((f) => [f.name, table.getChild(f.name)!] as const);
  return Array.from({ length: table.numRows }, (_, i) => {
    const item: Json = {};
    for (const [name, column] of columns) {
      const v = asJson(column.get(i), jsonText.has(name));
      if (v !== undefined) item[name] = v;
    }
    return item;
  });
}

