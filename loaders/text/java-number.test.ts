import { describe, expect, it } from 'vitest';
import { isJavaInt, parseJavaDouble, parseJavaInt, parseJavaIntLenient, parseJavaLong } from './java-number.js';

describe('Java number parsing', () => {
  it('(int) Double.parseDouble, -1 when absent or not a number', () => {
    expect(parseJavaIntLenient('138536968')).toBe(138536968);
    expect(parseJavaIntLenient('6.7')).toBe(6);
    expect(parseJavaIntLenient('-6.7')).toBe(-6);
    expect(parseJavaIntLenient('1e3')).toBe(1000);
    expect(parseJavaIntLenient('12d')).toBe(12);
    expect(parseJavaIntLenient('NaN')).toBe(0);
    expect(parseJavaIntLenient('Infinity')).toBe(2147483647);
    for (const text of ['', '.', 'NA', 'x1', '1,5', 'abc', undefined]) expect(parseJavaIntLenient(text)).toBe(-1);
  });

  it('Double.parseDouble', () => {
    expect(parseJavaDouble('1e+05')).toBe(100000);
    expect(parseJavaDouble('-8e-04')).toBe(-0.0008);
    expect(parseJavaDouble('.5')).toBe(0.5);
    expect(parseJavaDouble('.5f')).toBe(0.5);
    expect(parseJavaDouble('2.5f')).toBe(2.5);
    expect(parseJavaDouble('NaN')).toBeNaN();
    for (const text of ['abc', 'NA', '', '1,5']) expect(parseJavaDouble(text)).toBeUndefined();
  });

  it('Long.parseLong (Entrez ids)', () => {
    expect(parseJavaLong('+42')).toBe(42);
    expect(parseJavaLong('673')).toBe(673);
    for (const text of ['4.2', '673.0', 'NA', undefined]) expect(parseJavaLong(text)).toBeUndefined();
  });

  it('Integer.parseInt', () => {
    expect(isJavaInt('2147483647')).toBe(true);
    expect(isJavaInt('2147483648')).toBe(false);
    expect(parseJavaInt('-2147483648')).toBe(-2147483648);
    expect(parseJavaInt('+7')).toBe(7);
    for (const text of ['2147483648', '1.0', '1e3', '', 'NA']) expect(parseJavaInt(text)).toBeUndefined();
  });
});
