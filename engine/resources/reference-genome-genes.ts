// Genes of a reference genome with their location (api.md 17.2, cBioPortal's ReferenceGenomeGeneMapper).
// The genome is named (hg19, hg38, mm10); an unknown name simply matches nothing.
import type { ReadOnlyDb } from '../sql/db.js';
import { streamJoinedJson, type JsonFields } from '../sql/joined-json.js';
import { sql, type Fragment } from '../sql/sql.js';

export type ReferenceGeneIds = { kind: 'entrez'; ids: readonly number[] } | { kind: 'symbol'; ids: readonly string[] };

/** A gene of the genome as select() reads it; the location is NULL where the genome file has none. */
export type ReferenceGenomeGeneRow = {
  entrez_gene_id: number;
  reference_genome_id: number;
  hugo_gene_symbol: string;
  chromosome: string | null;
  cytoband: string | null;
  start: number | null;
  end: number | null;
};

function select(genomeName: string, condition: Fragment): Fragment {
  return sql`
    SELECT r.entrez_gene_id, r.reference_genome_id, g.hugo_gene_symbol, r.chromosome, r.cytoband,
      r.start_position AS start, r.end_position AS "end"
    FROM reference_genome_gene r
    JOIN reference_genome rg ON rg.reference_genome_id = r.reference_genome_id
    JOIN gene g ON g.entrez_gene_id = r.entrez_gene_id
    WHERE rg.name = ${genomeName} AND ${condition}
    ORDER BY r.entrez_gene_id`;
}

export function fetchReferenceGenomeGenes(db: ReadOnlyDb, genomeName: string, ids?: ReferenceGeneIds): Promise<ReferenceGenomeGeneRow[]> {
  const condition = ids === undefined
    ? sql`TRUE`
    : ids.kind === 'entrez'
      ? sql`r.entrez_gene_id IN (SELECT unnest(${ids.ids}::INTEGER[]))`
      : sql`g.hugo_gene_symbol IN (SELECT unnest(${ids.ids}::VARCHAR[]))`;
  return db.all<ReferenceGenomeGeneRow>(select(genomeName, condition));
}

const FIELDS: JsonFields = [
  ['entrezGeneId', 'entrez_gene_id'], ['referenceGenomeId', 'reference_genome_id'], ['hugoGeneSymbol', 'hugo_gene_symbol'],
  ['chromosome', 'chromosome'], ['cytoband', 'cytoband'], ['start', 'start'], ['end', '"end"'],
];

/**
 * Every gene of the genome as JSON texts written by DuckDB (joined-json.ts): the whole genome is
 * ~40,000 genes, whose serialisation as objects held the event loop for seconds.
 */
export function streamReferenceGenomeGenes(db: ReadOnlyDb, genomeName: string): AsyncGenerator<string[], void, undefined> {
  const rows = sql`SELECT *, row_number() OVER (ORDER BY entrez_gene_id) AS n FROM (${select(genomeName, sql`TRUE`)})`;
  return streamJoinedJson(db, rows, FIELDS);
}

export function fetchReferenceGenomeGene(db: ReadOnlyDb, genomeName: string, entrezGeneId: number): Promise<ReferenceGenomeGeneRow | undefined> {
  return db.one<ReferenceGenomeGeneRow>(select(genomeName, sql`r.entrez_gene_id = ${entrezGeneId}`));
}
