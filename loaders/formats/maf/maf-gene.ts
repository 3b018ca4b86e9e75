// Gene of a MAF row (study-format 9, MAF column; 10.4 step 5): a usable Entrez id must be known,
// else the symbol (an all-digit symbol is tried as an Entrez id first); Unknown + 0 is intergenic.
import type { GeneRecord, GeneResolver } from '../../genes/gene-resolver.js';
import { parseJavaLong } from '../../text/java-number.js';

export type MafGene =
  | { kind: 'gene'; gene: GeneRecord }
  | { kind: 'skip'; reason: 'invalid-entrez' | 'unknown-entrez' | 'intergenic' | 'unresolved' };

/**
 * `entrezCell` is undefined when the file has no Entrez_Gene_Id column. Resolution results are
 * cached per (entrez, symbol) by the caller's `cache`, since MAFs repeat genes a lot.
 */
export function resolveMafGene(genes: GeneResolver, symbol: string, entrezCell: string | undefined): MafGene {
  const entrez = entrezCell ?? '';
  let gene: GeneRecord | undefined;
  if (entrez !== '' && entrez !== '0') {
    const id = parseJavaLong(entrez);
    if (id === undefined || id < 0) return { kind: 'skip', reason: 'invalid-entrez' };
    gene = genes.byEntrezId(id);
    if (!gene) return { kind: 'skip', reason: 'unknown-entrez' };
  }
  if (!gene && symbol !== '' && symbol !== 'Unknown') gene = bySymbol(genes, symbol);
  if (symbol === 'Unknown' && (entrez === '0' || entrezCell === undefined)) return { kind: 'skip', reason: 'intergenic' };
  return gene ? { kind: 'gene', gene } : { kind: 'skip', reason: 'unresolved' };
}

function bySymbol(genes: GeneResolver, symbol: string): GeneRecord | undefined {
  if (/^[0-9]+$/.test(symbol)) {
    const gene = genes.byEntrezId(Number(symbol));
    if (gene) return gene;
  }
  const found = genes.bySymbolName(symbol, { useFixedSymbols: true });
  return found.kind === 'gene' ? found.gene : undefined;
}

/** A memo of resolveMafGene by (Entrez cell, symbol); two levels to avoid building keys. */
export class MafGeneCache {
  private readonly cache = new Map<string, Map<string, MafGene>>();

  constructor(private readonly genes: GeneResolver) {}

  resolve(symbol: string, entrezCell: string | undefined): MafGene {
    const entrezKey = entrezCell ?? '\u0000';
    let bySymbol = this.cache.get(entrezKey);
    if (!bySymbol) this.cache.set(entrezKey, (bySymbol = new Map()));
    let found = bySymbol.get(symbol);
    if (!found) bySymbol.set(symbol, (found = resolveMafGene(this.genes, symbol, entrezCell)));
    return found;
  }
}
