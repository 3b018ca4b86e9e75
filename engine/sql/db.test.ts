import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Db } from './db.js';
import { sql } from './sql.js';

describe('Db', () => {
  it('runs the queries of a read-only store concurrently: a quick one does not wait for a slow one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'duckportal-db-'));
    const path = join(dir, 'store.duckdb');
    (await Db.open(path)).close();
    const db = await Db.open(path, { readOnly: true });
    const finished: string[] = [];
    const slow = db.all(sql`SELECT sum(hash(i)) AS s FROM range(100000000) t(i)`).then(() => finished.push('slow'));
    const quick = db.all(sql`SELECT count(*) AS n FROM type_of_cancer`).then(() => finished.push('quick'));
    await Promise.all([slow, quick]);
    expect(finished).toEqual(['quick', 'slow']);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
