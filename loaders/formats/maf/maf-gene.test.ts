import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../../../engine/sql/db.js';
import { GeneResolver } from '../../genes/gene-resolver.js';
import { resolveMafGene, type MafGene } from './maf-gene.js';

let db: Db;
let genes: GeneResolver;

beforeAll(async () => {
  db = await Db.open(':memory:');
  await db.exec(`
    INSERT INTO gene VALUES (7157, 'TP53', 'protein-coding', NULL), (8085, 'KMT2D', 'protein-coding', NULL),
      (9757, 'KMT2B', 'protein-coding', NULL), (983, 'CDK1', 'protein-coding', NULL), (1017, 'CDK2', 'protein-coding', NULL),
      (7504, 'XK', 'protein-coding', NULL), (1, 'A1BG', 'protein-coding', NULL), (2, 'A2M', 'protein-coding', NULL);
    INSERT INTO gene_alias VALUES (8085, 'MLL2'), (9757, 'MLL2'), (983, 'CDC2'), (1017, 'CDC2'), (7504, 'NA'),
      (1, 'AMBI'), (2, 'AMBI'), (2, '7157X');`);
  genes = await GeneResolver.load(db);
});
afterAll(() => db.close());

const entrezOf = (found: MafGene) => (found.kind === 'gene' ? found.gene.entrezGeneId : found.reason);

describe('MAF gene resolution', () => {
  it('uses a known Entrez id and ignores the symbol', () => {
    expect(entrezOf(resolveMafGene(genes, 'WHATEVER', '7157'))).toBe(7157);
  });
  it('skips rows whose Entrez id is not a known non-negative integer (NA included), with no symbol fallback', () => {
    expect(entrezOf(resolveMafGene(genes, 'TP53', 'NA'))).toBe('invalid-entrez');
    expect(entrezOf(resolveMafGene(genes, 'TP53', '-7157'))).toBe('invalid-entrez');
    expect(entrezOf(resolveMafGene(genes, 'TP53', '7157.0'))).toBe('invalid-entrez');
    expect(entrezOf(resolveMafGene(genes, 'TP53', '99999999'))).toBe('unknown-entrez');
  });
  it('uses the symbol for an empty or 0 Entrez id, or without the column', () => {
    expect(entrezOf(resolveMafGene(genes, 'tp53', ''))).toBe(7157);
    expect(entrezOf(resolveMafGene(genes, 'TP53', '0'))).toBe(7157);
    expect(entrezOf(resolveMafGene(genes, 'TP53', undefined))).toBe(7157);
    // NA is a real symbol for the importer (an alias of XK)
    expect(entrezOf(resolveMafGene(genes, 'NA', ''))).toBe(7504);
  });
  it('tries an all-digit symbol as an Entrez id first', () => {
    expect(entrezOf(resolveMafGene(genes, '7157', ''))).toBe(7157);
    expect(entrezOf(resolveMafGene(genes, '123456', ''))).toBe('unresolved');
  });
  it('skips ambiguous aliases except MLL2 and CDC2', () => {
    expect(entrezOf(resolveMafGene(genes, 'AMBI', ''))).toBe('unresolved');
    expect(entrezOf(resolveMafGene(genes, 'MLL2', ''))).toBe(8085);
    expect(entrezOf(resolveMafGene(genes, 'CDC2', ''))).toBe(983);
  });
  it('treats Unknown with Entrez 0 (or no Entrez column) as intergenic', () => {
    expect(entrezOf(resolveMafGene(genes, 'Unknown', '0'))).toBe('intergenic');
    expect(entrezOf(resolveMafGene(genes, 'Unknown', undefined))).toBe('intergenic');
    expect(entrezOf(resolveMafGene(genes, 'Unknown', ''))).toBe('unresolved');
    expect(entrezOf(resolveMafGene(genes, 'Unknown', '7157'))).toBe(7157);
  });
});
