import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { Db } from './db.js';
import { storeIsOutdated } from './migrations.js';
import { sql } from './sql.js';

it('gives a store written before gene_value.number the column, filled from the cell text', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'duckportal-migrate-'));
  const path = join(dir, 'store.duckdb');
  const old = await Db.open(path, {
    schema: `CREATE TABLE gene_value (study_key INTEGER NOT NULL, profile_key INTEGER NOT NULL, entrez_gene_id INTEGER NOT NULL, sample_key INTEGER NOT NULL, value VARCHAR NOT NULL);
      INSERT INTO gene_value VALUES (1, 1, 7157, 1, '1.5'), (1, 1, 7157, 2, 'NA'), (1, 1, 7157, 3, '-2e-3'), (1, 1, 7157, 4, ''), (1, 1, 7157, 5, 'Infinity');`,
  });
  old.close();
  const db = await Db.open(path);
  expect((await db.all(sql`SELECT value, number FROM gene_value ORDER BY sample_key`)).map((r) => r.number)).toEqual([1.5, null, -0.002, null, null]);
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('asks a store written before cosmic_mutation for the writable open that creates it (serve reads it read-only)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'duckportal-migrate-'));
  const path = join(dir, 'store.duckdb');
  const old = await Db.open(path, { schema: 'CREATE TABLE gene_value (value VARCHAR, number DOUBLE);' });
  old.close();
  const probe = await Db.open(path, { readOnly: true });
  expect(await storeIsOutdated(probe)).toBe(true);
  probe.close();
  const db = await Db.open(path);
  expect(await storeIsOutdated(db)).toBe(false);
  expect(await db.all(sql`SELECT * FROM cosmic_mutation`)).toEqual([]);
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
