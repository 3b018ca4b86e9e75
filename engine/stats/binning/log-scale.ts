// Log-scale bins (study-view.md 5.5.5, cBioPortal's LogScaleDataBinner) for data whose box range
// is wider than 1000: boundaries ±⌊10^e⌋ for e in half steps (1, 3, 10, 31, 100, 316, ...).
import { countedBins, type Bin } from './bins.js';
import { decOf, gt, isInteger, le, signum, toNumber, type Dec } from './decimal.js';
import type { Box } from './quantiles.js';
import type { Counted } from './sorted-runs.js';

/** sign(e)·⌊10^|e|⌋, computed in doubles as the reference does. */
function boundaryAt(exponent: number): Dec | undefined {
  const v = Math.sign(exponent) * Math.floor(10 ** Math.abs(exponent));
  return Number.isFinite(v) ? decOf(v === 0 ? 0 : v) : undefined;
}

/** lb/ub: the outlier bounds from special values (Step B), if any. Counts over `values`. */
export function logScaleBins(box: Box, values: readonly Counted<Dec>[], lb: Dec | undefined, ub: Dec | undefined): Bin[] {
  let exponent = 0;
  if (signum(box.lower) !== 0) {
    const a = Math.log10(Math.abs(toNumber(box.lower)));
    exponent = signum(box.lower) < 0 ? -Math.ceil(a) : Math.floor(a);
  }
  const boundaries: Dec[] = lb === undefined ? [] : [lb];
  const fits = (v: Dec): boolean => ub === undefined || le(v, ub);
  for (;; exponent += 0.5) {
    const v = boundaryAt(exponent);
    if (v === undefined) break; // beyond doubles: the data cannot reach here
    if ((lb === undefined || gt(v, lb)) && fits(v)) boundaries.push(v);
    if (gt(v, box.upper)) {
      exponent += 0.5;
      const next = boundaryAt(exponent);
      if (next !== undefined && fits(next)) boundaries.push(next);
      else if (ub !== undefined) boundaries.push(ub);
      // end on an integer exponent when possible
      if (!isInteger(decOf(exponent))) {
        exponent += 0.5;
        const last = boundaryAt(exponent);
        if (last !== undefined && fits(last)) boundaries.push(last);
      }
      break;
    }
  }
  return countedBins(boundaries, values);
}
