import { describe, expect, it } from 'vitest';
import { isJavaInt, parseJavaDouble, parseJavaIntLenient, parseJavaLong } from './java-number.js';

describe('Java number parsing', () => {
  it('(int) Double.parseDouble, -1 when not a number', () => {
    expect(parseJavaIntLenient('6.7')).toBe(6);
    expect(parseJavaIntLenient('-6.7')).toBe(-6);
    expect(parseJavaIntLenient('1e3')).toBe(1000);
    expect(parseJavaIntLenient('12d')).toBe(12);
    expect(parseJavaIntLenient('NaN')).toBe(0);
    expect(parseJavaIntLenient('Infinity')).toBe(2147483647);
    for (const text of ['', '.', 'NA', 'x1', '1,5']) expect(parseJavaIntLenient(text)).toBe(-1);
  });
  it('Long.parseLong and Integer.parseInt', () => {
    expect(parseJavaLong('+42')).toBe(42);
    expect(parseJavaLong('4.2')).toBeUndefined();
    expect(isJavaInt('2147483647')).toBe(true);
    expect(isJavaInt('2147483648')).toBe(false);
    expect(parseJavaDouble('.5f')).toBe(0.5);
    expect(parseJavaDouble('abc')).toBeUndefined();
  });
});
