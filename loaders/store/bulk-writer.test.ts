import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { BulkWriter } from './bulk-writer.js';

describe('BulkWriter', () => {
  it('round-trips NULLs, empty strings, tabs, quotes, backslashes and JSON through the TSV file', async () => {
    const db = await Db.open(':memory:');
    await db.exec('CREATE TABLE t (i INTEGER, b BIGINT, d DOUBLE, f BOOLEAN, s VARCHAR, j JSON)');
    const writer = await BulkWriter.open(db, 't');
    const texts = ['', 'plain', 'tab\there', 'quote"here', 'back\\slash', '\\N', 'line\nbreak', 'NA'];
    texts.forEach((s, i) => writer.add({ i, b: 2 ** 40 + i, d: i / 4, f: i % 2 === 0, s, j: i === 0 ? '{"a":{"b":1}}' : null }));
    writer.add({});
    await writer.finish();
    const rows = await db.all<{ i: number | null; s: string | null }>(sql`SELECT i, b, d, f, s, j FROM t ORDER BY i NULLS LAST`);
    expect(rows.map((r) => r.s)).toEqual([...texts, null]);
    expect(rows[0]).toEqual({ i: 0, b: 2 ** 40, d: 0, f: true, s: '', j: '{"a":{"b":1}}' });
    expect(rows[8]).toEqual({ i: null, b: null, d: null, f: null, s: null, j: null });
    db.close();
  });

  it('reads columns by name whatever the order of a row\'s properties, and inserts nothing until it finishes', async () => {
    const db = await Db.open(':memory:');
    await db.exec('CREATE TABLE t (i INTEGER, s VARCHAR)');
    const writer = await BulkWriter.open(db, 't');
    writer.add({ s: 'first', i: 1 });
    writer.add({ i: 2, s: 'second', extra: 'ignored' });
    expect(await db.all(sql`SELECT * FROM t`)).toEqual([]);
    await writer.finish();
    expect(await db.all(sql`SELECT i, s FROM t ORDER BY i`)).toEqual([{ i: 1, s: 'first' }, { i: 2, s: 'second' }]);
    expect(() => writer.add({ i: 3 })).toThrow(/after finish/);
    await expect(writer.finish()).rejects.toThrow(/finished or discarded/);
    db.close();
  });

  it('keeps the file of an in-memory store\'s rows in the temporary folder under its process id (for removal should it be killed), until it finishes', async () => {
    const db = await Db.open(':memory:');
    await db.exec('CREATE TABLE t (i INTEGER)');
    const writer = await BulkWriter.open(db, 't');
    const own = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`duckportal-rows-${process.pid}-`));
    for (let i = 0; i < 10_000; i++) writer.add({ i }); // past one flush to its file
    expect(own()).toHaveLength(1);
    await writer.finish();
    expect(own()).toEqual([]);
    db.close();
  });

  it('discards its rows when not finished, and finishes a writer of no rows', async () => {
    const db = await Db.open(':memory:');
    await db.exec('CREATE TABLE t (i INTEGER)');
    const dropped = await BulkWriter.open(db, 't');
    for (let i = 0; i < 100_000; i++) dropped.add({ i }); // past one flush to its file
    dropped.discard();
    const empty = await BulkWriter.open(db, 't');
    await empty.finish();
    expect(empty.rowCount).toBe(0);
    expect(await db.all(sql`SELECT count(*)::INTEGER AS n FROM t`)).toEqual([{ n: 0 }]);
    db.close();
  });
});
