// A model's `$id` (its cBioPortal name) names it in the API descriptions (plugins/openapi.ts). ajv
// refuses a schema holding one `$id` twice (a SampleIdentifier in two fields of one body), so the
// validators are compiled from copies without `$id`s: no schema of ours refers to another by `$id`,
// so they change nothing there. The serializer copes with repeated `$id`s and keeps them.

type Schema = Record<string, unknown>;
type Factory<R, V> = (externalSchemas: unknown, options: unknown) => (route: R) => V;

/** A deep copy of a schema without its `$id`s (at any depth; `properties` named `$id` are kept). */
export function withoutIds(schema: unknown, isProperties = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => withoutIds(s));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id' && !isProperties) continue;
    out[key] = withoutIds(value, !isProperties && (key === 'properties' || key === 'patternProperties'));
  }
  return out;
}

/** Each schema's copy without `$id`s, for the process (see validatorsWithoutIds). */
const copies = new WeakMap<Schema, Schema>();
function copyOf(schema: Schema): Schema {
  let copy = copies.get(schema);
  if (copy === undefined) copies.set(schema, (copy = withoutIds(schema) as Schema));
  return copy;
}

/**
 * A validator factory (`schemaController.compilersFactory.buildValidator`) compiling each route
 * schema without its `$id`s. One copy per schema: ajv keeps a compiled validator per schema object,
 * and the routes sharing a body model (the ~40 taking a StudyViewFilter) then compile it once (a
 * copy per route doubled the time to build the app). The copies are the process's: a compiler
 * shared by several apps (remembered-list-validation.ts) then finds each compiled already.
 */
export function validatorsWithoutIds<R extends { schema: Schema }, V>(factory: Factory<R, V>): Factory<R, V> {
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (route) => compile({ ...route, schema: copyOf(route.schema) });
  };
}
