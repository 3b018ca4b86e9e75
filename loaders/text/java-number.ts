// Number parsing as the reference importers do it (Java's Double.parseDouble, (int) casts,
// Integer.parseInt, Long.parseLong): what counts as a number decides null vs value, -1 or abort.

const JAVA_DOUBLE = /^[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?)$/;
const JAVA_LONG = /^[+-]?\d+$/;
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/**
 * Double.parseDouble: undefined where Java throws NumberFormatException (hex forms aside).
 * The text is taken as is; Java trims it first, so callers holding untrimmed text trim it.
 */
export function parseJavaDouble(text: string): number | undefined {
  if (!JAVA_DOUBLE.test(text)) return undefined;
  const body = text.replace(/[fFdD]$/, '');
  if (body.endsWith('NaN')) return NaN;
  return Number(body);
}

/**
 * `(int) Double.parseDouble(text)`: decimals truncated, saturated to the int range, NaN → 0;
 * -1 when the cell is absent or not a number (the importers' NA_INT).
 */
export function parseJavaIntLenient(text: string | undefined): number {
  if (text === undefined || text === '') return -1;
  const value = parseJavaDouble(text);
  if (value === undefined) return -1;
  if (Number.isNaN(value)) return 0;
  return Math.min(INT_MAX, Math.max(INT_MIN, Math.trunc(value)));
}

/** Long.parseLong; undefined for anything else (absent, empty, decimals, NA). */
export function parseJavaLong(text: string | undefined): number | undefined {
  return text !== undefined && JAVA_LONG.test(text) ? Number(text) : undefined;
}

/** Integer.parseInt; undefined where Java throws (not an integer, or outside the int range). */
export function parseJavaInt(text: string): number | undefined {
  if (!JAVA_LONG.test(text)) return undefined;
  const n = Number(text);
  return n >= INT_MIN && n <= INT_MAX ? n : undefined;
}

/** Integer.parseInt succeeds. */
export function isJavaInt(text: string): boolean {
  return parseJavaInt(text) !== undefined;
}
