// Exact decimals for data binning (study-view.md 5): the reference computes bins with Java
// BigDecimal, so boundaries like 0.1 + 0.2 or 7 remainder 0.25 must not suffer double rounding.
// A Dec is `m × 10^-s` (s may be negative, as BigDecimal's scale); values keep the scale as written.

export interface Dec {
  readonly m: bigint;
  readonly s: number;
}

/** Plain decimal text: optional sign, digits with an optional fraction, optional exponent. */
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export const isPlainNumeric = (text: string): boolean => NUMERIC.test(text);

/** Parses plain decimal text (see isPlainNumeric) keeping its scale ("1.50" has scale 2). */
export function parseDec(text: string): Dec {
  if (!NUMERIC.test(text)) throw new Error(`not a decimal: ${text}`);
  const [mantissa, exponent = '0'] = text.toLowerCase().split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = `${whole}${fraction}`.replace(/^[+-]/, '') || '0';
  const sign = whole.startsWith('-') ? -1n : 1n;
  return { m: sign * BigInt(digits), s: fraction.length - Number(exponent) };
}

/** A JS number through its shortest text (as BigDecimal.valueOf(double) uses Double.toString). */
export function decOf(value: number | bigint): Dec {
  if (typeof value === 'bigint') return { m: value, s: 0 };
  if (!Number.isFinite(value)) throw new Error(`not finite: ${value}`);
  return parseDec(String(value));
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  if (a.s === b.s) return [a.m, b.m, a.s];
  if (a.s > b.s) return [a.m, b.m * pow10(a.s - b.s), a.s];
  return [a.m * pow10(b.s - a.s), b.m, b.s];
}

export function cmp(a: Dec, b: Dec): -1 | 0 | 1 {
  if (a === b) return 0; // values repeat as one shared object per distinct text (classify)
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const eq = (a: Dec, b: Dec): boolean => cmp(a, b) === 0;
export const lt = (a: Dec, b: Dec): boolean => cmp(a, b) < 0;
export const le = (a: Dec, b: Dec): boolean => cmp(a, b) <= 0;
export const gt = (a: Dec, b: Dec): boolean => cmp(a, b) > 0;
export const ge = (a: Dec, b: Dec): boolean => cmp(a, b) >= 0;
export const min = (a: Dec, b: Dec): Dec => (cmp(a, b) <= 0 ? a : b);
export const max = (a: Dec, b: Dec): Dec => (cmp(a, b) >= 0 ? a : b);

export function add(a: Dec, b: Dec): Dec {
  const [x, y, s] = align(a, b);
  return { m: x + y, s };
}

export function sub(a: Dec, b: Dec): Dec {
  const [x, y, s] = align(a, b);
  return { m: x - y, s };
}

export const mul = (a: Dec, b: Dec): Dec => ({ m: a.m * b.m, s: a.s + b.s });

/** a / 2, exact (halving a terminating decimal terminates). */
export const half = (a: Dec): Dec => ({ m: a.m * 5n, s: a.s + 1 });

/** Truncated remainder (sign of the dividend), as BigDecimal.remainder. */
export function rem(a: Dec, b: Dec): Dec {
  const [x, y, s] = align(a, b);
  return { m: x % y, s };
}

export const signum = (a: Dec): -1 | 0 | 1 => (a.m < 0n ? -1 : a.m > 0n ? 1 : 0);
export const neg = (a: Dec): Dec => ({ m: -a.m, s: a.s });
export const abs = (a: Dec): Dec => (a.m < 0n ? neg(a) : a);

/** Without trailing zeros (the canonical form: equal values give equal m and s). */
export function strip(a: Dec): Dec {
  if (a.m === 0n) return { m: 0n, s: 0 };
  let { m, s } = a;
  while (m % 10n === 0n) {
    m /= 10n;
    s -= 1;
  }
  return { m, s };
}

export const isInteger = (a: Dec): boolean => strip(a).s <= 0;

/** Keys computed, by decimal: the binner asks again for the same values (cached by classify). */
const keys = new WeakMap<Dec, string>();

/** A key equal for numerically equal decimals. */
export function key(a: Dec): string {
  let k = keys.get(a);
  if (k === undefined) {
    const c = strip(a);
    keys.set(a, (k = `${c.m}e${-c.s}`));
  }
  return k;
}

export type Rounding = 'HALF_UP' | 'CEILING' | 'FLOOR' | 'DOWN';

/** BigDecimal.setScale(scale, mode) for the modes the binner uses. */
export function setScale(a: Dec, scale: number, mode: Rounding): Dec {
  if (scale >= a.s) return { m: a.m * pow10(scale - a.s), s: scale };
  const d = pow10(a.s - scale);
  const q = a.m / d; // toward zero
  const r = a.m % d;
  if (r === 0n) return { m: q, s: scale };
  const positive = a.m > 0n;
  let up: boolean; // away from zero
  switch (mode) {
    case 'DOWN': up = false; break;
    case 'CEILING': up = positive; break;
    case 'FLOOR': up = !positive; break;
    case 'HALF_UP': up = 2n * (r < 0n ? -r : r) >= d; break;
  }
  return { m: up ? q + (positive ? 1n : -1n) : q, s: scale };
}

/** Integer part (toward zero), as BigDecimal.longValue / intValue for our ranges. */
export const trunc = (a: Dec): Dec => setScale(a, 0, 'DOWN');

/** BigDecimal.precision() - scale() - 1 (= floor(log10 |a|) for a non-zero a). */
export function exponent(a: Dec): number {
  const digits = (a.m < 0n ? -a.m : a.m).toString().length;
  return digits - a.s - 1;
}

export function toNumber(a: Dec): number {
  return Number(`${a.m}e${-a.s}`);
}

/** 10^0 … 10^22: every one exact as a double. */
const EXACT_POWERS_OF_TEN = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/**
 * A double within 2.3e-16 (relative) of the value, cheaply: the mantissa rounded once, then one
 * correctly rounded division or product by an exact power of ten (toNumber beyond 10^±22).
 */
export function nearDouble(a: Dec): number {
  if (a.s >= 0 && a.s <= 22) return Number(a.m) / EXACT_POWERS_OF_TEN[a.s];
  if (a.s < 0 && a.s >= -22) return Number(a.m) * EXACT_POWERS_OF_TEN[-a.s];
  return toNumber(a);
}

/**
 * cmp given the values' nearDoubles: decided on the doubles when they are further apart than both
 * errors together could bring them, exactly otherwise.
 */
export function cmpNear(a: Dec, aDouble: number, b: Dec, bDouble: number): -1 | 0 | 1 {
  const gap = aDouble - bDouble;
  if (Math.abs(gap) > 1e-15 * Math.max(Math.abs(aDouble), Math.abs(bDouble))) return gap < 0 ? -1 : 1;
  return cmp(a, b);
}

/** 10^n exactly. */
export const tenTo = (n: number): Dec => ({ m: 1n, s: -n });
