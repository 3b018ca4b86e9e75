// One gene token of an SV symbol column, a GISTIC region or a MutSig row, resolved as
// cBioPortal's DaoGeneOptimized.getNonAmbiguousGene does (study-format 9).
import type { GeneRecord, GeneResolver } from './gene-resolver.js';

/**
 * An all-digit token is tried as an Entrez id first; then the official symbol, then an alias of
 * exactly one gene (ambiguous aliases give undefined, except the fixed MLL2/CDC2).
 */
export function guessGene(genes: GeneResolver, token: string): GeneRecord | undefined {
  const text = token.trim();
  if (text === '') return undefined;
  if (/^[0-9]+$/.test(text)) {
    const gene = genes.byEntrezId(Number(text));
    if (gene) return gene;
  }
  const found = genes.bySymbolName(text, { useFixedSymbols: true });
  return found.kind === 'gene' ? found.gene : undefined;
}
