// The regularized incomplete beta function and the two tails built on it: Student's t (two-sided)
// and Fisher's F (upper tail). Both tails are computed directly, never as 1 − cdf, so tiny
// p-values keep their relative precision until they underflow (as SciPy's stdtr/fdtrc do).
import { gammaln } from 'simple-statistics';

/**
 * I_x(a, b) when `upper` is false, 1 − I_x(a, b) when true; `y` = 1 − x given separately so that
 * callers keep its precision (t = 1e-9 must not become x = 1). Continued fraction (modified
 * Lentz), evaluated on the side where it converges fast.
 */
export function regularizedBeta(x: number, y: number, a: number, b: number, upper = false): number {
  if (Number.isNaN(x) || Number.isNaN(y) || !(a > 0) || !(b > 0)) return NaN;
  if (x <= 0) return upper ? 1 : 0;
  if (y <= 0) return upper ? 0 : 1;
  const logFront = a * Math.log(x) + b * Math.log(y) - logBeta(a, b);
  if (x < (a + 1) / (a + b + 2)) {
    const lower = Math.exp(logFront) * continuedFraction(x, a, b) / a;
    return upper ? 1 - lower : lower;
  }
  const tail = Math.exp(logFront) * continuedFraction(y, b, a) / b;
  return upper ? tail : 1 - tail;
}

/** P(|T| ≥ |t|) for Student's t with `df` degrees of freedom. */
export function studentTTwoSided(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  if (!Number.isFinite(t)) return 0;
  const t2 = t * t;
  return regularizedBeta(df / (df + t2), t2 / (df + t2), df / 2, 0.5);
}

/** P(F ≥ f) for Fisher's F with (d1, d2) degrees of freedom. */
export function fUpperTail(f: number, d1: number, d2: number): number {
  if (Number.isNaN(f) || !(d1 > 0) || !(d2 > 0)) return NaN;
  if (f <= 0) return 1;
  if (!Number.isFinite(f)) return 0;
  const denominator = d2 + d1 * f;
  return regularizedBeta(d2 / denominator, (d1 * f) / denominator, d2 / 2, d1 / 2);
}

/** ln B(a, b); for a large argument via Stirling's series, avoiding lgamma's cancellation. */
function logBeta(a: number, b: number): number {
  const big = Math.max(a, b);
  const small = Math.min(a, b);
  if (big < 10) return gammaln(a) + gammaln(b) - gammaln(a + b);
  // ln Γ(big) − ln Γ(big + small) = −(big − ½)·log1p(small/big) − small·ln(big + small) + small + δ(big) − δ(big + small)
  const sum = big + small;
  return gammaln(small) - (big - 0.5) * Math.log1p(small / big) - small * Math.log(sum) + small + stirlingTail(big) - stirlingTail(sum);
}

/** δ(x) = ln Γ(x) − ((x − ½) ln x − x + ½ ln 2π), for x ≥ 10 (truncation error below 2e-14). */
function stirlingTail(x: number): number {
  const z = 1 / (x * x);
  return (1 / 12 - z * (1 / 360 - z * (1 / 1260 - z * (1 / 1680 - z / 1188)))) / x;
}

function continuedFraction(x: number, a: number, b: number): number {
  const TINY = 1e-300;
  const EPS = 1e-16;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) break;
  }
  return h;
}
