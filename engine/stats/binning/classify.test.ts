// Value classification (study-view.md 5.3).
import { describe, expect, it } from 'vitest';
import { classify, counted } from './classify.js';
import { toNumber } from './decimal.js';

describe('classify', () => {
  it('splits NA, numbers, special values and categories', () => {
    const c = classify(counted(['12', '-0.5', '1e-5', '.5', 'NA', 'nan', 'N/A', '<18', '>89', '<=0.01', ' >=100', '> 80', '>10PY', '20-30', 'Unknown', ' 5', '0x1A', '1f']));
    expect(c.numbers.map((x) => toNumber(x.value))).toEqual([12, -0.5, 1e-5, 0.5]);
    expect(c.naCount).toBe(3);
    expect(c.specials.map((s) => `${s.op}${toNumber(s.value)}`)).toEqual(['<18', '>89', '<=0.01', '>=100']);
    // " 5" is numeric only after trimming: in no class
    expect(c.categories.map((x) => x.value)).toEqual(['> 80', '>10PY', '20-30', 'Unknown', '0x1A', '1f']);
  });
});
