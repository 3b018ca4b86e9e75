// Numbers of a request as cBioPortal (Java) reads them (api.md 1.3, 1.7). A numeric query or path
// parameter is decimal digits within 32 bits (an integer) or a finite decimal number (a double),
// else 400 "Request parameter type mismatch"; checked on the raw text before validation. A body's
// integer field holds a 32-bit integer and a number field a finite one, else 400 "There is an error
// in the JSON format" (Jackson's out-of-range error); checked after validation, where the schema
// says a number goes. Both because ajv's type coercion turns "Infinity" (or "1e400") into a number
// that then skips every bound (its bound checks are guarded by isFinite), and it takes "1e3",
// "0x10" and 2^63 for integers.
import type { FastifyInstance } from 'fastify';
import { InvalidRequest } from '../../engine/errors.js';

const INTEGER = /^[+-]?\d+$/;
const DOUBLE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

interface Schema { type?: string; format?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] }

export function installRequestNumbers(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const { querystring, params } = request.routeOptions.schema ?? {};
    checkText(request.query, querystring as Schema | undefined);
    checkText(request.params, params as Schema | undefined);
  });
  app.addHook('preHandler', async (request) => {
    const schema = request.routeOptions.schema?.body as Schema | undefined;
    if (schema && request.body !== undefined && !numbersFit(request.body, schema)) {
      throw new InvalidRequest('There is an error in the JSON format of the request payload');
    }
  });
}

/** Query or path parameters: the numeric ones must parse as Java parses them. */
function checkText(values: unknown, schema: Schema | undefined): void {
  if (!schema?.properties || typeof values !== 'object' || values === null) return;
  for (const [name, property] of Object.entries(schema.properties)) {
    const value = (values as Record<string, unknown>)[name];
    // Blank means absent, and a repeated parameter (an array) fails validation as it is.
    if (typeof value !== 'string' || value.trim() === '' || !isNumeric(property)) continue;
    const text = value.trim();
    const ok = property.type === 'number' ? DOUBLE.test(text) && Number.isFinite(Number(text)) : INTEGER.test(text) && fits(Number(text), property);
    if (!ok) throw new InvalidRequest(`Request parameter type mismatch: ${name} must be ${property.type}`);
  }
}

const isNumeric = (schema: Schema) => schema.type === 'integer' || schema.type === 'number';

/** An integer within 32 bits (int64: a safe integer); a number that is finite. */
function fits(value: number, schema: Schema): boolean {
  if (schema.type === 'number') return Number.isFinite(value);
  return schema.format === 'int64' ? Number.isSafeInteger(value) : Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 31 - 1;
}

/** Whether every number of a validated value fits its schema; descends only where a schema holds numbers. */
function numbersFit(value: unknown, schema: Schema): boolean {
  if (typeof value === 'number') {
    const numeric = [schema, ...(schema.anyOf ?? [])].find(isNumeric);
    return numeric === undefined || fits(value, numeric);
  }
  if (typeof value !== 'object' || value === null || !holdsNumbers(schema)) return true;
  for (const variant of [schema, ...(schema.anyOf ?? [])]) {
    // A long list of items without numbers (272,000 sample identifiers) is not walked.
    if (Array.isArray(value) && variant.items) return !holdsNumbers(variant.items) || value.every((item) => numbersFit(item, variant.items!));
    if (!Array.isArray(value) && variant.properties) {
      return Object.entries(variant.properties).every(([name, field]) => !Object.hasOwn(value, name) || numbersFit((value as Record<string, unknown>)[name], field));
    }
  }
  return true;
}

/** Per schema object (the routes' schemas live as long as the app). */
const holdingNumbers = new WeakMap<Schema, boolean>();

function holdsNumbers(schema: Schema, depth = 0): boolean {
  let holds = holdingNumbers.get(schema);
  if (holds === undefined) {
    const inner = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(schema.anyOf ?? [])];
    holds = isNumeric(schema) || (depth < 32 && inner.some((s) => holdsNumbers(s, depth + 1)));
    if (depth === 0) holdingNumbers.set(schema, holds);
  }
  return holds;
}
