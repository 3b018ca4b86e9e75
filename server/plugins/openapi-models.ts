// The models of the API descriptions: every schema with an `$id` (its cBioPortal name) is one
// component, referenced wherever a route uses it, so that a client generated from our description
// has cBioPortal's model names. The references are made here rather than by @fastify/swagger
// (which names nested `$id`s def-N, inlines a body or response that is a model, and does not look
// into the `content` of a route's own swaggerTransform).
import type { FastifySchema, RouteOptions } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';

type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';

/** A copy of `schema` in which every model (a subschema with an `$id`; the root too unless `keepRoot`) is a reference. */
function referencing(schema: unknown, keepRoot = false, isProperties = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => referencing(s));
  if (typeof schema !== 'object' || schema === null) return schema;
  const id = (schema as Json).$id;
  if (!keepRoot && !isProperties && typeof id === 'string') return { $ref: COMPONENTS + id };
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) out[key] = referencing(value, false, !isProperties && key === 'properties');
  return out;
}

/** Adds the models of a route schema to `models` (the first one seen of each name), each referencing the models it holds. */
export function collectModels(schema: unknown, models: Json, isProperties = false): void {
  if (Array.isArray(schema)) return schema.forEach((s) => collectModels(s, models));
  if (typeof schema !== 'object' || schema === null) return;
  const id = (schema as Json).$id;
  if (!isProperties && typeof id === 'string' && !(id in models)) models[id] = referencing(schema, true);
  for (const [key, value] of Object.entries(schema)) collectModels(value, models, !isProperties && key === 'properties');
}

/**
 * The route schema as documented: its body and responses with their models as references, and the
 * operation's body parameter named (`x-codegen-request-body-name`, which OpenAPI → Swagger 2
 * converters and code generators read).
 */
export function documentedSchema(schema: FastifySchema): FastifySchema {
  const out: Json = { ...schema };
  if (schema.body) {
    out.body = referencing(schema.body);
    out['x-codegen-request-body-name'] ??= bodyName(schema.body as Json);
  }
  if (schema.response) out.response = referencing(schema.response);
  return out as FastifySchema;
}

/** A route's own swaggerTransform (the Arrow routes') applied to the documented schema: @fastify/swagger calls it instead of the global one. */
export function documentedRoute(route: RouteOptions): void {
  const own = route.config?.swaggerTransform;
  if (typeof own !== 'function') return;
  const transform: SwaggerTransform = (args) => own({ ...args, schema: documentedSchema(args.schema) });
  // A new config: the route's may be shared with other routes.
  route.config = { ...route.config, swaggerTransform: transform };
}

/**
 * cBioPortal's name of a body parameter, as the front end's generated clients have it: a model's
 * name in camelCase, else the list's `title` (its parameter name, also in size messages), else its
 * description without "List of" in camelCase.
 */
export function bodyName(body: Json): string {
  if (typeof body.$id === 'string') return body.$id[0].toLowerCase() + body.$id.slice(1);
  if (typeof body.title === 'string') return body.title;
  if (typeof body.description === 'string') return camelCase(body.description.replace(/^List of/, '').toLowerCase());
  return 'body';
}

const camelCase = (text: string) => text.trim().replace(/[\s_-]+(\w)/g, (_, c: string) => c.toUpperCase());
