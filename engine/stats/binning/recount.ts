// STATIC recount (study-view.md 5.6, cBioPortal's DataBinner.recalcBinCount): bins chosen on the
// unfiltered values keep their ranges; only their counts are recomputed on the filtered values
// (restricted to the request's start/end by the caller: binning.ts).
import { contains, encloses, nearBounds, rangeOf, type Bin } from './bins.js';
import { classify, type CountedValue } from './classify.js';
import { nearDouble } from './decimal.js';
import { tally } from './sorted-runs.js';

export function recount(bins: readonly Bin[], values: readonly CountedValue[]): Bin[] {
  const { numbers, specials, categories, naCount } = classify(values);
  const distinct = tally(numbers);
  // Every distinct value is tested against every bin (survival months: ~18,000 values × ~20 bins).
  const doubles = Float64Array.from(distinct, (d) => nearDouble(d.value));
  return bins.map((bin) => {
    const range = rangeOf(bin);
    let count: number;
    if (bin.specialValue?.toUpperCase() === 'NA') count = naCount;
    else if (range !== undefined) {
      const bounds = nearBounds(range);
      count = distinct.reduce((sum, d, i) => (contains(range, d.value, doubles[i], bounds) ? sum + d.n : sum), 0)
        + specials.filter((s) => encloses(range, s)).length;
    } else {
      // equalsIgnoreCase on the untrimmed value, as the reference
      const wanted = (bin.specialValue ?? '').toUpperCase();
      count = categories.reduce((n, c) => (c.value.toUpperCase() === wanted ? n + c.n : n), 0);
    }
    return { ...bin, count };
  });
}

