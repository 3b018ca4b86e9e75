// Numeric query parameters parsed as cBioPortal (Java) parses them (api.md 1.3): an integer is
// decimal digits within 32 bits, a double a finite decimal number; anything else is a 400 "Request
// parameter type mismatch". Checked on the raw text before validation: ajv's type coercion turns
// "Infinity" into a number that then skips every bound (its bound checks are guarded by isFinite),
// and it takes "1e3", "0x10" and 2^63 as integers.
import type { FastifyInstance } from 'fastify';
import { InvalidRequest } from '../../engine/errors.js';

const INTEGER = /^[+-]?\d+$/;
const DOUBLE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

type PropertySchema = { type?: string; format?: string };

export function installQueryNumbers(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const properties = (request.routeOptions.schema?.querystring as { properties?: Record<string, PropertySchema> } | undefined)?.properties;
    const query = request.query as Record<string, unknown> | undefined;
    if (!properties || !query) return;
    for (const [name, schema] of Object.entries(properties)) {
      const value = query[name];
      // Blank means absent, and a repeated parameter (an array) fails validation as it is.
      if (typeof value !== 'string' || value.trim() === '') continue;
      if ((schema.type === 'integer' || schema.type === 'number') && !parses(value.trim(), schema)) {
        throw new InvalidRequest(`Request parameter type mismatch: ${name} must be ${schema.type === 'integer' ? 'integer' : 'number'}`);
      }
    }
  });
}

function parses(text: string, schema: PropertySchema): boolean {
  if (schema.type === 'number') return DOUBLE.test(text) && Number.isFinite(Number(text));
  if (!INTEGER.test(text)) return false;
  const value = Number(text);
  return schema.format === 'int64' ? Number.isSafeInteger(value) : value >= INT32.min && value <= INT32.max;
}
