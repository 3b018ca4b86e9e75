// RPPA rows of protein-level matrices (study-format 12), as ImportTabDelimData reads them: the
// Composite.Element.REF `<genes>|<antibody id>` key, phospho-sites stored as pseudo-genes.
import { sql } from '../../engine/sql/sql.js';
import type { StudyContext } from '../context.js';
import type { Location } from '../errors.js';
import type { GeneRecord } from '../genes/gene-resolver.js';
import { guessGene } from '../genes/guess-gene.js';

export interface RppaReference {
  symbols: string[];
  antibody: string;
  /** `pS473`, `pT308_Y315`, ... when the antibody id names a phospho-site. */
  phosphoSite?: string;
}

/** `<symbols>|<antibody id>` of Composite.Element.REF, split as Java's String.split does. */
export function parseRppaReference(text: string): RppaReference | undefined {
  const parts = javaSplit(text, '|');
  if (parts.length < 2) return undefined;
  const site = /(p[STY][0-9]+(?:_[STY][0-9]+)*)/.exec(parts[1])?.[1];
  return { symbols: javaSplit(parts[0], ' '), antibody: parts[1], ...(site ? { phosphoSite: site } : {}) };
}

/** String.split: trailing empty parts dropped. */
function javaSplit(text: string, separator: string): string[] {
  const parts = text.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/**
 * RPPA rows (study-format 12): each listed gene gets the row, as a phosphoprotein pseudo-gene
 * `<SYMBOL>_<site>` when the antibody id names a phospho-site; repeated antibody ids are skipped.
 */
export class RppaRows {
  private readonly antibodies = new Set<string>();
  private readonly phospho = new Map<string, GeneRecord>();

  constructor(
    private readonly ctx: StudyContext,
    private readonly file: string,
  ) {}

  /** The genes a row is stored for (gene-matrix's RowGenes), or why it is skipped. */
  async resolve(text: string, location: Location): Promise<{ genes: GeneRecord[]; single: boolean } | { skip: string }> {
    if (text === '') return { skip: 'no Composite.Element.REF value, row skipped' };
    if (text.includes('///') || text.includes('---')) return { skip: "Composite.Element.REF names several or unknown genes ('///', '---'), row skipped" };
    const ref = parseRppaReference(text);
    if (!ref) return { skip: "Composite.Element.REF is not '<genes>|<antibody id>', row skipped" };
    if (this.antibodies.has(ref.antibody)) return { skip: 'antibody id repeated, row skipped' };
    this.antibodies.add(ref.antibody);
    const genes: GeneRecord[] = [];
    for (const symbol of ref.symbols) {
      if (symbol.toUpperCase() === 'NA') this.ctx.warn(location, "gene 'NA' read as not available, skipped for this row");
      else {
        const gene = guessGene(this.ctx.genes, symbol);
        if (gene) genes.push(gene);
        else this.ctx.warn(location, 'gene of the antibody not found, skipped for this row');
      }
    }
    if (genes.length === 0) return { skip: 'no gene of the antibody found, row skipped' };
    const site = ref.phosphoSite;
    const stored: GeneRecord[] = [];
    // One after the other: each new pseudo-gene takes the next free negative id.
    for (const gene of genes) stored.push(site === undefined ? gene : await this.phosphoGene(gene, site, location));
    const mirnas = stored.filter((g) => g.type === 'miRNA');
    return mirnas.length > 0 ? { genes: mirnas, single: false } : { genes: stored, single: stored.length === 1 };
  }

  /** The pseudo-gene of a phospho-site, created with the next negative Entrez id if absent. */
  private async phosphoGene(gene: GeneRecord, site: string, location: Location): Promise<GeneRecord> {
    const symbol = `${gene.hugoGeneSymbol}_${site}`.toUpperCase();
    const cached = this.phospho.get(symbol);
    if (cached) return cached;
    const db = this.ctx.db;
    const existing = await db.one<{ entrez_gene_id: number; type: string | null }>(sql`SELECT entrez_gene_id, type FROM gene WHERE hugo_gene_symbol = ${symbol}`);
    let record: GeneRecord;
    if (existing) record = { entrezGeneId: existing.entrez_gene_id, hugoGeneSymbol: symbol, type: existing.type };
    else {
      const next = await db.one<{ id: number }>(sql`SELECT (least(coalesce(min(entrez_gene_id), 0), 0) - 1)::INTEGER AS id FROM gene`);
      record = { entrezGeneId: next?.id ?? -1, hugoGeneSymbol: symbol, type: 'phosphoprotein' };
      await db.run(sql`INSERT INTO gene VALUES (${record.entrezGeneId}, ${symbol}, 'phosphoprotein', NULL)`);
      const aliases = ['rppa-phospho', 'phosphoprotein', `phospho${gene.hugoGeneSymbol}`];
      await db.run(sql`INSERT INTO gene_alias SELECT ${record.entrezGeneId}, unnest(${aliases}::VARCHAR[])`);
      this.ctx.warn({ ...location, file: this.file }, 'phosphoprotein added to the gene table');
    }
    this.phospho.set(symbol, record);
    return record;
  }
}
