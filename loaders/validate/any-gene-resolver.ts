// Genes when no store is given to `validate`: every Entrez id and symbol names a gene, so the
// gene checks are skipped (as validateData.py skips them without a portal to ask), while the
// rules about a row's gene cell (blank, '///', repeated in a file) still apply.
import { GeneResolver, type GeneRecord, type Resolution } from '../genes/gene-resolver.js';

/** Stand-in Entrez ids of symbols start here, above every real Entrez id. */
const FIRST_SYMBOL_ID = 2_000_000_000;

export class AnyGeneResolver extends GeneResolver {
  private readonly symbols = new Map<string, GeneRecord>();

  constructor() {
    super(new Map(), new Map(), new Map());
  }

  override byEntrezId(id: number): GeneRecord {
    return { entrezGeneId: id, hugoGeneSymbol: String(id), type: null };
  }

  override bySymbolName(symbol: string): Resolution {
    const key = symbol.trim().toUpperCase();
    let gene = this.symbols.get(key);
    if (!gene) this.symbols.set(key, (gene = { entrezGeneId: FIRST_SYMBOL_ID - this.symbols.size, hugoGeneSymbol: key, type: null }));
    return { kind: 'gene', gene };
  }
}
