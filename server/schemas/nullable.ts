// Optional request fields that may be JSON null, meaning "not given" (cBioPortal's boxed fields).
// ajv coerces types (coerceTypes: "5" for a number, as Jackson accepts it) and tries anyOf's
// branches in order: in anyOf [number, null] a null became 0 in the first branch, so that
// {start: 49, end: null} read as (49, 0]. Scalars are therefore typed `nullable: true` (ajv's and
// OpenAPI 3.0's keyword), which ajv checks before it coerces; objects and arrays, never coerced,
// keep anyOf [schema, null].
import { Type, type Static, type TSchema } from '@sinclair/typebox';

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

export function nullable<T extends TSchema>(t: T) {
  if (typeof t.type === 'string' && SCALARS.has(t.type)) return Type.Unsafe<Static<T> | null>({ ...t, nullable: true });
  // A union of string literals (an enum): a string among them, or null (which the enum must list).
  const branches = t.anyOf as TSchema[] | undefined;
  if (branches?.length && branches.every((b) => typeof b.const === 'string')) {
    const values = [...branches.map((b) => b.const as string), null];
    return Type.Unsafe<Static<T> | null>({ type: 'string', enum: values, nullable: true, ...(t.description ? { description: t.description } : {}) });
  }
  return Type.Unsafe<Static<T> | null>({ anyOf: [t, Type.Null()] });
}

/** An optional field that may also be null. */
export const opt = <T extends TSchema>(t: T) => Type.Optional(nullable(t));
