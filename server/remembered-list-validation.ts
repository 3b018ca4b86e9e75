// Fastify validates each body against its route's schema: for a remembered list of 272,000 items
// (repeated-identifiers.ts: sampleIdentifiers, a custom dataset's samples) that took ~12 ms of every
// request of a Study View page. A route's validator now checks a remembered list at a given place
// in the body once; later bodies holding it there are validated with a stand-in in its place,
// then given it back. This is exact where the schema of that place is an array of items with at
// most bounds on its length (optionally nullable) under plain objects and arrays: the body is then
// valid with the list if and only if it is valid with the list's first minItems items (none when
// there is no lower bound), the list having passed already (the list is frozen, and its items are
// changed by nobody after validation). Elsewhere (unions, conditions, references, unique items)
// the body is validated whole.
import AjvCompiler from '@fastify/ajv-compiler';
import { UNWALKED, type JsonObject } from './filter-holders.js';
import { rememberedListsIn, type RememberedList } from './repeated-identifiers.js';

type Schema = Record<string, unknown>;
type Validate = ((data: unknown) => boolean) & { errors?: unknown };
type Compile = (route: { schema: Schema; method: string; url: string; httpPart: string }) => Validate;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

/**
 * Fastify's validator factory, one per process: it keeps an ajv per options, and ajv a compiled
 * validator per schema object, so apps built in one process (a server's and its warm-up's, a test
 * worker's) compile each route schema once (about 3 s of building an app).
 */
const fastifyDefault = AjvCompiler() as unknown as Factory;

/** Fastify's own validator factory (`schemaController.compilersFactory.buildValidator`), with body validators that skip remembered lists. */
export function validatorsSkippingRememberedLists(): Factory {
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

/** Numbers the validators: a remembered list keeps the places it passed under each one's number. */
let validatorsMade = 0;

function skippingRememberedLists(validate: Validate, schema: Schema): Validate {
  const validator = validatorsMade++;
  /** The places (paths) where this validator passed a remembered list: kept with the list, dropped with it. */
  const passed = (given: RememberedList) => given.remembered.passed.get(validator);
  const wrapped: Validate = (body) => {
    const lists = rememberedListsIn(body).flatMap((given) => {
      const path = pathTo(body, given.holder, given.key);
      const minItems = path === undefined ? undefined : plainListMinItems(schema, path);
      return minItems === undefined ? [] : [{ ...given, place: path!.join('\u0000'), stand: given.list.slice(0, minItems) }];
    });
    const skipped = lists.filter((l) => passed(l)?.has(l.place));
    for (const l of skipped) l.holder[l.key] = l.stand;
    let valid: boolean;
    try {
      valid = run(body);
    } finally {
      for (const l of skipped) l.holder[l.key] = l.list;
    }
    if (!valid) return skipped.length === 0 ? false : run(body); // for the errors it has with the lists
    for (const l of lists) {
      const places = passed(l) ?? l.remembered.passed.set(validator, new Set()).get(validator)!;
      if (places.size < PLACES_KEPT) places.add(l.place);
    }
    return true;
  };
  const run = (body: unknown) => {
    const valid = validate(body);
    wrapped.errors = validate.errors;
    return valid;
  };
  return wrapped;
}

/** The keys from `body` down to `holder`'s `key` (array indexes included); undefined if not found. */
function pathTo(body: unknown, holder: JsonObject, key: string): string[] | undefined {
  const walk = (value: unknown, path: string[]): string[] | undefined => {
    if (value === holder) return [...path, key];
    if (typeof value !== 'object' || value === null) return undefined;
    for (const k in value as JsonObject) {
      if (UNWALKED.has(k)) continue;
      const found = walk((value as JsonObject)[k], [...path, k]);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(body, []);
}

/** Keywords a plain object or array node may carry besides its own (annotations and the like). */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$id', '$schema', '$comment']);

/**
 * The lower bound (0 if none) of the array the schema holds at `path`, when it is an array with at
 * most bounds on its length, reached through plain objects and arrays (an array's bounds do not
 * matter when one of its items holds the list); undefined otherwise. A list that passed there
 * passes again as its first `minItems` items, which it held then.
 */
function plainListMinItems(schema: Schema, path: readonly string[]): number | undefined {
  let node: Schema | undefined = schema;
  for (const key of path) {
    node = nonNull(node);
    if (node?.type === 'array' && /^\d+$/.test(key) && only(node, ['type', 'items', 'minItems', 'maxItems']) && !Array.isArray(node.items)) {
      node = node.items as Schema;
      continue;
    }
    if (node === undefined || !only(node, ['type', 'properties', 'required', 'additionalProperties']) || node.type !== 'object') return undefined;
    const next = (node.properties as Record<string, Schema> | undefined)?.[key];
    // A key the schema does not name is allowed whatever its value, or refused whatever it is,
    // unless additionalProperties is a schema.
    if (next === undefined) return typeof (node.additionalProperties ?? true) === 'boolean' ? 0 : undefined;
    node = next;
  }
  node = nonNull(node);
  return node !== undefined && node.type === 'array' && only(node, ['type', 'items', 'minItems', 'maxItems']) ? Number(node.minItems ?? 0) : undefined;
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
