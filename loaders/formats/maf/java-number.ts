// Number parsing as the reference MAF importer does it (Java's Long.parseLong,
// (int) Double.parseDouble, Float.parseFloat): what counts as a number decides null vs value.

const JAVA_DOUBLE = /^[+-]?(?:NaN|Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFdD]?)$/;
const JAVA_LONG = /^[+-]?\d+$/;
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/** Double.parseDouble: undefined where Java throws NumberFormatException (hex forms aside). */
export function parseJavaDouble(text: string): number | undefined {
  if (!JAVA_DOUBLE.test(text)) return undefined;
  const body = text.replace(/[fFdD]$/, '');
  if (body.endsWith('NaN')) return NaN;
  return Number(body);
}

/**
 * `(int) Double.parseDouble(text)`: decimals truncated, saturated to the int range, NaN → 0;
 * -1 when the text is not a number (the importer's NA_INT).
 */
export function parseJavaIntLenient(text: string): number {
  if (text === '') return -1;
  const value = parseJavaDouble(text);
  if (value === undefined) return -1;
  if (Number.isNaN(value)) return 0;
  return Math.min(INT_MAX, Math.max(INT_MIN, Math.trunc(value)));
}

/** Long.parseLong; undefined for anything else (empty, decimals, NA). */
export function parseJavaLong(text: string): number | undefined {
  return JAVA_LONG.test(text) ? Number(text) : undefined;
}

/** Integer.parseInt succeeds. */
export function isJavaInt(text: string): boolean {
  if (!JAVA_LONG.test(text)) return false;
  const n = Number(text);
  return n >= INT_MIN && n <= INT_MAX;
}
