// Value matching shared by the clinical, genomic and generic-assay filter blocks
// (study-view.md 3.4): NA-like values, case-insensitive equality, the numeric range rules.
import { raw, sql, type Fragment } from '../sql/sql.js';

/** A DataFilterValue as sent: `start`/`end` numbers, `value` a string; any may be null/absent. */
export interface DataFilterValue {
  start?: number | null;
  end?: number | null;
  value?: string | null;
}

const has = (x: unknown): boolean => x !== undefined && x !== null;
export const hasRange = (v: DataFilterValue): boolean => has(v.start) || has(v.end);
export const isAllNull = (v: DataFilterValue): boolean => !hasRange(v) && !has(v.value);
/** The front end sends exactly `NA` for the NA slice. */
export const isNaRequest = (v: DataFilterValue): boolean => v.value === 'NA' && !hasRange(v);

/**
 * Effective classification (3.4, after the reference's merge/reorder): numeric when some value
 * object carries `start` or `end`, or when all of them are all-null; categorical otherwise.
 */
export function isNumericItem(values: readonly DataFilterValue[]): boolean {
  return values.some(hasRange) || (values.length > 0 && values.every(isAllNull));
}

/** NA-like: missing (NULL), '' or NA / NAN / N/A in any case. */
export function naLike(v: Fragment): Fragment {
  return sql`(${v} IS NULL OR upper(trim(${v})) IN ('', 'NA', 'NAN', 'N/A'))`;
}

const NA_LIKE_TEXTS = new Set(['', 'NA', 'NAN', 'N/A']);

/** naLike of a stored text, in memory (stored values are trimmed by the loaders, so trim's flavour does not matter). */
export const isNaLike = (value: string): boolean => NA_LIKE_TEXTS.has(value.trim().toUpperCase());

/** Case-insensitive equality with `lower()` (the reference's ILIKE wildcards are not copied). */
export function equalsIgnoreCase(v: Fragment, value: string): Fragment {
  return sql`lower(${v}) = lower(${value})`;
}

// Constant patterns of the reference (3.4): `<`/`<=` only for end-only ranges, `>`/`>=` only for
// start-only ranges, plain numbers for two-sided ones; exponents and spaces are not numeric.
const START_ONLY = raw(`'^>?=?[-+]?[0-9]*[.,]?[0-9]+$'`);
const END_ONLY = raw(`'^<?=?[-+]?[0-9]*[.,]?[0-9]+$'`);
const PLAIN = raw(`'^[-+]?[0-9]*[.,]?[0-9]+$'`);

/**
 * numeric(row): `<=x`, `>=x` → x; `<x` → x − e^−10; `>x` → x + e^−10; plain → x. Converted through
 * 32-bit FLOAT as the reference does (so data 0.35 equals filter end 0.35); ',' decimals give NULL.
 */
export function numericValue(v: Fragment): Fragment {
  const f = (from: number) => sql`TRY_CAST(substr(${v}, ${raw(String(from))}) AS FLOAT)::DOUBLE`;
  return sql`(CASE WHEN starts_with(${v}, '<=') OR starts_with(${v}, '>=') THEN ${f(3)}
    WHEN starts_with(${v}, '<') THEN ${f(2)} - exp(-10)
    WHEN starts_with(${v}, '>') THEN ${f(2)} + exp(-10)
    WHEN starts_with(${v}, '=') THEN ${f(2)}
    ELSE TRY_CAST(${v} AS FLOAT)::DOUBLE END)`;
}

/** A bound as the reference compares it: a 32-bit float (Java's cast: ±Infinity beyond its range). */
const asFloat = (n: number) => sql`${Math.fround(n)}::DOUBLE`;

/**
 * One value object of a numeric item (not the NA request): all applicable conditions hold.
 * `present` is the "row exists" condition an all-null object matches.
 * Ranges are (start, end]; start only (start, +∞); end only (−∞, end]; start == end exact (< e^−11).
 */
export function numericValueMatch(v: Fragment, o: DataFilterValue, present: Fragment): Fragment {
  const conds: Fragment[] = [];
  if (has(o.value)) conds.push(equalsIgnoreCase(v, o.value as string));
  const start = has(o.start) ? (o.start as number) : undefined;
  const end = has(o.end) ? (o.end as number) : undefined;
  if (start !== undefined && end !== undefined) {
    conds.push(sql`regexp_full_match(${v}, ${PLAIN})`);
    conds.push(start === end
      ? sql`abs(${numericValue(v)} - ${asFloat(start)}) < exp(-11)`
      : sql`${numericValue(v)} > ${asFloat(start)} AND ${numericValue(v)} <= ${asFloat(end)}`);
  } else if (start !== undefined) {
    conds.push(sql`regexp_full_match(${v}, ${START_ONLY}) AND ${numericValue(v)} > ${asFloat(start)}`);
  } else if (end !== undefined) {
    conds.push(sql`regexp_full_match(${v}, ${END_ONLY}) AND ${numericValue(v)} <= ${asFloat(end)}`);
  }
  if (conds.length === 0) return present;
  return sql`(${conds.reduce((a, b) => sql`${a} AND ${b}`)})`;
}

/**
 * A whole item against value `v` (NULL when the sample has no row): categorical → NA-like or
 * case-insensitive equality; numeric → NA part ∪ the value objects (3.4). `present` = has a row.
 */
export function itemMatch(v: Fragment, values: readonly DataFilterValue[], present: Fragment): Fragment {
  const numeric = isNumericItem(values);
  const parts = values.map((o): Fragment => {
    if (isNaRequest(o)) return naLike(v);
    if (numeric) return numericValueMatch(v, o, present);
    return has(o.value) ? equalsIgnoreCase(v, o.value as string) : sql`FALSE`;
  });
  return parts.length === 0 ? sql`FALSE` : sql`(${parts.reduce((a, b) => sql`${a} OR ${b}`)})`;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * itemMatch in memory, for a categorical item whose values are printable ASCII, over texts that
 * are too (`isPrintableAscii`): there JavaScript's case mapping and trimming are DuckDB's. A text
 * undefined is NULL (no value). Undefined for any other item, which itemMatch decides in SQL.
 */
export function categoricalMatcher(values: readonly DataFilterValue[]): ((text: string | undefined) => boolean) | undefined {
  if (isNumericItem(values) || !values.every((o) => !has(o.value) || (typeof o.value === 'string' && PRINTABLE_ASCII.test(o.value)))) return undefined;
  const na = values.some(isNaRequest);
  const equal = new Set(values.filter((o) => !isNaRequest(o) && has(o.value)).map((o) => (o.value as string).toLowerCase()));
  return (text) => (text === undefined ? na : (na && isNaLike(text)) || equal.has(text.toLowerCase()));
}

export const isPrintableAscii = (text: string): boolean => PRINTABLE_ASCII.test(text);

/** Union of sample-key fragments; an empty union is the empty set. */
export function union(parts: readonly Fragment[]): Fragment {
  return parts.length === 0 ? sql`SELECT NULL::INTEGER AS sample_key WHERE FALSE` : parts.reduce((a, b) => sql`${a} UNION ${b}`);
}

/** Intersection of sample-key fragments, each wrapped so that UNIONs inside keep their meaning. */
export function intersect(parts: readonly Fragment[]): Fragment {
  return parts.map((p) => sql`(SELECT sample_key FROM (${p}))`).reduce((a, b) => sql`${a} INTERSECT ${b}`);
}
