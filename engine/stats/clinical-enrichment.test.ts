// When an attribute is tested (study-view.md 6.4). Reference: scipy.stats.kruskal([1, 2], [3]) →
// (1.5, 0.22067136191984324); scipy.stats.chi2_contingency([[3, 1], [1, 3]]) (Yates, every
// |O − E| = 1 ≥ 0.5) → (0.5, 0.47950012218695337).
import { describe, expect, it } from 'vitest';
import { categoricalEnrichment, numericEnrichment } from './clinical-enrichment.js';

const f64 = (...v: number[]) => Float64Array.from(v);
const i32 = (...v: number[]) => Int32Array.from(v);

describe('numericEnrichment', () => {
  it('tests the groups that have values', () => {
    const r = numericEnrichment(f64(1, 2, 3), i32(2, 0, 1));
    expect(r?.groups).toBe(2);
    expect(r?.score).toBeCloseTo(1.5, 12);
    expect(r?.pValue).toBeCloseTo(0.22067136191984324, 12);
  });

  it('gives p 0 and score 99999 where 1 − χ²cdf(H) is 0 in a double, as the reference (6.4)', () => {
    // Two separate groups of 300: H = 449.25, upper tail ~3e-99, so 1 − cdf is 0.
    const values = f64(...Array.from({ length: 300 }, (_, i) => i), ...Array.from({ length: 300 }, (_, i) => 1000 + i));
    expect(numericEnrichment(values, i32(300, 300))).toEqual({ score: 99999, pValue: 0, groups: 2 });
    // A tail of ~1e-9 keeps its value (to the absolute precision of 1 − cdf) and its H.
    const close = numericEnrichment(f64(...Array.from({ length: 40 }, (_, i) => i), ...Array.from({ length: 40 }, (_, i) => i + 22)), i32(40, 40));
    expect(close!.pValue).toBeGreaterThan(0);
    expect(close!.score).toBeLessThan(99999);
  });

  it('skips one group with values, or a single distinct value', () => {
    expect(numericEnrichment(f64(1, 2), i32(2, 0))).toBeNull();
    expect(numericEnrichment(f64(5, 5, 5), i32(1, 2))).toBeNull();
    expect(numericEnrichment(f64(), i32(0, 0))).toBeNull();
  });
});

describe('categoricalEnrichment', () => {
  it('tests the rows that have counts', () => {
    const r = categoricalEnrichment(f64(3, 1, 0, 0, 1, 3), 2);
    expect(r?.groups).toBe(2);
    expect(r?.score).toBeCloseTo(0.5, 12);
    expect(r?.pValue).toBeCloseTo(0.47950012218695337, 12);
  });

  it('skips a single category or a single group with counts', () => {
    expect(categoricalEnrichment(f64(3, 4), 1)).toBeNull();
    expect(categoricalEnrichment(f64(3, 1, 0, 0), 2)).toBeNull();
    expect(categoricalEnrichment(f64(), 0)).toBeNull();
  });
});
