// POST /api/cosmic-counts/fetch over a small COSMIC VCF imported as `duckportal cosmic import`
// does, with study_es_0 loaded so that the keywords of its mutations (what the front end sends)
// are asked as well.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { importCosmic } from '../../loaders/reference/cosmic-import.js';
import { sql } from '../../engine/sql/sql.js';
import type { Db } from '../../engine/sql/db.js';
import { writeCosmicVcf } from '../helpers/cosmic-vcf.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';

let app: FastifyInstance;
let db: Db;
const dir = mkdtempSync(join(tmpdir(), 'duckportal-cosmic-'));
beforeAll(async () => {
  const store = await openReferenceStore();
  await loadTestStudy(store, 'study_es_0');
  db = store.db;
  app = await buildApp({ db });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (text: string) => app.inject({ method: 'POST', url: '/api/cosmic-counts/fetch', headers: { 'content-type': 'application/json' }, payload: text });
const fetchCounts = (body: unknown) => post(JSON.stringify(body));

const TP53_G199 = [
  { cosmicMutationId: '44140', proteinChange: 'G199V', keyword: 'TP53 G199 missense', count: 12 },
  { cosmicMutationId: '44141', proteinChange: 'G199E', keyword: 'TP53 G199 missense', count: 5 },
];

describe('POST /api/cosmic-counts/fetch', () => {
  it('answers [] while no COSMIC file is imported', async () => {
    const res = await fetchCounts(['TP53 G199 missense']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('imports the records to keep and says what it skipped, by line', async () => {
    const summary = await importCosmic(db, writeCosmicVcf(dir, 'CosmicCodingMuts.vcf'));
    expect(summary.mutations).toBe(5);
    // Lines 1-6 are the header, 7-11 the kept records, 12-16 the skipped ones.
    expect(summary.warnings.sort()).toEqual([
      'CosmicCodingMuts.vcf (line 12): COSMIC id repeated (the first record is kept); skipped',
      'CosmicCodingMuts.vcf (line 13): gene symbol not in the gene table; skipped',
      'CosmicCodingMuts.vcf (line 14): protein change gives no mutation keyword; skipped',
      'CosmicCodingMuts.vcf (line 15, 16): record lacks one of INFO GENE, STRAND, CDS, AA=p.…, CNT; skipped ×2',
    ]);
    const rows = await db.all(sql`SELECT cosmic_mutation_id, entrez_gene_id, chr, start_position, strand, codon_change, keyword FROM cosmic_mutation ORDER BY cosmic_mutation_id`);
    expect(rows).toContainEqual({ cosmic_mutation_id: '44141', entrez_gene_id: 7157, chr: '17', start_position: 7578254, strand: '-', codon_change: 'c.596G>A', keyword: 'TP53 G199 missense' });
  });

  it('answers the rows of the keywords asked, each once, by keyword then id; unknown keywords add nothing', async () => {
    const res = await fetchCounts(['TP53 G199 missense', 'BRAF V600 missense', 'TP53 G199 missense', 'KRAS G12 missense', 'tp53 g199 missense']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ cosmicMutationId: '476', proteinChange: 'V600E', keyword: 'BRAF V600 missense', count: 40000 }, ...TP53_G199]);
    expect((await fetchCounts(['NOPE'])).json()).toEqual([]);
  });

  it('matches the keywords of loaded mutations, as the front end sends them', async () => {
    const mutations = await app.inject({
      method: 'POST', url: '/api/molecular-profiles/study_es_0_mutations/mutations/fetch?projection=DETAILED',
      payload: { sampleListId: 'study_es_0_all', entrezGeneIds: [7157, 675] },
    });
    const keywords = [...new Set((mutations.json() as { keyword?: string }[]).flatMap((m) => (m.keyword ? [m.keyword] : [])))];
    expect(keywords).toEqual(expect.arrayContaining(['TP53 G199 missense', 'TP53 truncating', 'BRCA2 D3073 missense', 'BRCA2 truncating']));
    const answer = (await fetchCounts(keywords)).json() as { keyword: string; cosmicMutationId: string }[];
    expect(answer.map((c) => `${c.keyword}:${c.cosmicMutationId}`)).toEqual(['BRCA2 D3073 missense:1000', 'TP53 G199 missense:44140', 'TP53 G199 missense:44141', 'TP53 truncating:10654']);
  });

  it.each([
    ['an empty list', '[]', 'keywords size must be between 1 and 50000'],
    ['more than 50,000 keywords', JSON.stringify(Array.from({ length: 50_001 }, (_, i) => `K${i}`)), 'keywords size must be between 1 and 50000'],
    ['an object', '{"keywords":["TP53 G199 missense"]}', undefined],
    ['a bare string', '"TP53 G199 missense"', undefined],
    ['malformed JSON', '["TP53 G199', undefined],
  ])('refuses %s with 400 and a message', async (_what, text, message) => {
    const res = await post(text);
    expect(res.statusCode).toBe(400);
    const { message: got } = res.json() as { message: string };
    expect(typeof got).toBe('string');
    if (message) expect(got).toBe(message);
  });

  it('reads numbers and nulls among the keywords as Jackson does (text, nothing), matching no row', async () => {
    for (const body of [[7157], [null]]) {
      const res = await fetchCounts(body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });
});
