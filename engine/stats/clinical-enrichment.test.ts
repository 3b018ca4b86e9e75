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
