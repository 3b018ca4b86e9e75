// Reference values: SciPy 1.17. Survival: scipy.stats.chi2.sf(x, df). Tables:
// scipy.stats.chi2_contingency(numpy.array(table, float), correction=True) (Yates applies to 2×2
// only; these 2×2 tables have every |O − E| ≥ 0.5, where SciPy's capped correction equals ours).
import { describe, expect, it } from 'vitest';
import { chiSquareSurvival, chiSquareTest } from './chi-square.js';

const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9);

describe('chiSquareSurvival', () => {
  it.each([
    [0.5, 1, 0.47950012218695337],
    [3.84, 1, 0.05004352124870519],
    [10, 3, 0.01856613546304325],
    [100, 2, 1.9287498479639183e-22],
    [700, 1, 2.990226975124623e-154],
    [50, 40, 0.1335748340856504],
    [400, 300, 9.678621994933555e-05],
    [0.001, 10, 1.0],
    [30, 30, 0.4656537089440098],
    [1e-9, 2, 0.9999999995],
  ])('chi2.sf(%d, %d)', (x, df, p) => close(chiSquareSurvival(x, df), p));

  it('is 1 at 0 and 0 at infinity', () => {
    expect(chiSquareSurvival(0, 3)).toBe(1);
    expect(chiSquareSurvival(Infinity, 3)).toBe(0);
  });
});

describe('chiSquareTest', () => {
  it.each([
    [[[10, 20, 30], [6, 9, 17]], 0.27157465150403504, 0.873028283380073, 2],
    [[[5, 1, 7], [2, 8, 3], [4, 4, 9]], 9.931455541362663, 0.04159826930798996, 4],
    [[[12, 5], [3, 10]], 4.886877828054299, 0.027061581911647092, 1],
    [[[200, 10], [10, 200]], 340.2, 5.771838851925133e-76, 1],
  ])('%j', (table, statistic, p, df) => {
    const r = chiSquareTest(table);
    close(r.statistic, statistic);
    close(r.pValue, p);
    expect(r.degreesOfFreedom).toBe(df);
  });

  it('does not cap the Yates correction at |O − E|', () => {
    // E = outer(row, col totals)/21; s = sum((|O − E| − 0.5)²/E); scipy.stats.chi2.sf(s, 1).
    const r = chiSquareTest([[5, 5], [5, 6]]);
    close(r.statistic, 0.05249999999999998);
    close(r.pValue, 0.818768821520624);
  });

  it('is NaN with fewer than two rows or columns', () => {
    expect(chiSquareTest([[1, 2, 3]]).pValue).toBeNaN();
    expect(chiSquareTest([[1], [2]]).pValue).toBeNaN();
    expect(chiSquareTest([]).pValue).toBeNaN();
  });
});
