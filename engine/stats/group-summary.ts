// A group of values reduced to what Welch's t-test and one-way ANOVA need: both depend on the
// values only through each group's size, mean and sample variance, so DuckDB can aggregate the
// values where they are stored and hand over three numbers per group.
import { mean, sampleVariance } from 'simple-statistics';

export interface GroupSummary {
  n: number;
  mean: number;
  /** Sample variance (n − 1 denominator). */
  variance: number;
}

/** Needs at least two values for a defined variance. */
export function summarize(values: readonly number[]): GroupSummary {
  return { n: values.length, mean: mean(values), variance: values.length < 2 ? NaN : sampleVariance(values) };
}
