import { describe, expect, it } from 'vitest';
import { Db } from './db.js';
import { join, raw, sql } from './sql.js';

describe('the sql tag', () => {
  it('binds values as parameters and renumbers nested fragments', () => {
    const inner = sql`b = ${2} AND c = ${'x'}`;
    const q = sql`SELECT * FROM t WHERE a = ${1} AND ${inner} AND d IN (SELECT unnest(${['p', 'q']}))`;
    expect(q.text).toBe('SELECT * FROM t WHERE a = $1 AND b = $2 AND c = $3 AND d IN (SELECT unnest($4))');
    expect(q.params).toEqual([1, 2, 'x', ['p', 'q']]);
    expect(join([sql`${1}`, raw('x'), sql`${2}`]).text).toBe('$1, x, $2');
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
});
