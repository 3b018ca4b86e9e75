// Plain BH reference: numpy, by hand: q = p * m / numpy.arange(1, m + 1);
// q = numpy.minimum.accumulate(q[::-1])[::-1] on p = numpy.sort(numpy.concatenate(
// [numpy.random.default_rng(7).random(12) ** 3, [1e-12, 3.5e-8, 0.5, 1.0, 1.0]])).
import { describe, expect, it } from 'vitest';
import { benjaminiHochberg, javaDecimal } from './benjamini-hochberg.js';

const P = [1e-12, 3.5e-08, 1.4597231396895127e-07, 0.011422120964907563, 0.021583782169366992, 0.02704492181623329, 0.0278270591774094,
  0.10246049727516415, 0.24425251701672532, 0.46672099658078603, 0.5, 0.506393889830271, 0.5538496795842528, 0.6666048097331759,
  0.7222504745706702, 1.0, 1.0];
const Q = [1.7e-11, 2.975e-07, 8.271764458240572e-07, 0.04854401410085714, 0.06758000085942283, 0.06758000085942283, 0.06758000085942283,
  0.21772855670972383, 0.4613658654760367, 0.7173913439262173, 0.7173913439262173, 0.7173913439262173, 0.7242649656101767,
  0.8094486975331422, 0.8185505378467595, 1.0, 1.0];

describe('benjaminiHochberg', () => {
  it('matches the step-up q-values', () => {
    const q = benjaminiHochberg(P);
    Q.forEach((expected, i) => expect(Math.abs(q[i] - expected)).toBeLessThanOrEqual(expected * 1e-9));
  });

  it('handles zero, one and tied p-values', () => {
    expect([...benjaminiHochberg([])]).toEqual([]);
    expect([...benjaminiHochberg([0.3])]).toEqual([0.3]);
    expect([...benjaminiHochberg([0, 0.2, 0.2])]).toEqual([0, 0.2, 0.2]);
  });

  it('rounds like the reference when asked', () => {
    // BigDecimal by hand: 0.5·3 = 1.5 (scale 1) / 2 = 0.75 → HALF_UP at scale 1 → 0.8; 0.04·3 / 1 = 0.12.
    expect([...benjaminiHochberg([0.04, 0.5, 0.9], { referenceRounding: true })]).toEqual([0.12, 0.8, 0.9]);
    // "1.0E-5" is 10 × 10^-6: 10·4 / 3 = 13.3 → 13 × 10^-6; "2.0E-6": 20·4 / 2 = 40 × 10^-7.
    expect([...benjaminiHochberg([1e-6, 2e-6, 1e-5, 0.9], { referenceRounding: true })]).toEqual([4e-6, 4e-6, 1.3e-5, 0.9]);
    expect(benjaminiHochberg([1e-6, 2e-6, 1e-5, 0.9])[2]).toBeCloseTo(4e-5 / 3, 18);
  });

  it('reads doubles as Java BigDecimal.valueOf does', () => {
    expect(javaDecimal(0.5)).toEqual({ unscaled: 5n, scale: 1 });
    expect(javaDecimal(1)).toEqual({ unscaled: 10n, scale: 1 });
    expect(javaDecimal(0.00123)).toEqual({ unscaled: 123n, scale: 5 });
    expect(javaDecimal(5e-4)).toEqual({ unscaled: 50n, scale: 5 });
    expect(javaDecimal(1.25e-7)).toEqual({ unscaled: 125n, scale: 9 });
    expect(javaDecimal(0)).toEqual({ unscaled: 0n, scale: 1 });
  });
});
