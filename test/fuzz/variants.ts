// Malformed variants of one operation's valid request, slot by slot: each path parameter, each query
// parameter (declared, plus the paging ones where undeclared: unknown parameters must be ignored),
// each body field the schema declares (at any depth up to MAX_DEPTH, present in the valid body or
// not), then the body as a whole (invalid JSON, deep nesting, wrong shapes, long lists) and its
// content type. A slot gets every malformed value the first time the suite meets it (a parameter
// of that name and schema, a field at that place of that schema component); where it comes again
// (the StudyViewFilter of 40 operations), and in operations whose valid answer is large, one value
// chosen by a PRNG seeded with the slot's name, so that the suite stays within minutes.
import type { ApiRequest, Operation, RequestBuilder, Schema } from '../helpers/api-requests.js';
import type { FuzzRequest } from './client.js';
import { jsonText, JSON_VALUES, RawJson, WIRE_VALUES } from './values.js';

const MAX_DEPTH = 4;
/** Parameters of the list endpoints, sent to every operation (undeclared ones must be ignored). */
const PAGING = ['projection', 'pageSize', 'pageNumber', 'sortBy', 'direction'];
const JSON_TYPE = { 'content-type': 'application/json' };
/** Stands for the parameter sent twice among a query slot's values (no wire value looks like it). */
const REPEATED = '(repeated)';
const DEEP = 10_000;

const bigList = Array.from({ length: 10_000 }, (_, i) => `id-${i}`);
const WHOLE_BODIES: readonly (readonly [string, string | Buffer])[] = [
  ['empty', ''], ['unclosed', '{"a": ['], ['bare word', 'nul'], ['trailing comma', '{"a":1,}'], ['single quotes', "{'a':1}"],
  ['null', 'null'], ['true', 'true'], ['number', '123'], ['string', '"text"'], ['empty array', '[]'], ['empty object', '{}'],
  ['array of null', '[null]'], ['array of object', '[{}]'], ['NUL', '\u0000'],
  ['deep open arrays', '['.repeat(DEEP)], ['deep arrays', '['.repeat(DEEP) + ']'.repeat(DEEP)],
  ['deep objects', '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP)],
  ['invalid UTF-8', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')])],
  ['long id list', JSON.stringify(bigList)],
  ['long id lists in fields', JSON.stringify({ sampleIds: bigList, studyIds: bigList, entrezGeneIds: bigList, sampleListIds: bigList, molecularProfileIds: bigList })],
];
const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16',
  'application/json; charset=latin1', 'application/xml', 'application/json, text/plain', ';;;', '\u00e9/\u00e9'];

/** Which slots the suite has met, and the values each gets. */
export class Plan {
  private readonly seen = new Set<string>();
  constructor(private readonly few = 1) {}

  /** Every value at a slot's first meeting, else `few` of them (the same ones at every run). */
  values<T>(key: string, name: string, values: readonly T[], heavy: boolean): readonly T[] {
    const first = !this.seen.has(key);
    this.seen.add(key);
    if (first && !heavy) return values;
    const random = mulberry32(hash(name));
    const pool = [...values];
    return Array.from({ length: Math.min(this.few, pool.length) }, () => pool.splice(Math.floor(random() * pool.length), 1)[0]);
  }
}

/** The malformed variants of an operation; `heavy`: its valid answer is large, so each slot gets one value only. */
export function variantsOf(o: Operation, base: ApiRequest, builder: RequestBuilder, plan = new Plan(), heavy = false): FuzzRequest[] {
  const name = (slot: string, what: string) => `${o.operationId} ${slot} = ${what.length > 40 ? `${what.slice(0, 20)}…(${what.length})` : what}`;
  const [basePath, baseSearch = ''] = base.url.split('?');
  const query = new URLSearchParams(baseSearch);
  const body = base.payload === undefined ? undefined : jsonText(base.payload);
  const make = (slot: string, what: string, path: string, search: string, payload: string | Buffer | undefined = body, headers: Record<string, string> = JSON_TYPE): FuzzRequest => ({
    name: name(slot, what), method: o.method, path: search ? `${path}?${search}` : path,
    ...(payload === undefined ? {} : { body: payload, headers }),
  });
  const out: FuzzRequest[] = [make('valid', 'request', basePath, baseSearch)];

  // Path parameters: the segment of each {name} replaced.
  const template = o.path.split('/');
  const segments = basePath.split('/');
  template.forEach((segment, i) => {
    if (!segment.startsWith('{')) return;
    for (const value of plan.values(`path ${segment}`, `${o.operationId} ${segment}`, [...WIRE_VALUES, '..', '%2F', '%2e%2e%2F'], heavy)) {
      const path = segments.map((s, j) => (j === i ? value : s)).join('/');
      if (value !== '') out.push(make(`path ${segment}`, value, path, baseSearch));
    }
  });

  // Query parameters, one at a time; repeated (an array where one value goes) is one more value.
  const declared = ((o.op.parameters ?? []) as { name: string; in: string; schema?: Schema }[]).filter((p) => p.in === 'query');
  const schemaOf = new Map(declared.map((p) => [p.name, p.schema]));
  for (const param of new Set([...declared.map((p) => p.name), ...PAGING])) {
    const wire = (value: string) => [...[...query].filter(([k]) => k !== param).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`), `${param}=${value}`].join('&');
    const key = `query ${param} ${JSON.stringify(schemaOf.get(param) ?? 'undeclared')}`;
    for (const value of plan.values(key, `${o.operationId} ${param}`, [...WIRE_VALUES, REPEATED], heavy)) {
      out.push(value === REPEATED ? make(`query ${param}`, 'repeated', basePath, `${wire('1')}&${param}=2`) : make(`query ${param}`, value, basePath, wire(value)));
    }
  }

  if (body === undefined) {
    // A body where none is read.
    out.push(make('body', 'unexpected invalid JSON', basePath, baseSearch, '{"a":', JSON_TYPE));
    return out;
  }

  // Body fields, one at a time.
  const bodySchema = (o.op.requestBody as { content?: Record<string, { schema: Schema }> }).content?.['application/json']?.schema;
  for (const { path, key } of fieldSlots(builder, bodySchema, [], 'body', [], 0)) {
    const slot = `body ${path.join('.') || '(root)'}`;
    for (const value of plan.values(key, `${o.operationId} ${slot}`, JSON_VALUES, heavy)) {
      out.push(make(slot, describe(value), basePath, baseSearch, jsonText(setAt(base.payload, path, value))));
    }
  }
  // The body as a whole: invalid JSON, deep nesting, the other shape, long lists.
  for (const [what, payload] of WHOLE_BODIES) out.push(make('body', what, basePath, baseSearch, payload));
  out.push(make('body', Array.isArray(base.payload) ? 'object for the array' : 'array for the object', basePath, baseSearch,
    Array.isArray(base.payload) ? jsonText({ ids: base.payload }) : jsonText([base.payload])));
  // Content types: the valid body labelled as something else, or not labelled.
  for (const type of CONTENT_TYPES) out.push(make('content-type', type, basePath, baseSearch, body, { 'content-type': type }));
  out.push(make('content-type', 'absent', basePath, baseSearch, body, {}));
  return out;
}

interface FieldSlot { path: (string | number)[]; key: string }

/**
 * Every field path the schema declares (array items as index 0), to MAX_DEPTH, each with its key:
 * the nearest named schema component and the path from it (`relative`).
 */
function fieldSlots(builder: RequestBuilder, schemaIn: Schema | undefined, at: (string | number)[], component: string, relative: (string | number)[], depth: number): FieldSlot[] {
  if (depth > MAX_DEPTH) return [];
  const schema = builder.resolve(schemaIn);
  const named = componentOf(schemaIn) ?? (schema.type === 'object' && typeof schema.title === 'string' ? schema.title : undefined);
  if (named) [component, relative] = [named, []];
  const slots: FieldSlot[] = at.length === 0 ? [{ path: [], key: `${component} (root)` }] : [];
  const field = (step: string | number, inner: Schema | undefined) => {
    slots.push({ path: [...at, step], key: [component, ...relative, step].join('.') },
      ...fieldSlots(builder, inner, [...at, step], component, [...relative, step], depth + 1));
  };
  if (schema.type === 'array') field(0, schema.items as Schema);
  else if (schema.type === 'object') for (const [key, inner] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) field(key, inner);
  return slots;
}

/** The component a schema names ($ref, or the $ref among its anyOf/oneOf), if any; inlined ones carry it as their title. */
function componentOf(schema: Schema | undefined): string | undefined {
  const refs = [schema, ...((schema?.anyOf ?? schema?.oneOf ?? []) as Schema[])].map((s) => s?.$ref).filter((r) => typeof r === 'string');
  return refs.length ? String(refs[0]).split('/').pop() : undefined;
}

/** A small seeded PRNG (mulberry32): the same sample at every run. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A copy of `base` with `value` at `path`, creating the containers on the way. */
function setAt(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...base] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const object = typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  object[head] = setAt(object[head], rest, value);
  return object;
}

function describe(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text;
}
