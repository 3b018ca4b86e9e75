// The core binning algorithm (study-view.md 5.4, cBioPortal's DataBinner.calculateDataBins):
// outlier bins from special values, numeric bins by the chosen sub-binner, trimming, distinct
// conversion, then category and NA bins.
import { contains, countedBins, encloses, rangeOf, trim, type Bin } from './bins.js';
import { classify, type CountedValue, type SpecialValue } from './classify.js';
import { adjustCustomBins } from './custom.js';
import { decOf, eq, ge, gt, isInteger, isPlainNumeric, le, lt, max, min, parseDec, sub, type Dec } from './decimal.js';
import { discreteBins } from './discrete.js';
import { generateBoundaries } from './generate.js';
import { linearBins, truncBox } from './linear.js';
import { logScaleBins } from './log-scale.js';
import { boxRange, median } from './quantiles.js';
import { quartileBoundaries } from './quartile.js';
import { isSmallData, scientificSmallBins } from './scientific-small.js';
import { SortedRuns, tally, type Counted } from './sorted-runs.js';

export type BinMethod = 'MEDIAN' | 'QUARTILE' | 'CUSTOM' | 'GENERATE';

/** DataBinFilter (5.1) minus the identity fields; numbers as sent in JSON. */
export interface BinRequest {
  attributeId?: string;
  binMethod?: BinMethod;
  customBins?: readonly number[];
  binsGeneratorConfig?: { binSize: number; anchorValue: number };
  disableLogScale?: boolean;
  start?: number;
  end?: number;
}

/** Number of distinct values up to which every value gets its own bin. */
export const DISTINCT_VALUE_THRESHOLD = 10;

const LOG_SCALE_WIDTH = decOf(1000);

/** Step B: the upper outlier bin; `>=x` wins over `>y` only when x < y. */
function upperOutlierBin(specials: readonly SpecialValue[]): Bin {
  const ge_ = specials.filter((s) => s.op === '>=').map((s) => s.value);
  const gt_ = specials.filter((s) => s.op === '>').map((s) => s.value);
  const geMin = ge_.length > 0 ? ge_.reduce(min) : undefined;
  const gtMin = gt_.length > 0 ? gt_.reduce(min) : undefined;
  const start = gtMin === undefined || (geMin !== undefined && lt(geMin, gtMin)) ? geMin : gtMin;
  return { specialValue: '>', start, count: ge_.length + gt_.length };
}

/** Step B: the lower outlier bin; `<x` wins over `<=y` only when y < x. */
function lowerOutlierBin(specials: readonly SpecialValue[]): Bin {
  const le_ = specials.filter((s) => s.op === '<=').map((s) => s.value);
  const lt_ = specials.filter((s) => s.op === '<').map((s) => s.value);
  const leMax = le_.length > 0 ? le_.reduce(max) : undefined;
  const ltMax = lt_.length > 0 ? lt_.reduce(max) : undefined;
  const end = leMax === undefined || (ltMax !== undefined && lt(leMax, ltMax)) ? ltMax : leMax;
  return { specialValue: '<=', end, count: le_.length + lt_.length };
}

/** Step C: numeric bins; moves the outlier bounds and adds the outlying numbers to their counts. */
function numericBins(request: BinRequest, numbers: readonly Counted<Dec>[], lower: Bin, upper: Bin, threshold: number): Bin[] {
  // Read the bounds at call time: they move below (Step C.4) and the final ones count (C.5).
  const isLower = (d: Dec): boolean => lower.end !== undefined && le(d, lower.end);
  const isUpper = (d: Dec): boolean => upper.start !== undefined && gt(d, upper.start);
  const sorted = SortedRuns.of(numbers);
  const inside = sorted.filter((d) => !isLower(d) && !isUpper(d));
  const distinct = inside.distinct();
  const method = request.binMethod ?? 'CUSTOM';
  let bins: Bin[] = [];

  if (distinct.length > 0 && distinct.length <= threshold) {
    bins = discreteBins(inside);
  } else if (inside.length > 0) {
    let box = boxRange(sorted)!;
    const generated = method === 'GENERATE' && request.binsGeneratorConfig
      ? generateBoundaries(sorted, decOf(request.binsGeneratorConfig.binSize), decOf(request.binsGeneratorConfig.anchorValue))
      : undefined;
    let custom: Dec[] | undefined;
    if (method === 'CUSTOM' && request.customBins) {
      custom = adjustCustomBins(request.customBins.map(decOf), lower.end, upper.start);
      bins = countedBins(custom, numbers);
    } else if (generated) {
      bins = countedBins(generated, numbers);
    } else if (method === 'MEDIAN') {
      // bins come from the median below
    } else if (method === 'QUARTILE') {
      bins = countedBins(quartileBoundaries(sorted), numbers);
    } else if (gt(sub(box.upper, box.lower), LOG_SCALE_WIDTH) && request.disableLogScale !== true) {
      bins = logScaleBins(box, inside.runs, lower.end, upper.start);
    } else if (isSmallData(sorted)) {
      bins = scientificSmallBins(sorted, inside.runs, lower.end, upper.start);
      if (bins.length > 0) box = { lower: bins[0].start!, upper: bins[bins.length - 1].end! };
    } else {
      const allIntegers = distinct.every(isInteger);
      if (allIntegers) box = truncBox(box);
      bins = linearBins({
        allIntegers,
        box,
        values: inside,
        lowerOutlier: lower.end === undefined ? box.lower : max(box.lower, lower.end),
        upperOutlier: upper.start === undefined ? box.upper : min(box.upper, upper.start),
        attributeId: request.attributeId,
      });
    }

    if (method === 'MEDIAN' || (method === 'QUARTILE' && bins.length === 0)) {
      lower.end = upper.start = median(sorted);
    } else if (custom !== undefined && custom.length === 1) {
      lower.end = upper.start = custom[0];
    }
    // Step C.4: special-value bounds win over bin edges; otherwise the bins set the bounds.
    const first = bins[0];
    const last = bins[bins.length - 1];
    if (lower.end === undefined) lower.end = first ? first.start : box.lower;
    else if (first) {
      if (gt(first.start!, lower.end)) lower.end = first.start;
      else first.start = lower.end;
    }
    if (upper.start === undefined) upper.start = last ? last.end : box.upper;
    else if (last) {
      if (lt(last.end!, upper.start)) upper.start = last.end;
      else last.end = upper.start;
    }
  }
  // Step C.5
  lower.count += sorted.count(isLower);
  upper.count += sorted.count(isUpper);
  return bins;
}

/** Step F: when every bounded bin holds one distinct integer (and no special value), use point bins. */
function toDistinctBins(bins: readonly Bin[], numbers: readonly Counted<Dec>[], specials: readonly SpecialValue[]): Bin[] {
  const distinct = tally(numbers).map((t) => t.value);
  const candidates = bins.map((bin): Bin => {
    const range = rangeOf(bin);
    if (range === undefined || specials.some((s) => encloses(range, s))) return bin;
    let only: Dec | undefined;
    for (const d of distinct) {
      if (!contains(range, d)) continue;
      if (only === undefined) only = d;
      else if (!eq(only, d)) return bin; // two distinct values
    }
    return only !== undefined && isInteger(only) ? { start: only, end: only, count: bin.count } : bin;
  });
  const bounded = candidates.filter((b) => b.start !== undefined && b.end !== undefined);
  return bounded.length > 0 && bounded.every((b) => eq(b.start!, b.end!)) ? candidates : [...bins];
}

/** Step G: one bin per category (case-insensitive, trimmed; first spelling kept), in first-seen order. */
function categoryBins(categories: readonly Counted<string>[]): Bin[] {
  const byKey = new Map<string, Bin>();
  for (const { value, n } of categories) {
    const k = value.trim().toUpperCase();
    const bin = byKey.get(k) ?? { specialValue: value.trim(), count: 0 };
    bin.count += n;
    byKey.set(k, bin);
  }
  return [...byKey.values()];
}

/** Step A: with start/end, only the plain numbers within [start, end] take part. */
export function withinRange(request: BinRequest, values: readonly CountedValue[]): readonly CountedValue[] {
  let data = values;
  if (request.end != null) {
    const end = decOf(request.end);
    data = data.filter(({ value }) => isPlainNumeric(value) && le(parseDec(value), end));
  }
  if (request.start != null) {
    const start = decOf(request.start);
    data = data.filter(({ value }) => isPlainNumeric(value) && ge(parseDec(value), start));
  }
  return data;
}

/** The bins of one attribute's values (counted per sample or patient, NA included as "NA"). */
export function computeBins(request: BinRequest, values: readonly CountedValue[], threshold = DISTINCT_VALUE_THRESHOLD): Bin[] {
  const numericalOnly = request.start != null || request.end != null;
  const { numbers, specials, categories, naCount } = classify(withinRange(request, values));
  const lower = lowerOutlierBin(specials);
  const upper = upperOutlierBin(specials);
  const numeric = numericBins(request, numbers, lower, upper, threshold);
  let bins = trim([...(lower.count !== 0 ? [lower] : []), ...numeric, ...(upper.count !== 0 ? [upper] : [])]);
  bins = toDistinctBins(bins, numbers, specials);
  if (!numericalOnly) {
    bins.push(...categoryBins(categories));
    if (naCount !== 0) bins.push({ specialValue: 'NA', count: naCount });
  }
  return bins;
}
