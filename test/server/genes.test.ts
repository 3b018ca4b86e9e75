// Genes and reference genome genes (api.md 17) over the shared reference (seed gene table,
// 44,824 genes; hg19 and hg38 locations with start/end 0).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp(['study_hg38']);
});
afterAll(() => app.close());

const symbols = (body: { hugoGeneSymbol: string }[]) => body.map((g) => g.hugoGeneSymbol);
const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

describe('GET /api/genes', () => {
  it('matches keyword tokens as symbol prefixes, output by symbol', async () => {
    // gene-info: symbols starting with BRCA are BRCA1 (672), BRCA1P1 (394269), BRCA2 (675).
    expect((await app.inject('/api/genes?keyword=brca')).json()).toEqual([
      { entrezGeneId: 672, hugoGeneSymbol: 'BRCA1', type: 'protein-coding' },
      { entrezGeneId: 394269, hugoGeneSymbol: 'BRCA1P1', type: 'pseudogene' },
      { entrezGeneId: 675, hugoGeneSymbol: 'BRCA2', type: 'protein-coding' },
    ]);
    // Every token must be a prefix: no symbol starts with both BRCA and 1.
    expect((await app.inject('/api/genes?keyword=BRCA%201')).json()).toEqual([]);
    expect((await app.inject('/api/genes?keyword=BRCA&projection=ID')).json()).toEqual([
      { entrezGeneId: 672, hugoGeneSymbol: 'BRCA1' }, { entrezGeneId: 394269, hugoGeneSymbol: 'BRCA1P1' }, { entrezGeneId: 675, hugoGeneSymbol: 'BRCA2' },
    ]);
  });

  it('adds genes whose alias is the keyword (case-insensitive) and counts them under META', async () => {
    // gene-info: 672 BRCA1 has synonyms RNF53|PPP1R53|FANCS; no symbol starts with FANCS.
    expect(symbols((await app.inject('/api/genes?keyword=fancs')).json())).toEqual(['BRCA1']);
    expect((await app.inject('/api/genes?keyword=fancs&projection=META')).headers['total-count']).toBe('1');
    expect((await app.inject('/api/genes?keyword=brca&projection=META')).headers['total-count']).toBe('3');
    // The alias parameter is an exact match.
    expect(symbols((await app.inject('/api/genes?alias=FANCS')).json())).toEqual(['BRCA1']);
    expect((await app.inject('/api/genes?alias=fancs')).json()).toEqual([]);
  });

  it('pages by sortBy but always answers by symbol', async () => {
    // seed_table_gene: lowest Entrez ids 1 A1BG, 2 A2M, 9 NAT1; highest 1001421444 GNPNAT1P2,
    // 143528986 NSUN7-AS1, 143528985 PGM2-DT.
    expect(symbols((await app.inject('/api/genes?pageSize=3')).json())).toEqual(['A1BG', 'A2M', 'NAT1']);
    expect(symbols((await app.inject('/api/genes?pageSize=3&sortBy=entrezGeneId&direction=DESC')).json())).toEqual(['GNPNAT1P2', 'NSUN7-AS1', 'PGM2-DT']);
    expect((await app.inject('/api/genes?pageSize=2&pageNumber=1&projection=ID')).json()).toEqual([
      { entrezGeneId: 9, hugoGeneSymbol: 'NAT1' }, { entrezGeneId: 10, hugoGeneSymbol: 'NAT2' },
    ]);
    const meta = await app.inject('/api/genes?projection=META');
    expect(meta.headers['total-count']).toBe('44824');
    expect(meta.body).toBe('');
  });

  it('rejects bad parameters', async () => {
    for (const q of ['projection=summary', 'sortBy=symbol', 'pageSize=1.5']) expect((await app.inject(`/api/genes?${q}`)).statusCode, q).toBe(400);
    expect((await app.inject('/api/genes?pageSize=0')).json()).toEqual({ message: 'pageSize must be greater than or equal to 1' });
    expect((await app.inject('/api/genes?pageNumber=-1')).json()).toEqual({ message: 'pageNumber must be greater than or equal to 0' });
  });
});

describe('GET /api/genes/{geneId} and /aliases', () => {
  it('finds a gene by Entrez id or exact symbol', async () => {
    const brca1 = { entrezGeneId: 672, hugoGeneSymbol: 'BRCA1', type: 'protein-coding' };
    expect((await app.inject('/api/genes/672')).json()).toEqual(brca1);
    expect((await app.inject('/api/genes/BRCA1')).json()).toEqual(brca1);
    for (const id of ['brca1', 'FANCS', '99999999999', '-5']) {
      const res = await app.inject(`/api/genes/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: `Gene not found: ${id}` });
    }
  });

  it('lists the aliases; 404 for an unknown gene', async () => {
    expect(((await app.inject('/api/genes/BRCA1/aliases')).json() as string[]).sort()).toEqual(['FANCS', 'PPP1R53', 'RNF53']);
    expect((await app.inject('/api/genes/nope/aliases')).json()).toEqual({ message: 'Gene not found: nope' });
  });
});

describe('POST /api/genes/fetch', () => {
  it('fetches by Entrez id, dropping non-integers and repeats, by symbol', async () => {
    const res = await post('/api/genes/fetch', ['7157', 'x', '672', '672', '1.5']);
    expect(res.json()).toEqual([
      { entrezGeneId: 672, hugoGeneSymbol: 'BRCA1', type: 'protein-coding' }, { entrezGeneId: 7157, hugoGeneSymbol: 'TP53', type: 'protein-coding' },
    ]);
    const meta = await post('/api/genes/fetch?projection=META', ['7157', 'x', '672', '1']);
    expect(meta.headers['total-count']).toBe('3');
  });

  it('fetches by exact symbol (no aliases) under any projection', async () => {
    const res = await post('/api/genes/fetch?geneIdType=HUGO_GENE_SYMBOL&projection=ID', ['TP53', 'FANCS', 'brca2', 'A1BG']);
    expect(res.json()).toEqual([{ entrezGeneId: 1, hugoGeneSymbol: 'A1BG' }, { entrezGeneId: 7157, hugoGeneSymbol: 'TP53' }]);
  });

  it('validates the body and geneIdType', async () => {
    expect((await post('/api/genes/fetch', [])).json()).toEqual({ message: 'geneIds size must be between 1 and 10000000' });
    expect((await post('/api/genes/fetch?geneIdType=SYMBOL', ['1'])).statusCode).toBe(400);
    for (const payload of ['[', '{"geneIds": ["1"]}', '"1"']) {
      const res = await app.inject({ method: 'POST', url: '/api/genes/fetch', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBe('There is an error in the JSON format of the request payload');
    }
  });
});

describe('reference genome genes', () => {
  it('answers one gene of a genome; 404 with an empty body when absent, 400 for a non-integer', async () => {
    // seed_table_reference_genome_gene: 672 on chromosome 17, 17q21.31, start/end 0; hg38 is genome 2.
    expect((await app.inject('/api/reference-genome-genes/hg38/672')).json()).toEqual({
      entrezGeneId: 672, referenceGenomeId: 2, hugoGeneSymbol: 'BRCA1', chromosome: '17', cytoband: '17q21.31', start: 0, end: 0,
    });
    const missing = await app.inject('/api/reference-genome-genes/mm10/672');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('');
    expect((await app.inject('/api/reference-genome-genes/hg19/BRCA1')).statusCode).toBe(400);
  });

  it('lists a genome\'s genes in Entrez id order, each as its own answer; an unknown genome gives []', async () => {
    const genes = (await app.inject('/api/reference-genome-genes/hg19')).json() as { entrezGeneId: number }[];
    expect(genes).toHaveLength(44824);
    expect(genes.every((gene, i) => i === 0 || genes[i - 1].entrezGeneId < gene.entrezGeneId)).toBe(true);
    for (const id of [genes[0].entrezGeneId, 672, 7157, genes[44823].entrezGeneId]) {
      const listed = genes.find((gene) => gene.entrezGeneId === id);
      expect(JSON.stringify(listed)).toBe((await app.inject(`/api/reference-genome-genes/hg19/${id}`)).body);
    }
    expect((await app.inject('/api/reference-genome-genes/nope')).json()).toEqual([]);
  });

  it('fetches by Entrez ids when the first id is an integer, else by symbols', async () => {
    const ids = (body: { entrezGeneId: number }[]) => body.map((g) => g.entrezGeneId);
    expect(ids((await post('/api/reference-genome-genes/hg19/fetch', ['7157', '672', '0'])).json())).toEqual([672, 7157]);
    expect(ids((await post('/api/reference-genome-genes/hg19/fetch', ['TP53', 'BRCA1', '672'])).json())).toEqual([672, 7157]);
    const mixed = await post('/api/reference-genome-genes/hg19/fetch', ['672', 'TP53']);
    expect(mixed.statusCode).toBe(400);
    expect((await post('/api/reference-genome-genes/hg19/fetch', [])).json()).toEqual({ message: 'geneIds size must be between 1 and 100000' });
  });
});
