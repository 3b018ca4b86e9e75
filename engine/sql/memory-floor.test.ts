import { describe, expect, it } from 'vitest';
import { Db } from './db.js';
import { bytesOf, withMemoryFloor } from './memory-floor.js';
import { sql } from './sql.js';

const limitOf = async (db: Db) => bytesOf((await db.one<{ limit: string }>(sql`SELECT current_setting('memory_limit') AS limit`))?.limit);

describe('withMemoryFloor', () => {
  it('reads DuckDB memory settings', () => {
    expect(bytesOf('64MB')).toBe(64e6);
    expect(bytesOf('2GiB')).toBe(2 * 2 ** 30);
    expect(bytesOf('61.0 MiB')).toBe(61 * 2 ** 20);
    expect(bytesOf(undefined)).toBe(Infinity);
    expect(bytesOf('lots')).toBe(Infinity);
  });

  it('raises a lower limit for the work, puts it back after, also after a failure, and leaves a higher one', async () => {
    const db = await Db.open(':memory:', { memoryLimit: '64MB' });
    const before = await limitOf(db);
    expect(before).toBeLessThan(64e6);
    expect(await withMemoryFloor(db, 256 * 2 ** 20, () => limitOf(db))).toBe(256 * 2 ** 20);
    expect(await limitOf(db)).toBe(before);
    await expect(withMemoryFloor(db, 256 * 2 ** 20, () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(await limitOf(db)).toBe(before);
    expect(await withMemoryFloor(db, 32 * 2 ** 20, () => limitOf(db))).toBe(before);
    db.close();
  });
});
