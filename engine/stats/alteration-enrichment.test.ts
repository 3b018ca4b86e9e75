// Reference values: SciPy 1.17 — scipy.stats.fisher_exact([[3, 7], [9, 1]]).pvalue and
// scipy.stats.chi2_contingency(numpy.array([[3, 7], [9, 1], [5, 5]], float), correction=False).pvalue;
import { describe, expect, it } from 'vitest';
import { alterationEnrichmentPValues } from './alteration-enrichment.js';
import { categoricalEnrichmentPValues } from './categorical-enrichment.js';

const run = (groupCount: number, counts: [number, number][]) => Array.from(alterationEnrichmentPValues({
  altered: Int32Array.from(counts.map((c) => c[0])), profiled: Int32Array.from(counts.map((c) => c[1])), groupCount,
}));

describe('alterationEnrichmentPValues', () => {
  it('Fisher for two groups, chi-square for more, the reference special cases', () => {
    const [fisher, unprofiled, invalid] = run(2, [[3, 10], [9, 10], [3, 10], [0, 0], [3, 2], [1, 10]]);
    expect(Math.abs(fisher - 0.019766611097880443)).toBeLessThan(1e-12);
    expect(unprofiled).toBe(0);
    expect(invalid).toBe(0);
    const [chi, zeroRow, full] = run(3, [[3, 10], [9, 10], [5, 10], [3, 10], [0, 0], [5, 10], [10, 10], [10, 10], [10, 10]]);
    expect(Math.abs(chi - 0.02235053597165173)).toBeLessThan(1e-12);
    expect(zeroRow).toBe(1); // an unprofiled group's empty row: NaN → 1
    expect(full).toBe(1); // everyone altered: NaN → 1
  });

  it('a single group has nothing to compare: 0 (sic)', () => {
    expect(run(1, [[3, 10]])).toEqual([0]);
    expect(run(0, [])).toEqual([]);
  });
});

describe('categoricalEnrichmentPValues', () => {
  it('chi-square per table; one category → 1', () => {
    // chi2_contingency([[5, 1], [1, 5]], correction=False).pvalue = 0.020921335337794035
    const p = categoricalEnrichmentPValues({
      counts: Float64Array.from([5, 1, 1, 5, 4, 3]), offsets: Int32Array.from([0, 4, 6]), columns: Int32Array.from([2, 1]),
    });
    expect(Math.abs(p[0] - 0.020921335337794035)).toBeLessThan(1e-12);
    expect(p[1]).toBe(1);
  });
});
