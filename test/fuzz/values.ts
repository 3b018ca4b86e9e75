// The malformed values the fuzz suite puts in every slot: wrong types, bounds, huge and negative
// numbers, empty and 10 KB strings, NUL and odd unicode, SQL-looking and prototype-named strings.

const TEN_KB = 'x'.repeat(10_240);
const SQLISH = ["x'", "' OR '1'='1; DROP TABLE sample; --", '%_\\', '1; SELECT 1', '$1', '"; --'];
const ODD_TEXT = ['\u0000', 'a\u0000b', '\u202eRTL\u200f', '😀', '\ufeff', 'é\u0301', '\u2028'];
const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'];

/** Query and path values, as they go on the wire (already percent-encoded where needed). */
export const WIRE_VALUES: readonly string[] = [
  '-1', '0', '1.5', '1e3', '1e308', '-1e308', '9223372036854775808', '-9223372036854775809', '2147483648', '-2147483649',
  'NaN', 'Infinity', '-0', '0x10', 'abc', '', 'true', 'null', '[]', '{}', TEN_KB, '%00', 'a%00b',
  // A lone surrogate (its CESU-8 bytes) and bytes that are no UTF-8 at all; a stray and a bad percent sign.
  '%ED%A0%80', '%FF%FE', '%', '%zz',
  ...[...SQLISH, ...ODD_TEXT.slice(2)].map(encodeURIComponent),
  ...NAMES,
];

/** JSON text JSON.stringify cannot write (a number beyond a double or 2^53, a `__proto__` key): spliced in by `jsonText`. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Body field values: any type where the field wants another. */
export const JSON_VALUES: readonly unknown[] = [
  -1, 1.5, 1e308, 2147483648, new RawJson('9223372036854775808'), new RawJson('1e400'),
  'NaN', '', TEN_KB, '\ud800', '\u0000', '\u202eRTL\u200f', '😀', SQLISH[0], SQLISH[1], NAMES[0], NAMES[1],
  true, null, [], {}, ['a'], [[[]]], { a: 1 },
  new RawJson('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
];

/** JSON text of a value holding RawJson literals (replaced by their text, unquoted). */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof RawJson)) return v;
    raws.push(v.text);
    return `\u0001raw${raws.length - 1}\u0001`;
  });
  return raws.length === 0 ? text : text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_, i: string) => raws[Number(i)]);
}
