// data/demo-genes.tsv: every symbol, Entrez id and chromosome agrees with cBioPortal's gene
// table (../shared/reference/gene-info-*.txt), and the generator's assumptions about it hold.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HG19_LENGTHS } from './copy-number.js';
import { readDemoGenes } from './demo-genes.js';
import { hotspotsOf } from './hotspots.js';

const GENE_INFO = fileURLToPath(new URL('../../../shared/reference/gene-info-Oct-07-2025.txt', import.meta.url));
const genes = readDemoGenes();

describe('data/demo-genes.tsv', () => {
  it('lists 150-300 distinct genes with known roles and panels', () => {
    expect(genes.length).toBeGreaterThanOrEqual(150);
    expect(genes.length).toBeLessThanOrEqual(300);
    expect(new Set(genes.map((g) => g.symbol)).size).toBe(genes.length);
    expect(new Set(genes.map((g) => g.entrezId)).size).toBe(genes.length);
    expect(genes.slice(0, 3).map((g) => g.symbol)).toEqual(['TP53', 'PIK3CA', 'KRAS']);
    for (const g of genes) for (const p of g.panels) expect(['DEMO_PANEL_A', 'DEMO_PANEL_B']).toContain(p);
    const a = genes.filter((g) => g.panels.includes('DEMO_PANEL_A'));
    expect(a.every((g) => g.panels.includes('DEMO_PANEL_B'))).toBe(true);
  });

  it('keeps every gene, with the generator spread of 30 bases per codon, inside its hg19 chromosome', () => {
    for (const g of genes) {
      expect(g.start, g.symbol).toBeGreaterThan(0);
      expect(g.start + 30 * (g.proteinLength + 1), g.symbol).toBeLessThan(HG19_LENGTHS[g.chromosome]);
    }
  });

  it('has hotspots only within their protein', () => {
    for (const g of genes) for (const h of hotspotsOf(g.symbol)?.hotspots ?? []) expect(h.endPosition, `${g.symbol} ${h.change}`).toBeLessThanOrEqual(g.proteinLength);
  });

  it.skipIf(!existsSync(GENE_INFO))('matches the gene table: Entrez id, official symbol, chromosome', () => {
    const [header, ...rows] = readFileSync(GENE_INFO, 'utf8').split('\n').filter(Boolean);
    const col = (name: string) => header.split('\t').indexOf(name);
    const [id, symbol, chromosome] = [col('entrez_id'), col('symbol'), col('chromosome')];
    const byId = new Map(rows.map((r) => r.split('\t')).map((c) => [Number(c[id]), c]));
    const symbolCount = new Map<string, number>();
    for (const c of byId.values()) symbolCount.set(c[symbol].toUpperCase(), (symbolCount.get(c[symbol].toUpperCase()) ?? 0) + 1);
    for (const g of genes) {
      const row = byId.get(g.entrezId);
      expect(row, `${g.symbol} ${g.entrezId}`).toBeDefined();
      expect(row![symbol], `${g.entrezId}`).toBe(g.symbol);
      expect(row![chromosome], g.symbol).toBe(g.chromosome);
      expect(symbolCount.get(g.symbol), g.symbol).toBe(1);
    }
  });
});
