// The `sql` tag: interpolated values become bound parameters, fragments nest,
// and the result is a plain value `{ text, params }` (as Kysely's CompiledQuery).
import { createHash } from 'node:crypto';
import { DOUBLE, LIST, listValue, VARCHAR, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { InvalidRequest } from '../errors.js';

export type Param = string | number | bigint | boolean | null | readonly (string | number)[];

export interface Sql {
  readonly text: string;
  readonly params: readonly Param[];
}

const FRAGMENT = Symbol('sql.fragment');
export interface Fragment extends Sql {
  readonly [FRAGMENT]: true;
  /** What must be done before a statement holding this text runs (`needing`); statements built from it inherit it. */
  readonly before?: readonly Before[];
}

/** Work a statement waits for before it runs, e.g. writing a table it reads: memoised by its maker, so that it runs once. */
export type Before = () => Promise<void>;

const isFragment = (v: unknown): v is Fragment =>
  typeof v === 'object' && v !== null && FRAGMENT in v;

function fragment(text: string, params: readonly Param[], before?: readonly Before[]): Fragment {
  return before === undefined || before.length === 0 ? { text, params, [FRAGMENT]: true } : { text, params, before, [FRAGMENT]: true };
}

/** The fragment, to run only after `before` (a table written the first time a statement reads it). */
export function needing(f: Fragment, before: Before): Fragment {
  return fragment(f.text, f.params, [...(f.before ?? []), before]);
}

/** Waits for what a statement needs done first (`needing`). */
export async function readyToRun(statement: Sql): Promise<void> {
  const before = (statement as Partial<Fragment>).before;
  if (before !== undefined) await Promise.all(before.map((work) => work()));
}

/** Builds a parameterised statement; nested fragments are inlined with their params renumbered. */
export function sql(strings: TemplateStringsArray, ...values: (Param | Fragment)[]): Fragment {
  let text = strings[0];
  const params: Param[] = [];
  const before = new Set<Before>();
  values.forEach((value, i) => {
    if (isFragment(value)) {
      text += renumber(value.text, params.length);
      params.push(...value.params);
      for (const work of value.before ?? []) before.add(work);
    } else {
      const packed = pack(value);
      params.push(packed?.value ?? value);
      text += packed ? packed.placeholder(params.length) : `$${params.length}`;
    }
    text += strings[i + 1];
  });
  return fragment(text, params, [...before]);
}

/** Lists at least this long are bound as one string and split by DuckDB. */
const PACK_MIN = 1000;
const SEPARATOR = '\u001f';

/**
 * A long list of strings (none holding the separator, U+001F) or of safe integers, bound as ONE
 * joined string that DuckDB splits back into a list: binding converts every list element to a
 * DuckDB value synchronously on the event loop (~1 µs each), which 100,000-element id lists turn
 * into a stall. The placeholder yields VARCHAR[] or BIGINT[]; the SQL's own cast (`::VARCHAR[]`,
 * `::INTEGER[]`) applies after it.
 */
function pack(value: Param): Packed | undefined {
  if (!Array.isArray(value) || value.length < PACK_MIN) return undefined;
  if (!Object.isFrozen(value)) return packNew(value);
  let packed = packedLists.get(value);
  if (packed === undefined) {
    packed = packNew(value) ?? null;
    packedLists.set(value, packed);
  }
  return packed ?? undefined;
}

interface Packed {
  value: string;
  placeholder: (n: number) => string;
}

/** A frozen list (it cannot change) is joined once, however many statements bind it. */
const packedLists = new WeakMap<readonly unknown[], Packed | null>();

function packNew(value: readonly (string | number)[]): Packed | undefined {
  if (value.every((v) => typeof v === 'string' && !v.includes(SEPARATOR)))
    return { value: value.join(SEPARATOR), placeholder: (n) => `string_split($${n}, chr(31))` };
  if (value.every((v) => Number.isSafeInteger(v)))
    return { value: value.join(','), placeholder: (n) => `string_split($${n}, ',')::BIGINT[]` };
  return undefined;
}

/** Same text and the same parameters (lists compared element by element). */
export function sameSql(a: Sql, b: Sql): boolean {
  if (a.text !== b.text || a.params.length !== b.params.length) return false;
  return a.params.every((p, i) => {
    const q = b.params[i];
    if (!Array.isArray(p) || !Array.isArray(q)) return p === q;
    return p.length === q.length && p.every((x, j) => x === q[j]);
  });
}

/**
 * A digest of the statement and its parameters, to name what it selects in a cache. Each parameter
 * is hashed as its type, length and text, so that a packed list of 272,000 sample ids goes straight
 * to the hash (no JSON copy).
 */
export function digestOf(statement: Sql): string {
  const hash = createHash('sha1').update(statement.text);
  for (const param of statement.params) {
    const text = typeof param === 'string' ? param : JSON.stringify(param, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
    hash.update(`\0${typeof param}:${text.length}:`).update(text);
  }
  return hash.digest('hex');
}

/** A constant from our own code (table or column name, keyword); never user input. */
export function raw(text: string): Fragment {
  return fragment(text, []);
}

/**
 * A request's name looked up in a whitelist of our own (sort columns): an own property only, so that
 * `__proto__` or `constructor` never reach SQL text; any other name is the request's error.
 */
export function whitelisted<T>(whitelist: Readonly<Record<string, T>>, name: string, parameter = 'sortBy'): T {
  if (!Object.hasOwn(whitelist, name)) throw new InvalidRequest(`Request parameter type mismatch: ${parameter} must be one of ${Object.keys(whitelist).join(', ')}`);
  return whitelist[name];
}

/** Joins fragments with a separator (a constant). */
export function join(parts: readonly Fragment[], separator = ', '): Fragment {
  return parts.reduce<Fragment>(
    (acc, part, i) => (i === 0 ? part : sql`${acc}${raw(separator)}${part}`),
    fragment('', []),
  );
}

function renumber(text: string, offset: number): string {
  return offset === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
}

/** Converts our params to DuckDB values (arrays become LIST values). */
export function toDuckDbParams(params: readonly Param[]): DuckDBValue[] {
  return params.map((p) => (Array.isArray(p) ? listValue([...p]) : (p as DuckDBValue)));
}

/**
 * Explicit types where DuckDB cannot infer one: an empty list is bound as VARCHAR[] (SQL casts
 * it as needed, e.g. `$1::INTEGER[]`), and a number beyond the safe integers as DOUBLE (DuckDB
 * would take a whole 1e19 for a BIGINT and fail: a client's range bound must not give a 500).
 * Other entries stay undefined (inferred).
 */
export function toDuckDbTypes(params: readonly Param[]): DuckDBType[] {
  return params.map((p) => {
    if (Array.isArray(p) && p.length === 0) return LIST(VARCHAR);
    if (typeof p === 'number' && !Number.isSafeInteger(p)) return DOUBLE;
    return undefined;
  }) as DuckDBType[];
}
