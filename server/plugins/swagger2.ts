// The legacy Swagger 2.0 description at /api/v2/api-docs (api.md 28), derived from the live
// OpenAPI 3 document so that bravado and cBioPortalData can drive the API by operationId.
// Only the OpenAPI 3 constructs our routes produce are translated.

type Json = Record<string, unknown>;

const TITLE = 'cBioPortal web Public API [Beta]';
const VERSION = '1.0 (beta). Backwards compatibility will be maintained (after 1.0 release)';
const PARAMETER_KEYWORDS = ['type', 'format', 'items', 'enum', 'default', 'minimum', 'maximum', 'minItems', 'maxItems', 'pattern', 'collectionFormat'];

/** Rewrites OpenAPI 3 references and nullable/union shapes into Swagger 2.0 schema syntax. */
function toSchema2(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toSchema2);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace('#/components/schemas/', '#/definitions/');
    else if (key === 'nullable') {
      if (value === true) out['x-nullable'] = true;
    } else out[key] = toSchema2(value);
  }
  // Swagger 2.0 has no anyOf/oneOf: a union with null is its other branch (x-nullable), a union of
  // string literals an enum, one with a single model that model (GeneFilterQuery also takes
  // "BRAF"), others an object.
  const union = (out.anyOf ?? out.oneOf) as Json[] | undefined;
  if (union) {
    delete out.anyOf;
    delete out.oneOf;
    const isNull = (s: Json) => Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null;
    const others = union.filter((s) => !isNull(s));
    const models = others.filter((s) => typeof s.$ref === 'string');
    if (others.length < union.length) out['x-nullable'] = true;
    if (others.length === 1 || (models.length === 1 && !out.type)) Object.assign(out, others.length === 1 ? others[0] : models[0]);
    else if (others.every((s) => s.type === 'string' && ('const' in s || 'enum' in s))) {
      out.type = 'string';
      out.enum = others.flatMap((s) => ('const' in s ? [s.const] : (s.enum as unknown[])));
    } else if (!out.type) out.type = 'object';
  }
  // A reference has no siblings in Swagger 2.0.
  if (typeof out.$ref === 'string') return { $ref: out.$ref };
  if ('const' in out) {
    out.enum = [out.const];
    delete out.const;
  }
  return out;
}

function toParameter2(parameter: Json): Json {
  const schema = (toSchema2(parameter.schema ?? {}) as Json) ?? {};
  const out: Json = { name: parameter.name, in: parameter.in, required: parameter.required ?? parameter.in === 'path' };
  if (parameter.description) out.description = parameter.description;
  for (const key of PARAMETER_KEYWORDS) if (key in schema) out[key] = schema[key];
  if (!out.type) out.type = 'string';
  if (out.type === 'array') out.collectionFormat = 'multi';
  return out;
}

function toOperation2(operation: Json): Json {
  const parameters = ((operation.parameters as Json[] | undefined) ?? []).map(toParameter2);
  const body = (operation.requestBody as Json | undefined)?.content as Json | undefined;
  const bodySchema = (body?.['application/json'] as Json | undefined)?.schema;
  if (bodySchema) parameters.push({ name: operation['x-codegen-request-body-name'] ?? 'body', in: 'body', required: true, schema: toSchema2(bodySchema) });
  const responses: Json = {};
  for (const [status, response] of Object.entries((operation.responses as Json | undefined) ?? {})) {
    const r = response as Json;
    const schema = ((r.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
    responses[status] = { description: r.description ?? 'OK', ...(schema ? { schema: toSchema2(schema) } : {}) };
  }
  const out: Json = {
    operationId: operation.operationId,
    tags: operation.tags ?? [],
    consumes: bodySchema ? ['application/json'] : [],
    // JSON, and Arrow for the routes that also answer it (server/arrow-stream.ts).
    produces: Object.keys(((operation.responses as Json | undefined)?.['200'] as Json | undefined)?.content as Json | undefined ?? { 'application/json': {} }),
    parameters,
    responses,
  };
  if (operation.summary) out.summary = operation.summary;
  if (operation.description) out.description = operation.description;
  return out;
}

/** The Swagger 2.0 document for `host` (the request's Host header), basePath /api. */
export function toSwagger2(openapi: Json, host: string): Json {
  const paths: Json = {};
  for (const [path, item] of Object.entries((openapi.paths as Json | undefined) ?? {})) {
    if (!path.startsWith('/api/')) continue;
    const operations: Json = {};
    for (const [method, operation] of Object.entries(item as Json)) operations[method] = toOperation2(operation as Json);
    paths[path.slice('/api'.length)] = operations;
  }
  const schemas = ((openapi.components as Json | undefined)?.schemas as Json | undefined) ?? {};
  return {
    swagger: '2.0',
    info: { title: TITLE, version: VERSION },
    host,
    basePath: '/api',
    schemes: ['http', 'https'],
    paths,
    definitions: toSchema2(schemas),
  };
}
