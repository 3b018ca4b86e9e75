// Unions of our schemas written as cBioPortal's description types them, for code generators:
// - a number or the strings "Infinity", "-Infinity", "NaN" (how a non-finite Java double is
//   written) is a number (format double);
// - a model or the fields a lighter projection keeps of it (`projection=ID`) is the model: those
//   fields are among its own, which cBioPortal's models leave optional in such answers.
type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
const NUMERIC = new Set(['number', 'integer']);

/** The OpenAPI 3 document with such unions rewritten (in place: @fastify/swagger builds it anew once). */
export function documentedUnions(openapi: Json): Json {
  const schemas = ((openapi.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) out[key] = rewrite(value);
    return javaDouble(out) ?? projected(out, schemas) ?? out;
  };
  return rewrite(openapi) as Json;
}

/** The branches of a union, nested unions flattened. */
function branches(schema: Json): Json[] | undefined {
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  return union?.flatMap((b) => branches(b) ?? [b]);
}

function javaDouble(schema: Json): Json | undefined {
  const union = branches(schema);
  if (!union) return undefined;
  const numbers = union.filter((b) => NUMERIC.has(b.type as string));
  const strings = union.filter((b) => b.type === 'string' && Array.isArray(b.enum) && b.enum.every((v) => ['Infinity', '-Infinity', 'NaN'].includes(v as string)));
  if (numbers.length !== 1 || numbers.length + strings.length !== union.length) return undefined;
  const { anyOf: _a, oneOf: _o, ...rest } = schema;
  return { ...rest, type: 'number', format: 'double' };
}

function projected(schema: Json, schemas: Record<string, Json>): Json | undefined {
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  const refs = union?.filter((b) => typeof b.$ref === 'string') ?? [];
  if (!union || refs.length !== 1) return undefined;
  const model = schemas[String(refs[0].$ref).slice(COMPONENTS.length)];
  const fields = new Set(Object.keys((model?.properties ?? {}) as Json));
  const subsets = union.filter((b) => b !== refs[0] && b.type === 'object' && b.properties && Object.keys(b.properties as Json).every((f) => fields.has(f)));
  return subsets.length === union.length - 1 ? refs[0] : undefined;
}
