// `duckportal genes import` from the seed exports and from the gene-info TSV (../shared/reference).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { importGenes } from '../../loaders/reference/genes-import.js';
import { REFERENCE } from '../helpers/store.js';

describe('genes import', () => {
  it('imports a folder of seed exports (row counts from reference/README.md)', async () => {
    const db = await Db.open(':memory:');
    const summary = await importGenes(db, REFERENCE);
    expect(summary).toEqual({ genes: 44_824, aliases: 57_955, referenceGenomeGenes: 89_648, cancerTypes: 852, referenceGenomes: 3 });
    // Re-import replaces rather than adds.
    expect(await importGenes(db, REFERENCE)).toEqual(summary);
    db.close();
  });

  it('imports the gene-info TSV: 44,852 genes (awk NR minus the header; no final newline); synonyms split on | (58,018 distinct per gene, counted with DuckDB)', async () => {
    const db = await Db.open(':memory:');
    const summary = await importGenes(db, join(REFERENCE, 'gene-info-Oct-07-2025.txt'));
    expect(summary.genes).toBe(44_852);
    expect(summary.aliases).toBe(58_018);
    expect(summary.referenceGenomeGenes).toBe(44_852);
    const tp53 = await db.one(sql`SELECT hugo_gene_symbol, type FROM gene WHERE entrez_gene_id = 7157`);
    expect(tp53).toEqual({ hugo_gene_symbol: 'TP53', type: 'protein-coding' });
    db.close();
  });

  it('resolves symbols as cBioPortal does: official symbol, unique alias, fixed MLL2/CDC2', async () => {
    const db = await Db.open(':memory:');
    await importGenes(db, REFERENCE);
    const genes = await GeneResolver.load(db);
    const entrez = (symbol: string, fixed = false) => {
      const r = genes.bySymbolName(symbol, { useFixedSymbols: fixed });
      return r.kind === 'gene' ? r.gene.entrezGeneId : r.kind;
    };
    expect(entrez('tp53')).toBe(7157);
    expect(entrez('NA')).toBe(7504); // 'NA' is an alias of XK (study-format 3.4)
    expect(entrez('MLL2', true)).toBe(8085);
    expect(entrez('CDC2', true)).toBe(983);
    expect(entrez('NOT_A_GENE_SYMBOL')).toBe('unknown');
    db.close();
  });
});
