// Exact decimal arithmetic as BigDecimal: values checked by hand.
import { describe, expect, it } from 'vitest';
import { add, cmp, cmpNear, decOf, exponent, half, isInteger, key, mul, nearDouble, parseDec, rem, setScale, sub, toNumber, trunc } from './decimal.js';

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
  it('compares on near doubles as cmp does, exactly where the doubles are too close to tell', () => {
    const near = (a: string, b: string) => cmpNear(d(a), nearDouble(d(a)), d(b), nearDouble(d(b)));
    const pairs = [
      ['0.1', '0.10000000000000000001'], ['0.10000000000000000001', '0.1'], // one double, different values
      ['1.50', '1.5'], ['-3', '2'], ['2', '-3'], ['0', '-0.0'], ['1e30', '1.0000000000000001e30'],
      ['123456789012345678901', '123456789012345678902'], ['1e-30', '2e-30'], ['5e-400', '4e-400'], ['1e400', '2e400'],
    ];
    for (const [a, b] of pairs) expect(near(a, b), `${a} vs ${b}`).toBe(cmp(d(a), d(b)));
    expect(near('0.1', '0.10000000000000000001')).toBe(-1);
    expect(nearDouble(d('12.345'))).toBeCloseTo(12.345, 15);
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
