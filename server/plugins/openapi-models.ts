// The models of the API descriptions: every schema with an `$id` (its cBioPortal name) is one
// component, referenced wherever a route uses it, so that a client generated from our description
// has cBioPortal's model names. The references are made here rather than by @fastify/swagger
// (which names nested `$id`s def-N, inlines a body or response that is a model, and does not look
// into the `content` of a route's own swaggerTransform).
import type { FastifySchema, RouteOptions } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';

type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';
/** Keywords that do not make two schemas of one model document different things. */
const UNDOCUMENTED = new Set(['$id', 'title', 'description', 'additionalProperties']);

/** The documented content of a schema, to compare two schemas of one name. */
function fingerprint(schema: unknown): string {
  return JSON.stringify(schema, (key, value: unknown) => {
    if (UNDOCUMENTED.has(key)) return undefined;
    if (key === 'required' && Array.isArray(value)) return [...value].sort();
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)));
  });
}

/**
 * The models of the routes, by `$id`: the first schema seen of each name is its component. A route
 * whose schema of that name differs (a stricter or wider variant of the model that it validates
 * with) shows its own, inline, titled with the name.
 */
export class Models {
  private readonly first = new Map<string, { schema: Json; fingerprint: string }>();

  /** Adds the models of a route schema. */
  add(schema: unknown, isProperties = false): void {
    if (Array.isArray(schema)) return schema.forEach((s) => this.add(s));
    if (typeof schema !== 'object' || schema === null) return;
    const id = (schema as Json).$id;
    if (!isProperties && typeof id === 'string' && !this.first.has(id)) this.first.set(id, { schema: schema as Json, fingerprint: fingerprint(schema) });
    for (const [key, value] of Object.entries(schema)) this.add(value, !isProperties && key === 'properties');
  }

  /** The components: each model with the models it holds as references. */
  components(): Json {
    return Object.fromEntries([...this.first].map(([id, { schema }]) => [id, this.referencing(schema, true)]));
  }

  /** A copy of `schema` in which every model (the root too, unless `keepRoot`) is a reference, or its own variant, titled. */
  referencing(schema: unknown, keepRoot = false, isProperties = false): unknown {
    if (Array.isArray(schema)) return schema.map((s) => this.referencing(s));
    if (typeof schema !== 'object' || schema === null) return schema;
    const id = (schema as Json).$id;
    const isModel = !isProperties && typeof id === 'string';
    if (isModel && !keepRoot && this.first.get(id)!.fingerprint === fingerprint(schema)) return { $ref: COMPONENTS + id };
    const out: Json = isModel && !keepRoot ? { title: id } : {};
    for (const [key, value] of Object.entries(schema)) {
      // An `$id` left in would be named def-N by @fastify/swagger.
      if (!(isModel && key === '$id')) out[key] = this.referencing(value, false, !isProperties && key === 'properties');
    }
    return out;
  }

  /**
   * The route schema as documented: its body and responses with their models as references, and
   * the operation's body parameter named (`x-codegen-request-body-name`, which OpenAPI → Swagger 2
   * converters and code generators read).
   */
  documented(schema: FastifySchema): FastifySchema {
    const out: Json = { ...schema };
    if (schema.body) {
      out.body = this.referencing(schema.body);
      out['x-codegen-request-body-name'] ??= bodyName(schema.body as Json);
    }
    if (schema.response) out.response = this.referencing(schema.response);
    return out as FastifySchema;
  }

  /** A route's own swaggerTransform (the Arrow routes') applied to the documented schema: @fastify/swagger calls it instead of the global one. */
  documentRoute(route: RouteOptions): void {
    const own = route.config?.swaggerTransform;
    if (typeof own !== 'function') return;
    const transform: SwaggerTransform = (args) => own({ ...args, schema: this.documented(args.schema) });
    // A new config: the route's may be shared with other routes.
    route.config = { ...route.config, swaggerTransform: transform };
  }
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
