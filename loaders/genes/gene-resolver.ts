// Resolves gene identifiers of data files against the gene table, as cBioPortal does
// (study-format 9; reference README): Entrez id first, then official symbol (case-insensitive),
// then an alias naming exactly one gene. Each file kind picks its policy with the options.
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';

export interface GeneRecord {
  entrezGeneId: number;
  hugoGeneSymbol: string;
  type: string | null;
}

/** Symbols cBioPortal fixes although they are ambiguous aliases. */
const FIXED_SYMBOLS = new Map([
  ['MLL2', 8085],
  ['CDC2', 983],
]);

export type Resolution =
  | { kind: 'gene'; gene: GeneRecord }
  | { kind: 'unknown' }
  | { kind: 'ambiguous'; candidates: number[] };

export class GeneResolver {
  protected constructor(
    private readonly byEntrez: Map<number, GeneRecord>,
    private readonly bySymbol: Map<string, GeneRecord[]>,
    private readonly byAlias: Map<string, number[]>,
  ) {}

  static async load(db: Db): Promise<GeneResolver> {
    const genes = await db.all<{ entrez_gene_id: number; hugo_gene_symbol: string; type: string | null }>(
      sql`SELECT entrez_gene_id, hugo_gene_symbol, type FROM gene`,
    );
    const byEntrez = new Map<number, GeneRecord>();
    const bySymbol = new Map<string, GeneRecord[]>();
    for (const g of genes) {
      const record = { entrezGeneId: g.entrez_gene_id, hugoGeneSymbol: g.hugo_gene_symbol, type: g.type };
      byEntrez.set(record.entrezGeneId, record);
      const key = record.hugoGeneSymbol.toUpperCase();
      bySymbol.set(key, [...(bySymbol.get(key) ?? []), record]);
    }
    const aliases = await db.all<{ entrez_gene_id: number; gene_alias: string }>(
      sql`SELECT DISTINCT entrez_gene_id, gene_alias FROM gene_alias ORDER BY entrez_gene_id, gene_alias`,
    );
    const byAlias = new Map<string, number[]>();
    for (const a of aliases) {
      const key = a.gene_alias.toUpperCase();
      const list = byAlias.get(key) ?? [];
      if (!list.includes(a.entrez_gene_id)) list.push(a.entrez_gene_id);
      byAlias.set(key, list);
    }
    return new GeneResolver(byEntrez, bySymbol, byAlias);
  }

  get size(): number {
    return this.byEntrez.size;
  }

  byEntrezId(id: number): GeneRecord | undefined {
    return this.byEntrez.get(id);
  }

  /**
   * Symbol lookup: official symbol, else an alias of exactly one gene.
   * `useFixedSymbols` applies the MLL2/CDC2 disambiguation; `firstAlias` takes the first
   * alias match (gene panel files).
   */
  bySymbolName(symbol: string, options: { useFixedSymbols?: boolean; firstAlias?: boolean } = {}): Resolution {
    const key = symbol.trim().toUpperCase();
    const official = this.bySymbol.get(key);
    if (official?.length === 1) return { kind: 'gene', gene: official[0] };
    if (official && official.length > 1) return { kind: 'ambiguous', candidates: official.map((g) => g.entrezGeneId) };
    const aliases = this.byAlias.get(key) ?? [];
    if (aliases.length === 1 || (aliases.length > 1 && options.firstAlias)) {
      const gene = this.byEntrez.get(aliases[0]);
      if (gene) return { kind: 'gene', gene };
    }
    if (aliases.length > 1) {
      const fixed = options.useFixedSymbols ? FIXED_SYMBOLS.get(key) : undefined;
      const gene = fixed !== undefined ? this.byEntrez.get(fixed) : undefined;
      return gene ? { kind: 'gene', gene } : { kind: 'ambiguous', candidates: aliases };
    }
    return { kind: 'unknown' };
  }

  /** All miRNA genes a symbol names directly or through aliases (wide matrix special case). */
  microRnaGenes(symbol: string): GeneRecord[] {
    const key = symbol.trim().toUpperCase();
    const candidates = [
      ...(this.bySymbol.get(key) ?? []),
      ...(this.byAlias.get(key) ?? []).map((id) => this.byEntrez.get(id)).filter((g): g is GeneRecord => !!g),
    ];
    const seen = new Set<number>();
    return candidates.filter((g) => g.type === 'miRNA' && !seen.has(g.entrezGeneId) && seen.add(g.entrezGeneId));
  }
}
