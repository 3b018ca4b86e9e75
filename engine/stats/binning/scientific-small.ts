// Bins for tiny values (study-view.md 5.5.6, cBioPortal's ScientificSmallDataBinner): powers of
// ten chosen from the spread of the values' decimal exponents. Powers are doubles as in the reference.
import { countedBins, type Bin } from './bins.js';
import { add, decOf, eq, exponent, gt, lt, mul, parseDec, signum, sub, toNumber, trunc, type Dec } from './decimal.js';
import { boxRange } from './quantiles.js';
import { SortedRuns, type Counted } from './sorted-runs.js';

const MILLI = parseDec('0.001');

/** Whether S[⌈n/2⌉] is non-zero and strictly between -0.001 and 0.001. */
export function isSmallData(sorted: SortedRuns): boolean {
  const m = sorted.at(Math.min(Math.ceil(sorted.length / 2), sorted.length - 1));
  return m !== undefined && lt(m, MILLI) && gt(m, { m: -1n, s: 3 }) && signum(m) !== 0;
}

/** Boundaries from the exponents of all values (sorted); see the spec for the three spreads. */
export function scientificBoundaries(sorted: SortedRuns): Dec[] {
  const exponents = SortedRuns.of(sorted.runs.map(({ value, n }) => ({ value: exponent(value), n })).filter((e) => e.value !== 0)
    .map(({ value, n }) => ({ value: decOf(value), n })));
  const box = boxRange(exponents);
  if (box === undefined) return sorted.length === 0 ? [] : [sorted.at(0)!, sorted.last()!];
  const spread = sub(box.upper, box.lower);
  const low = toNumber(box.lower);
  const lowInt = toNumber(trunc(box.lower));
  const highInt = toNumber(trunc(box.upper));
  const boundaries: Dec[] = [];
  if (gt(spread, decOf(1))) {
    const step = Math.max(1, Math.round(toNumber(spread) / 4));
    for (let i = lowInt - step; i <= highInt; i += step) boundaries.push(decOf(10 ** i));
  } else if (eq(spread, decOf(1))) {
    boundaries.push(decOf(10 ** low / 3));
    for (let i = lowInt; i <= highInt + 1; i++) {
      const power = decOf(10 ** i);
      boundaries.push(power, mul(power, decOf(3)));
    }
  } else {
    const step = decOf(2 * 10 ** low);
    const limit = 10 ** (toNumber(box.upper) + 1);
    for (let d = decOf(10 ** lowInt); toNumber(d) <= limit; d = add(d, step)) boundaries.push(d);
  }
  return boundaries;
}

/** Bins between the boundaries strictly inside the special-value bounds lb/ub, counted over `values`. */
export function scientificSmallBins(sorted: SortedRuns, values: readonly Counted<Dec>[], lb: Dec | undefined, ub: Dec | undefined): Bin[] {
  const inside = scientificBoundaries(sorted).filter((b) => (lb === undefined || gt(b, lb)) && (ub === undefined || lt(b, ub)));
  return countedBins(inside, values);
}
