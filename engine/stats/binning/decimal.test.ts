// Exact decimal arithmetic as BigDecimal: values checked by hand.
import { describe, expect, it } from 'vitest';
import { add, decOf, exponent, half, isInteger, key, mul, parseDec, rem, setScale, sub, toNumber, trunc } from './decimal.js';

const d = parseDec;
const n = toNumber;

describe('decimal', () => {
  it('parses with the written scale', () => {
    expect(d('1.50')).toEqual({ m: 150n, s: 2 });
    expect(d('-.5')).toEqual({ m: -5n, s: 1 });
    expect(d('1e5')).toEqual({ m: 1n, s: -5 });
    expect(d('1.2E-4')).toEqual({ m: 12n, s: 5 });
    expect(() => d('0x1A')).toThrow();
    expect(() => d(' 5')).toThrow();
  });
  it('adds without binary rounding', () => {
    expect(n(add(d('0.1'), d('0.2')))).toBe(0.3);
    expect(n(sub(d('0.3'), d('0.1')))).toBe(0.2);
    expect(n(mul(d('1.5'), d('0.2')))).toBe(0.3);
    expect(n(half(d('7')))).toBe(3.5);
  });
  it('remainder is truncated (sign of the dividend)', () => {
    expect(n(rem(d('7'), d('5')))).toBe(2);
    expect(n(rem(d('-7'), d('5')))).toBe(-2);
    expect(n(rem(d('0.3'), d('0.1')))).toBe(0);
    expect(n(rem(d('1.234'), d('0.25')))).toBe(0.234);
  });
  it('rounds like setScale', () => {
    expect(n(setScale(d('-49.05'), 1, 'FLOOR'))).toBe(-49.1);
    expect(n(setScale(d('-49.05'), 1, 'CEILING'))).toBe(-49);
    expect(n(setScale(d('0.0125'), 3, 'HALF_UP'))).toBe(0.013);
    expect(n(setScale(d('-0.0125'), 3, 'HALF_UP'))).toBe(-0.013);
    expect(n(trunc(d('-3.7')))).toBe(-3);
  });
  it('integers, keys and exponents', () => {
    expect(isInteger(d('2.000'))).toBe(true);
    expect(isInteger(d('1e3'))).toBe(true);
    expect(isInteger(d('2.5'))).toBe(false);
    expect(key(d('1.0'))).toBe(key(d('1')));
    expect(key(d('250'))).toBe(key(d('2.5e2')));
    expect(exponent(d('0.00012'))).toBe(-4);
    expect(exponent(d('1.20E-4'))).toBe(-4);
    expect(exponent(d('123'))).toBe(2);
    expect(exponent(d('0'))).toBe(0);
    expect(n(decOf(1e-8))).toBe(1e-8);
  });
});
