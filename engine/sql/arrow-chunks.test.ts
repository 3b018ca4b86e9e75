// Db.arrowBatches (arrow-chunks.ts) on generated rows: values, NULLs, texts of every length and
// multi-byte ones (packed per row, split back by byte length), structs, several chunks and
// batches; and the errors for a column the answer has no field for or cannot type.
import { Bool, Field, Float64, Int32, RecordBatch, Schema, Struct, Utf8 } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from './db.js';
import { raw, sql } from './sql.js';

let db: Db;
beforeAll(async () => {
  db = await Db.open(':memory:');
});
afterAll(() => db.close());

const FIELDS = new Schema([
  new Field('id', new Int32(), true),
  new Field('big', new Int32(), true),
  new Field('x', new Float64(), true),
  new Field('flag', new Bool(), true),
  new Field('shortText', new Utf8(), true),
  new Field('longText', new Utf8(), true),
  new Field('gene', new Struct([new Field('symbol', new Utf8(), true), new Field('entrezGeneId', new Int32(), true)]), true),
]);

async function batchesOf(text: string, fields = FIELDS, numbers?: Record<string, (x: number) => number>): Promise<RecordBatch[]> {
  const out: RecordBatch[] = [];
  // The test's own constant SQL.
  for await (const batch of db.arrowBatches({ query: raw(text), numbers }, fields)) out.push(batch);
  return out;
}

describe('Db.arrowBatches', () => {
  it('answers every row and value, in the order of the fields, over several chunks and batches', async () => {
    const n = 70_000;
    const batches = await batchesOf(`SELECT
        CASE WHEN i % 7 = 0 THEN NULL ELSE repeat('é🧬', (i % 9)::INTEGER) || i::VARCHAR END AS long_text,
        i::INTEGER AS id, (i * 1000)::BIGINT AS big, CASE WHEN i % 5 = 0 THEN NULL ELSE i / 4 END AS x,
        CASE WHEN i % 3 = 0 THEN NULL ELSE i % 2 = 0 END AS flag, CASE WHEN i % 11 = 0 THEN NULL ELSE 'a' || (i % 10)::VARCHAR END AS short_text,
        CASE WHEN i % 13 = 0 THEN NULL ELSE {'symbol': 'GENE_NAME_LONGER_THAN_12_' || i::VARCHAR, 'entrez_gene_id': i::INTEGER} END AS gene
      FROM range(${n}) t(i) ORDER BY i`, FIELDS, { x: (x) => x * 2 });
    expect(batches.length).toBe(3); // 32,768 rows a batch
    expect(batches[0].schema.fields.map((f) => f.name)).toEqual(['id', 'big', 'x', 'flag', 'shortText', 'longText', 'gene']);
    let i = 0;
    for (const batch of batches) {
      for (let r = 0; r < batch.numRows; r++, i++) {
        const row = batch.get(r)!.toJSON() as Record<string, unknown>;
        expect(row.id).toBe(i);
        expect(row.big).toBe(i * 1000);
        expect(row.x).toBe(i % 5 === 0 ? null : i / 2);
        expect(row.flag).toBe(i % 3 === 0 ? null : i % 2 === 0);
        expect(row.shortText).toBe(i % 11 === 0 ? null : `a${i % 10}`);
        expect(row.longText).toBe(i % 7 === 0 ? null : `${'é🧬'.repeat(i % 9)}${i}`);
        const gene = row.gene as { toJSON(): unknown } | null;
        expect(gene === null ? null : gene.toJSON()).toEqual(i % 13 === 0 ? null : { symbol: `GENE_NAME_LONGER_THAN_12_${i}`, entrezGeneId: i });
      }
    }
    expect(i).toBe(n);
  });

  it('answers an empty result as one batch with the fields of its columns', async () => {
    const [batch, ...more] = await batchesOf('SELECT 1::INTEGER AS id, \'a\' AS short_text WHERE false');
    expect(more).toEqual([]);
    expect(batch.numRows).toBe(0);
    expect(batch.schema.fields.map((f) => f.name)).toEqual(['id', 'shortText']);
  });

  it('refuses a column the answer has no field for, one of another type, and an integer beyond 32 bits', async () => {
    await expect(batchesOf('SELECT 1::INTEGER AS nope')).rejects.toThrow('column nope is not a field of the answer');
    await expect(batchesOf('SELECT 1.5::DOUBLE AS id')).rejects.toThrow('column id: DOUBLE cannot be answered as Int32');
    await expect(batchesOf('SELECT 4294967296::BIGINT AS big')).rejects.toThrow('beyond a 32-bit integer');
    // A NULL's unused high half is no error.
    expect((await batchesOf('SELECT NULL::BIGINT AS big'))[0].get(0)!.toJSON()).toEqual({ big: null });
  });

  it('runs its statements through the sql tag (parameters bound)', async () => {
    const out: RecordBatch[] = [];
    for await (const b of db.arrowBatches({ query: sql`SELECT ${'é long text with a parameter'}::VARCHAR AS long_text, ${7}::INTEGER AS id` }, FIELDS)) out.push(b);
    expect(out[0].get(0)!.toJSON()).toEqual({ id: 7, longText: 'é long text with a parameter' });
  });
});
