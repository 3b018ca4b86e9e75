// Fastify validates each body against its route's schema: for a remembered sampleIdentifiers list
// of 272,000 items (repeated-identifiers.ts) that took ~12 ms of every request of a Study View page.
// A route's validator now checks a remembered list at a given place in the body once; later bodies
// holding it there are validated with an empty list in its place, then given it back. This is
// exact where the schema of that place is a plain array of items (optionally nullable) under plain
// objects: the body is then valid with the list if and only if it is valid with [], the list's
// items having passed already (the list is frozen, and its items are changed by nobody after
// validation). Elsewhere (unions, conditions, references, array bounds) the body is validated whole.
import AjvCompiler from '@fastify/ajv-compiler';
import { rememberedListIn } from './repeated-identifiers.js';
import type { JsonObject } from './filter-holders.js';

type Schema = Record<string, unknown>;
type Validate = ((data: unknown) => boolean) & { errors?: unknown };
type Compile = (route: { schema: Schema; method: string; url: string; httpPart: string }) => Validate;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

/** Fastify's own validator factory (`schemaController.compilersFactory.buildValidator`), with body validators that skip remembered lists. */
export function validatorsSkippingRememberedLists(): Factory {
  const fastifyDefault = AjvCompiler() as unknown as Factory;
  return (externalSchemas, options) => {
    const compile = fastifyDefault(externalSchemas, options);
    return (route) => {
      const validate = compile(route);
      return route.httpPart === 'body' ? skippingRememberedLists(validate, route.schema) : validate;
    };
  };
}

/** Places a list is remembered as passed at, per validator (a client choosing the places cannot grow this without end). */
const PLACES_KEPT = 16;

function skippingRememberedLists(validate: Validate, schema: Schema): Validate {
  /** Per list, the places (paths) where this validator passed it. */
  const passed = new WeakMap<readonly unknown[], Set<string>>();
  const wrapped: Validate = (body) => {
    const given = rememberedListIn(body);
    const path = given === undefined ? undefined : pathTo(body, given.holder);
    if (given === undefined || path === undefined || !isPlainList(schema, path)) return run(body);
    const key = path.join('\u0000');
    const places = passed.get(given.list);
    if (places?.has(key)) {
      given.holder.sampleIdentifiers = [];
      try {
        if (run(body)) return true;
      } finally {
        given.holder.sampleIdentifiers = given.list;
      }
      return run(body); // for the errors it has with the list
    }
    const valid = run(body);
    if (valid && (places?.size ?? 0) < PLACES_KEPT) (places ?? passed.set(given.list, new Set()).get(given.list)!).add(key);
    return valid;
  };
  const run = (body: unknown) => {
    const valid = validate(body);
    wrapped.errors = validate.errors;
    return valid;
  };
  return wrapped;
}

/** The keys from `body` down to `holder`'s sampleIdentifiers (array indexes included); undefined if not found. */
function pathTo(body: unknown, holder: JsonObject): string[] | undefined {
  const walk = (value: unknown, path: string[]): string[] | undefined => {
    if (value === holder) return [...path, 'sampleIdentifiers'];
    if (typeof value !== 'object' || value === null) return undefined;
    for (const key in value as JsonObject) {
      if (key === 'sampleIdentifiers' || key === 'studyIds') continue;
      const found = walk((value as JsonObject)[key], [...path, key]);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(body, []);
}

/** Keywords a plain object or array node may carry besides its own (annotations and the like). */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$id', '$schema', '$comment']);

/** Does the schema hold, at `path`, a plain array reached through plain objects (no array bounds)? */
function isPlainList(schema: Schema, path: readonly string[]): boolean {
  let node: Schema | undefined = schema;
  for (const key of path) {
    node = nonNull(node);
    if (node === undefined || !only(node, ['type', 'properties', 'required', 'additionalProperties']) || node.type !== 'object') return false;
    const next = (node.properties as Record<string, Schema> | undefined)?.[key];
    // A key the schema does not name is allowed whatever its value, or refused whatever it is,
    // unless additionalProperties is a schema.
    if (next === undefined) return typeof (node.additionalProperties ?? true) === 'boolean';
    node = next;
  }
  node = nonNull(node);
  return node !== undefined && node.type === 'array' && only(node, ['type', 'items']);
}

/** The node itself, or its non-null branch when it is anyOf [node, null]; undefined for other compositions. */
function nonNull(node: Schema | undefined): Schema | undefined {
  if (node === undefined || node.anyOf === undefined) return node;
  const branches = node.anyOf as Schema[];
  const others = branches.filter((b) => b.type !== 'null' || Object.keys(b).some((k) => k !== 'type' && !ANNOTATIONS.has(k)));
  return others.length === 1 && branches.length === 2 && only(node, ['anyOf']) ? others[0] : undefined;
}

/** Does the node carry no keyword but these and annotations? */
function only(node: Schema, keywords: readonly string[]): boolean {
  return Object.keys(node).every((k) => keywords.includes(k) || ANNOTATIONS.has(k));
}
