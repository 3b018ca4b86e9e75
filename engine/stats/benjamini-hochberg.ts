// Benjamini–Hochberg q-values of p-values sorted ascending (api.md 23.3, cBioPortal's
// FisherExactTestCalculator.calcqValue): q_m = p_m, q_i = min(q_{i+1}, p_i · m / i). The reference
// does this in BigDecimal and rounds each quotient half-up to the decimals of p_i's Java text
// (Double.toString), e.g. p = 0.5, m = 3, i = 2 gives 0.8, not 0.75; `referenceRounding` mirrors it.

export interface BenjaminiHochbergOptions {
  referenceRounding?: boolean;
}

/** q-values, index for index, of p-values sorted ascending. */
export function benjaminiHochberg(ascending: ArrayLike<number>, options: BenjaminiHochbergOptions = {}): Float64Array {
  const m = ascending.length;
  const q = new Float64Array(m);
  for (let i = m - 1; i >= 0; i--) {
    const p = ascending[i];
    if (i === m - 1) q[i] = p;
    else q[i] = Math.min(q[i + 1], options.referenceRounding ? roundedQuotient(p, m, i + 1) : (p * m) / (i + 1));
  }
  return q;
}

/** p · m / rank in decimal, rounded half-up at the scale of p's Java text (p ≥ 0). */
function roundedQuotient(p: number, m: number, rank: number): number {
  const { unscaled, scale } = javaDecimal(p);
  const numerator = unscaled * BigInt(m);
  const r = BigInt(rank);
  const rounded = (2n * numerator + r) / (2n * r);
  return Number(`${rounded}e-${scale}`);
}

/**
 * BigDecimal.valueOf(p): the digits of Double.toString(p) (shortest round-trip digits, as JS's)
 * with its scale: plain "0.00123" for 1e-3 ≤ p < 1e7, else "1.23E-5"; at least one fraction digit.
 */
export function javaDecimal(p: number): { unscaled: bigint; scale: number } {
  if (p === 0) return { unscaled: 0n, scale: 1 };
  const [mantissa, exp] = p.toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const e = Number(exp);
  const fractionDigits = p >= 1e-3 && p < 1e7 ? Math.max(1, digits.length - 1 - e) : Math.max(1, digits.length - 1);
  const scale = p >= 1e-3 && p < 1e7 ? fractionDigits : fractionDigits - e;
  // value = digits · 10^(e − (len − 1)) = unscaled · 10^(−scale)
  const shift = scale + e - (digits.length - 1);
  return { unscaled: BigInt(digits) * 10n ** BigInt(shift), scale };
}
