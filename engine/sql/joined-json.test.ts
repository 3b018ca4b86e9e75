import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from './db.js';
import { javaScriptEscapes, joinedJson } from './joined-json.js';
import { sql } from './sql.js';

// Every ASCII character (each control character among them), non-ASCII, astral, U+2028, a text
// spelling an escape after one and after two backslashes.
const TEXTS = [...Array.from({ length: 128 }, (_, i) => `a${String.fromCharCode(i)}b`), 'é ✓ 😀 \u2028\u2029\u00a0\ufeff', '\\u001F', '\\\\u001F', '"\\"', ''];

describe('joinedJson', () => {
  let db: Db;
  beforeAll(async () => { db = await Db.open(':memory:'); });
  afterAll(() => db.close());

  it('writes texts, integers, booleans and nulls as JSON.stringify writes the same rows', async () => {
    const rows = TEXTS.map((text, i) => ({ n: i, text, big: 9007199254740991 - i, negative: -2147483648 + i, flag: i % 2 === 0, maybe: i % 3 === 0 ? null : `m${i}` }));
    const values = sql`SELECT unnest(${rows.map((r) => r.n)}::INTEGER[]) AS n, unnest(${TEXTS}::VARCHAR[]) AS text`;
    const table = sql`SELECT n, text, (9007199254740991 - n)::BIGINT AS big, (-2147483648 + n)::INTEGER AS negative, n % 2 = 0 AS flag,
      CASE WHEN n % 3 = 0 THEN NULL ELSE 'm' || n END AS maybe FROM (${values})`;
    const fields = [['n', 'n'], ['text', 'text'], ['big', 'big'], ['negative', 'negative'], ['flag', 'flag'], ['maybe', 'maybe']] as const;
    const expected = rows.map((r) => JSON.stringify(r, (_, v: unknown) => (v === null ? undefined : v))).join(',');
    expect(await joinedJson(db, table, fields, sql`n`)).toEqual({ json: expected, count: rows.length });
    // without nulls to drop, the cheaper text is the same
    const noNulls = fields.filter(([name]) => name !== 'maybe');
    const expectedNoNulls = rows.map(({ maybe: _, ...r }) => JSON.stringify(r)).join(',');
    expect(await joinedJson(db, table, noNulls, sql`n`, { nulls: false })).toEqual({ json: expectedNoNulls, count: rows.length });
    expect(await joinedJson(db, sql`${table} LIMIT 0`, fields, sql`n`)).toEqual({ json: '', count: 0 });
  });
});

describe('javaScriptEscapes', () => {
  it('lowers the hex of escapes only, never of text spelling one', () => {
    expect(javaScriptEscapes(String.raw`"\u001F\u000B"`)).toBe(String.raw`"\u001f\u000b"`);
    expect(javaScriptEscapes(String.raw`"\\u001F \\\u001F \\\\u001F"`)).toBe(String.raw`"\\u001F \\\u001f \\\\u001F"`);
    expect(javaScriptEscapes('"plain"')).toBe('"plain"');
  });
});
