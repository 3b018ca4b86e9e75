// Requests built from the served OpenAPI description, naming the data of chosen studies in every
// place an operation takes an id: path and query parameters, and body fields at any depth
// (studyIds, sampleIdentifiers, molecularProfileIds, sampleMolecularIdentifiers, caseLists, ...).
// Each such place is a *slot*; a request is built by `pick(slot)` giving the studies it names
// (the last one where a single id goes), so that a test can name another study in one slot only.
// Fields that exclude each other (studyIds / sampleIdentifiers, sampleListId / sampleIds, ...)
// are filled one alternative at a time (`choice`).
import { uniqueKey } from '../../engine/keys.js';

export interface Profile { id: string; type: string; datatype: string }
/** What a request can name of one study. */
export interface StudyIds { study: string; profiles: Profile[]; sampleList: string; sample: string; patient: string }
/** The studies one slot names, in order; single ids name the last. */
export type Who = readonly StudyIds[];
export type Pick = (slot: string) => Who;
/** The kind of profile an operation reads (GENERIC_ASSAY, or GENERIC_ASSAY:BINARY). */
export type ProfileWant = string;

export type Schema = Record<string, unknown>;
export interface ApiDoc { paths: Record<string, Record<string, Schema>>; components: { schemas: Record<string, Schema> } }
export interface Operation { method: 'GET' | 'POST' | 'DELETE'; path: string; operationId: string; op: Schema }
export interface ApiRequest { method: Operation['method']; url: string; payload?: unknown }

/** How an operation's request is built beyond what the description says. */
export interface RequestShape {
  profile?: ProfileWant;
  /** A bare string-array body: which ids it lists (`none`: no study data, e.g. gene ids). */
  bodyIds?: 'studies' | 'profiles' | 'sampleLists' | 'none';
  /** Values of non-id parameters and fields, merged over the generated ones (objects deeply). */
  path?: Record<string, string>;
  query?: (pick: Pick) => Record<string, string>;
  body?: (pick: Pick) => unknown;
}

export function operationsOf(doc: ApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase() as Operation['method'], path, operationId: String(op.operationId), op })));
}

/** The profile of a study that an operation reads; another of its profiles when it has none of that kind. */
export function profileOf(w: StudyIds, want: ProfileWant | undefined): string {
  const [type, datatype] = (want ?? 'MUTATION_EXTENDED').split(':');
  const match = w.profiles.find((p) => p.type === type && (datatype === undefined || p.datatype === datatype));
  return (match ?? w.profiles.find((p) => p.type === type) ?? w.profiles[0]).id;
}

/** Fields filled with one alternative only: a request names its cases by one of them. */
const ALTERNATIVES = ['studyIds', 'sampleIdentifiers', 'sampleListId', 'sampleIds', 'molecularProfileIds', 'sampleMolecularIdentifiers',
  'sampleListIds', 'uniqueSampleKeys', 'patientIdentifiers', 'uniquePatientKeys'];

/** Sub-filters of a StudyViewFilter that name profiles or samples, added so that each is a way to name a study. */
const filterWays = (pick: Pick, at: string, want: ProfileWant | undefined) => ({
  caseLists: [pick(`${at}.caseLists`).map((w) => w.sampleList)],
  geneFilters: [{ molecularProfileIds: pick(`${at}.geneFilters`).map((w) => profileOf(w, want?.startsWith('COPY') ? want : 'MUTATION_EXTENDED')), geneQueries: [['TP53']] }],
  customDataFilters: [{
    attributeId: 'custom', values: [{ value: 'x' }],
    samples: pick(`${at}.customDataFilters`).map((w) => ({ studyId: w.study, sampleId: w.sample, value: 'x' })),
  }],
});

export class RequestBuilder {
  constructor(private readonly doc: ApiDoc) {}

  resolve(schema: Schema | undefined): Schema {
    if (schema?.$ref) return this.resolve(this.doc.components.schemas[String(schema.$ref).split('/').pop()!]);
    const variants = (schema?.anyOf ?? schema?.oneOf) as Schema[] | undefined;
    if (variants?.length) return this.resolve(variants.find((v) => this.resolve(v).type === 'object' || this.resolve(v).type === 'array') ?? variants[0]);
    return schema ?? {};
  }

  /** How many alternatives the operation's body has (requests for choices 0..n-1 differ). */
  choices(o: Operation, shape: RequestShape, anyStudy: StudyIds): number {
    let most = 1;
    this.build(o, shape, () => [anyStudy], 0, (n) => (most = Math.max(most, n)));
    return most;
  }

  /** The slots of an operation: every place its request names a study's data. */
  slots(o: Operation, shape: RequestShape, choice: number, anyStudy: StudyIds): string[] {
    const slots = new Set<string>();
    this.build(o, shape, (slot) => (slots.add(slot), [anyStudy]), choice);
    return [...slots];
  }

  build(o: Operation, shape: RequestShape, pick: Pick, choice: number, onAlternatives?: (n: number) => void): ApiRequest {
    const parameters = (o.op.parameters ?? []) as { name: string; in: string; required?: boolean; schema?: Schema }[];
    const want = shape.profile;
    const url = o.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const id = idValue(name, () => pick('path'), want);
      return encodeURIComponent(String(shape.path?.[name] ?? id ?? name));
    });
    const query = new URLSearchParams();
    const extraQuery = shape.query?.(pick) ?? {};
    for (const p of parameters.filter((p) => p.in === 'query')) {
      const value = extraQuery[p.name] ?? idValue(p.name, () => pick(`query.${p.name}`), want) ?? (p.required ? this.value(p.schema, pick, `query.${p.name}`, want, choice, onAlternatives) : undefined);
      if (value !== undefined) query.set(p.name, String(value));
    }
    const search = [...query].length ? `?${query}` : '';
    const bodySchema = (o.op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.['application/json']?.schema;
    if (bodySchema === undefined) return { method: o.method, url: url + search };
    const body = this.resolve(bodySchema);
    let payload: unknown;
    const items = this.resolve(body.items as Schema | undefined);
    if (body.type === 'array' && items.type === 'string' && shape.bodyIds !== undefined && shape.bodyIds !== 'none') {
      const who = pick('body');
      payload = shape.bodyIds === 'studies' ? who.map((w) => w.study) : shape.bodyIds === 'profiles' ? who.map((w) => profileOf(w, want)) : who.map((w) => w.sampleList);
    } else {
      payload = this.value(body, pick, 'body', want, choice, onAlternatives);
    }
    if (shape.body) payload = merge(payload, shape.body(pick));
    return { method: o.method, url: url + search, payload };
  }

  /** A value of a schema, ids of the slot's studies wherever a field takes them. */
  private value(schemaIn: Schema | undefined, pick: Pick, at: string, want: ProfileWant | undefined, choice: number, onAlternatives?: (n: number) => void, depth = 0): unknown {
    const schema = this.resolve(schemaIn);
    if (schema.enum) return (schema.enum as unknown[])[0];
    if (schema.const !== undefined) return schema.const;
    switch (schema.type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        if (depth > 5) return out;
        const properties = (schema.properties ?? {}) as Record<string, Schema>;
        const alternatives = Object.keys(properties).filter((name) => ALTERNATIVES.includes(name));
        if (alternatives.length > 1) onAlternatives?.(alternatives.length);
        const chosen = alternatives[choice % Math.max(alternatives.length, 1)];
        for (const [name, field] of Object.entries(properties)) {
          if (alternatives.includes(name) && name !== chosen) continue;
          const id = this.idField(name, field, () => pick(`${at}.${name}`), want);
          if (id !== undefined) out[name] = id;
          else if (((schema.required ?? []) as string[]).includes(name)) out[name] = this.value(field, pick, `${at}.${name}`, want, choice, onAlternatives, depth + 1);
        }
        if ('geneFilters' in properties && 'caseLists' in properties) Object.assign(out, filterWays(pick, at, want));
        return out;
      }
      case 'array': {
        if (depth > 5) return [];
        const items = this.resolve(schema.items as Schema);
        const count = Math.max(Number(schema.minItems ?? 1), 1);
        // A list of identifiers ({studyId, sampleId}, {molecularProfileId, caseId}, ...): one per study.
        if (items.type === 'object' && isIdentifier(items)) return identifiers(items, pick(at), want);
        return Array.from({ length: count }, (_, i) => {
          const item = this.value(items, pick, `${at}[]`, want, choice, onAlternatives, depth + 1);
          return typeof item === 'object' && item !== null && 'name' in item ? { ...item, name: `group ${i + 1}` } : item;
        });
      }
      case 'integer': case 'number': return 1;
      case 'boolean': return false;
      default: return 'TP53';
    }
  }

  private idField(name: string, field: Schema, who: () => Who, want: ProfileWant | undefined): unknown {
    const schema = this.resolve(field);
    const items = this.resolve(schema.items as Schema | undefined);
    if (schema.type === 'array' && items.type === 'object' && isIdentifier(items)) return identifiers(items, who(), want);
    return idValue(name, who, want);
  }
}

function isIdentifier(items: Schema): boolean {
  const properties = (items.properties ?? {}) as Record<string, unknown>;
  return 'studyId' in properties || 'molecularProfileId' in properties;
}

function identifiers(items: Schema, who: Who, want: ProfileWant | undefined): unknown[] {
  const names = Object.keys((items.properties ?? {}) as Record<string, unknown>);
  return who.map((w) => Object.fromEntries(names.flatMap((name) => {
    const value = name === 'value' ? 'x' : idValue(name, () => [w], want);
    return value === undefined ? [] : [[name, value]];
  })));
}

/** The value of a field or parameter that names a study's data; undefined for other names. */
export function idValue(name: string, whoOf: () => Who, want: ProfileWant | undefined): unknown {
  if (!ID_NAMES.has(name)) return undefined;
  const who = whoOf();
  const last = who[who.length - 1];
  switch (name) {
    case 'studyId': case 'cancerStudyId': return last.study;
    case 'studyIds': return who.map((w) => w.study);
    case 'molecularProfileId': case 'geneticProfileId': case 'molecularProfileIdA': case 'molecularProfileIdB': return profileOf(last, want);
    case 'molecularProfileIds': return who.map((w) => profileOf(w, want));
    case 'sampleListId': return last.sampleList;
    case 'sampleListIds': return who.map((w) => w.sampleList);
    case 'caseLists': return [who.map((w) => w.sampleList)];
    case 'sampleId': case 'caseId': case 'entityId': return last.sample;
    case 'patientId': return last.patient;
    case 'sampleIds': return who.map((w) => w.sample);
    case 'uniqueSampleKeys': return who.map((w) => uniqueKey(w.sample, w.study));
    case 'uniquePatientKeys': return who.map((w) => uniqueKey(w.patient, w.study));
    default: return undefined;
  }
}

const ID_NAMES = new Set(['studyId', 'cancerStudyId', 'studyIds', 'molecularProfileId', 'geneticProfileId', 'molecularProfileIdA', 'molecularProfileIdB',
  'molecularProfileIds', 'sampleListId', 'sampleListIds', 'caseLists', 'sampleId', 'caseId', 'entityId', 'patientId', 'sampleIds',
  'uniqueSampleKeys', 'uniquePatientKeys']);

/** `extra` over `base`: objects merged key by key, anything else replaced. */
function merge(base: unknown, extra: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(extra)) return extra;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) out[key] = value === undefined ? undefined : merge(out[key], value);
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
