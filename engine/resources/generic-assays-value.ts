// The v7 text of a generic-assay or gene-set cell (api.md 13, 20.2): cBioPortal normalises numbers
// in SQL and passes everything else (NA, '>8.5', categories) through as stored.
import { NUMERIC_VALUE_PATTERN, roundHalfEven } from './molecular-data-value.js';

const NUMERIC = new RegExp(NUMERIC_VALUE_PATTERN);

/**
 * ClickHouse's `toString` of the normalised number: 0 → `0`; 0 < |x| < 1e-4 → the mantissa rounded
 * to 3 decimals, `e`, the exponent (`1.235e-5`, text built by concatenation); else x rounded to 4
 * decimals in shortest form (`8.0` → `8`, `1180.05823` → `1180.0582`).
 */
export function normaliseCellText(text: string): string {
  if (!NUMERIC.test(text)) return text;
  const x = Number(text);
  if (!Number.isFinite(x)) return text;
  if (x === 0) return '0';
  if (Math.abs(x) < 0.0001) {
    const exponent = Math.floor(Math.log10(Math.abs(x)));
    return `${shortest(roundHalfEven(x / Number(`1e${exponent}`), 1000))}e${exponent}`;
  }
  return shortest(roundHalfEven(x, 10000));
}

/** Shortest round-trip text without JS's `e+` form for large numbers (ClickHouse writes `1e21`). */
function shortest(x: number): string {
  return String(x).replace('e+', 'e');
}
