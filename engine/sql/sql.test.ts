import { describe, expect, it } from 'vitest';
import { Db } from './db.js';
import { join, needing, raw, sameSql, sql } from './sql.js';

describe('the sql tag', () => {
  it('binds values as parameters and renumbers nested fragments', () => {
    const inner = sql`b = ${2} AND c = ${'x'}`;
    const q = sql`SELECT * FROM t WHERE a = ${1} AND ${inner} AND d IN (SELECT unnest(${['p', 'q']}))`;
    expect(q.text).toBe('SELECT * FROM t WHERE a = $1 AND b = $2 AND c = $3 AND d IN (SELECT unnest($4))');
    expect(q.params).toEqual([1, 2, 'x', ['p', 'q']]);
    expect(join([sql`${1}`, raw('x'), sql`${2}`]).text).toBe('$1, x, $2');
  });

  it('runs what a fragment needs first, once, before any statement holding it', async () => {
    const db = await Db.open(':memory:', { schema: '' });
    try {
      let made = 0;
      let making: Promise<void> | undefined;
      const table = needing(raw('lazily'), () => (making ??= (made++, db.run(sql`CREATE TABLE lazily AS SELECT 1 AS x`))));
      expect(made).toBe(0);
      const nested = sql`SELECT x FROM (SELECT x FROM ${table} WHERE x = ${1})`;
      expect(nested.before).toHaveLength(1);
      const [rows, [numbers], streamed] = await Promise.all([
        db.all(nested), db.numericColumns(sql`SELECT x::DOUBLE FROM ${table}`), (async () => { for await (const rows of db.stream(nested)) return rows; })(),
      ]);
      expect([rows, [...numbers], streamed]).toEqual([[{ x: 1 }], [1], [{ x: 1 }]]);
      await db.run(sql`INSERT INTO ${table} VALUES (2)`);
      expect(made).toBe(1);
      expect(sql`SELECT 1`.before).toBeUndefined();
    } finally {
      db.close();
    }
  });

  it('keeps hostile text a value, and binds empty lists', async () => {
    const db = await Db.open(':memory:');
    await db.exec("CREATE TABLE t (id INTEGER, name VARCHAR); INSERT INTO t VALUES (1, 'a'), (2, 'b')");
    const hostile = "a' OR '1'='1'; DROP TABLE t; --";
    expect(await db.all(sql`SELECT id FROM t WHERE name = ${hostile}`)).toEqual([]);
    expect(await db.all(sql`SELECT id FROM t WHERE id IN (SELECT unnest(${[]}::INTEGER[])) ORDER BY id`)).toEqual([]);
    expect(await db.all(sql`SELECT id FROM t WHERE id IN (SELECT unnest(${[2, 1]}::INTEGER[])) ORDER BY id`)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await db.one(sql`SELECT count(*)::INTEGER AS n FROM t`)).toEqual({ n: 2 });
    db.close();
  });

  it('binds long lists of strings or integers as one joined string that DuckDB splits back', async () => {
    const db = await Db.open(':memory:');
    const names = Array.from({ length: 1500 }, (_, i) => (i === 7 ? '' : i === 8 ? "x', 'y" : `s${i}`));
    const q = sql`SELECT list(v ORDER BY i) AS v FROM (SELECT unnest(${names}::VARCHAR[]) AS v, generate_subscripts(${names}::VARCHAR[], 1) AS i)`;
    expect(q.text).toContain('string_split($1, chr(31))::VARCHAR[]');
    expect(typeof q.params[0]).toBe('string');
    expect((await db.one<{ v: string[] }>(q))!.v).toEqual(names);
    const keys = Array.from({ length: 1200 }, (_, i) => i * 3 - 5);
    const k = sql`SELECT sum(x)::BIGINT AS s, count(*)::INTEGER AS n FROM (SELECT unnest(${keys}::INTEGER[]) AS x)`;
    expect(k.text).toContain("string_split($1, ',')::BIGINT[]::INTEGER[]");
    expect(await db.one(k)).toEqual({ s: keys.reduce((a, b) => a + b, 0), n: 1200 });
    // a separator inside a value, floats, or a short list: bound as a list, element by element
    expect(sql`${[...names, 'a\u001fb']}`.params[0]).toHaveLength(1501);
    expect(sql`${Array.from({ length: 1200 }, (_, i) => i + 0.5)}`.text).toBe('$1');
    expect(sql`${['a', 'b']}`.text).toBe('$1');
    db.close();
  });

  it('binds a frozen list (joined once) as any other, and an open list as it is now', () => {
    const frozen = Object.freeze(Array.from({ length: 1500 }, (_, i) => `s${i}`));
    const first = sql`${frozen}`.params[0];
    expect(sql`x ${frozen}`.params[0]).toBe(first);
    const open = Array.from({ length: 1500 }, (_, i) => `s${i}`);
    expect(sql`${open}`.params[0]).toBe(first);
    open.push('s1500');
    expect(sql`${open}`.params[0]).toBe(`${first}\u001fs1500`);
  });

  it('sameSql compares text and parameters, lists element by element', () => {
    expect(sameSql(sql`a ${[1, 2]} ${'x'}`, sql`a ${[1, 2]} ${'x'}`)).toBe(true);
    expect(sameSql(sql`a ${[1, 2]}`, sql`a ${[1, 3]}`)).toBe(false);
    expect(sameSql(sql`a ${1}`, sql`b ${1}`)).toBe(false);
    expect(sameSql(sql`a ${'1'}`, sql`a ${1}`)).toBe(false);
  });
});
