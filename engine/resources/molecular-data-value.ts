// The v7 normalisation of matrix values (api.md 13, 1.2): cBioPortal rounds each cell in SQL
// (Float64 round = half to even on x·10^n) and emits the text as a BigDecimal.
import { sql, type Fragment } from '../sql/sql.js';

/** Decimal text a BigDecimal (and the reference's number check) accepts; NA, NaN, inf, '' fail. */
export const NUMERIC_VALUE_PATTERN = '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$';
const NUMERIC = new RegExp(NUMERIC_VALUE_PATTERN);

/**
 * The stored number of a cell's text (gene_value.number): a DOUBLE when it is decimal text, else
 * NULL; NULL too for text beyond a double's range (1e400), which would otherwise be stored as inf.
 */
export const numberOfCellText = (text: Fragment): Fragment =>
  sql`CASE WHEN regexp_full_match(${text}, ${NUMERIC_VALUE_PATTERN}) AND isfinite(TRY_CAST(${text} AS DOUBLE)) THEN TRY_CAST(${text} AS DOUBLE) END`;

/** The same in JS, for cells written row by row. */
export function numberOfCell(text: string): number | null {
  return NUMERIC.test(text) && Number.isFinite(Number(text)) ? Number(text) : null;
}

/**
 * The number a stored cell is answered with, or undefined when the row is dropped (not a number):
 * 0 stays 0; 0 < |x| < 1e-4 becomes `<mantissa rounded to 3 decimals>e<exponent>`; anything else
 * is rounded to 4 decimals.
 */
export function normaliseMolecularValue(text: string): number | undefined {
  if (!NUMERIC.test(text)) return undefined;
  const x = Number(text);
  return Number.isFinite(x) ? normaliseMolecularNumber(x) : undefined;
}

/** The same for a cell's stored number (gene_value.number: the double of its decimal text). */
export function normaliseMolecularNumber(x: number): number {
  if (x === 0) return 0;
  if (Math.abs(x) < 0.0001) {
    const exponent = Math.floor(Math.log10(Math.abs(x)));
    // 1eN is the correctly rounded power of ten, as the reference's pow(10, N).
    const mantissa = roundHalfEven(x / Number(`1e${exponent}`), 1000);
    return Number(`${mantissa}e${exponent}`);
  }
  return roundHalfEven(x, 10000);
}

/** ClickHouse's Float64 round(x, n): nearbyint(x · 10^n) / 10^n, ties to even. */
export function roundHalfEven(x: number, scale: number): number {
  const scaled = x * scale;
  const floor = Math.floor(scaled);
  const diff = scaled - floor;
  const rounded = diff > 0.5 || (diff === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
  return rounded / scale;
}
