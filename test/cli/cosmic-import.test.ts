// `duckportal cosmic import` on a store file as curators run it: a gzipped VCF imported, bad input
// refused with file and line and nothing changed, a second import replacing the first.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { cosmicRecord, KEPT, SKIPPED, writeCosmicVcf } from '../helpers/cosmic-vcf.js';
import { storeFingerprint } from '../helpers/fingerprint.js';
import { runCli as run } from '../helpers/run-cli.js';

const GENES = fileURLToPath(new URL('../../data/demo-genes.tsv', import.meta.url));

let dir: string;
let dbPath: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'duckportal-cosmic-cli-'));
  dbPath = join(dir, 'store.duckdb');
  expect((await run(['genes', 'import', GENES, '--db', dbPath])).code).toBe(0);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function readStore<T>(read: (db: Db) => Promise<T>): Promise<T> {
  const db = await Db.open(dbPath, { readOnly: true });
  try {
    return await read(db);
  } finally {
    db.close();
  }
}
const rows = () => readStore((db) => db.all(sql`SELECT cosmic_mutation_id, count, keyword FROM cosmic_mutation ORDER BY keyword, cosmic_mutation_id`));

describe('duckportal cosmic import', () => {
  it('imports a gzipped VCF and reports what it skipped', async () => {
    const result = await run(['cosmic', 'import', writeCosmicVcf(dir, 'CosmicCodingMuts.vcf.gz'), '--db', dbPath]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^COSMIC mutations: 5\n {2}skipped \(4 kinds\):\n/);
    expect(result.stdout).toContain('CosmicCodingMuts.vcf.gz (line 13): gene symbol not in the gene table; skipped');
    expect(await rows()).toEqual([
      { cosmic_mutation_id: '476', count: 40000, keyword: 'BRAF V600 missense' },
      { cosmic_mutation_id: '1000', count: 3, keyword: 'BRCA2 D3073 missense' },
      { cosmic_mutation_id: '44140', count: 12, keyword: 'TP53 G199 missense' },
      { cosmic_mutation_id: '44141', count: 5, keyword: 'TP53 G199 missense' },
      { cosmic_mutation_id: '10654', count: 600, keyword: 'TP53 truncating' },
    ]);
  }, 60_000);

  it('refuses bad input naming file and line, and changes nothing', async () => {
    const before = await readStore(storeFingerprint);
    const bad = writeCosmicVcf(dir, 'bad.vcf', [...KEPT, ...SKIPPED, cosmicRecord('7', 1, 'COSM5', 'GENE=BRAF').split('\t').slice(0, 7).join('\t')]);
    const result = await run(['cosmic', 'import', bad, '--db', dbPath]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: bad.vcf:17: expected 8 tab-separated columns (CHROM POS ID REF ALT QUAL FILTER INFO), found 7\n');
    expect(await readStore(storeFingerprint)).toEqual(before);

    const missing = await run(['cosmic', 'import', join(dir, 'absent.vcf'), '--db', dbPath]);
    expect([missing.code, missing.stderr]).toEqual([1, 'error: absent.vcf: no such file\n']);
    writeFileSync(join(dir, 'broken.vcf.gz'), 'not gzip');
    const broken = await run(['cosmic', 'import', join(dir, 'broken.vcf.gz'), '--db', dbPath]);
    expect([broken.code, broken.stderr]).toEqual([1, 'error: broken.vcf.gz:1: cannot read the file: incorrect header check\n']);
    expect(await readStore(storeFingerprint)).toEqual(before);
  }, 60_000);

  it('replaces the previous import', async () => {
    const next = writeCosmicVcf(dir, 'next.vcf', [cosmicRecord('7', 140453136, 'COSM476', 'GENE=BRAF;STRAND=-;CDS=c.1799T>A;AA=p.V600E;CNT=41000')]);
    const result = await run(['cosmic', 'import', next, '--db', dbPath]);
    expect([result.code, result.stdout]).toEqual([0, 'COSMIC mutations: 1\n']);
    expect(await rows()).toEqual([{ cosmic_mutation_id: '476', count: 41000, keyword: 'BRAF V600 missense' }]);
  }, 60_000);
});
