// Genes (api.md 17.1, cBioPortal's GeneServiceImpl + GeneMapper): the keyword/alias listing, one
// gene by Entrez id or symbol, its aliases, and the fetch by ids. Lists end sorted by symbol, and a
// symbol held by several genes is dropped from them.
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, type Fragment, whitelisted } from '../sql/sql.js';

export const GENE_SORT_BY = ['entrezGeneId', 'hugoGeneSymbol', 'type', 'cytoband', 'length'] as const;
export type GeneSortBy = (typeof GENE_SORT_BY)[number];
/** cytoband and length have no backing data (a 500 in the reference): they sort like no sortBy. */
const SORT_COLUMNS: Record<GeneSortBy, string | undefined> = {
  entrezGeneId: 'g.entrez_gene_id', hugoGeneSymbol: 'g.hugo_gene_symbol', type: 'g.type', cytoband: undefined, length: undefined,
};

export type GeneProjection = 'ID' | 'SUMMARY' | 'DETAILED';

export interface GeneListQuery {
  keyword?: string;
  alias?: string;
  projection: GeneProjection;
  sortBy?: GeneSortBy;
  direction?: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

/** A gene as columns() select it: type from SUMMARY. */
export type GeneRow = { entrez_gene_id: number; hugo_gene_symbol: string; type?: string | null };

const columns = (projection: GeneProjection) =>
  projection === 'ID' ? sql`g.entrez_gene_id, g.hugo_gene_symbol` : sql`g.entrez_gene_id, g.hugo_gene_symbol, g.type`;

/** Integer text as Java's `^-?\d+$` test, within the Integer range (the reference fails beyond it). */
export function parseEntrezId(text: string): number | undefined {
  if (!/^-?\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= -2147483648 && n <= 2147483647 ? n : undefined;
}

/** The alias join and condition, and every space-separated keyword token as a case-insensitive symbol prefix. */
function fromWhere(q: { keyword?: string; alias?: string }): Fragment {
  const join = q.alias === undefined ? sql`` : sql`JOIN gene_alias a ON a.entrez_gene_id = g.entrez_gene_id`;
  const parts: Fragment[] = [sql`TRUE`];
  if (q.alias !== undefined) parts.push(sql`a.gene_alias = ${q.alias}`);
  for (const token of q.keyword?.split(' ') ?? []) parts.push(sql`starts_with(lower(g.hugo_gene_symbol), ${token.toLowerCase()})`);
  return sql`FROM gene g ${join} WHERE ${parts.reduce((acc, p) => sql`${acc} AND ${p}`)}`;
}

/**
 * GET /api/genes: the database page (ordered by keyword rank, by entrezGeneId under ID, or by
 * sortBy), then, for a keyword, genes with that exact alias appended while the page has room;
 * then symbols held twice are dropped and the page is re-sorted by symbol.
 */
export async function fetchGenes(db: ReadOnlyDb, q: GeneListQuery): Promise<GeneRow[]> {
  const sortColumn = q.sortBy && whitelisted(SORT_COLUMNS, q.sortBy);
  const order = q.keyword !== undefined
    ? sql`CASE WHEN starts_with(g.hugo_gene_symbol, ${q.keyword}) THEN 0 ELSE 1 END, g.hugo_gene_symbol`
    : sortColumn && q.projection !== 'ID'
      ? sql`${raw(sortColumn)} ${raw(q.direction === 'DESC' ? 'DESC' : 'ASC')} NULLS LAST, g.entrez_gene_id`
      : sql`g.entrez_gene_id`;
  const page = await db.all<GeneRow>(sql`SELECT ${columns(q.projection)} ${fromWhere(q)} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`);
  if (q.keyword !== undefined && page.length < q.limit) {
    const present = new Set(page.map((g) => g.entrez_gene_id));
    // The reference fetches these with SUMMARY, so they carry `type` even under ID.
    const aliased = await fetchGenesByIds(db, { kind: 'aliasOf', alias: q.keyword }, 'SUMMARY');
    for (const gene of aliased.slice(0, q.limit - page.length)) if (!present.has(gene.entrez_gene_id)) page.push(gene);
  }
  return uniqueSymbolsSorted(page);
}

export async function countGenes(db: ReadOnlyDb, q: { keyword?: string; alias?: string }): Promise<number> {
  // With a keyword the reference counts the final list (alias matches included, duplicates dropped).
  if (q.keyword !== undefined) return (await fetchGenes(db, { ...q, projection: 'ID', limit: 2147483647, offset: 0 })).length;
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n ${fromWhere(q)}`);
  return row?.n ?? 0;
}

export type GeneIds =
  | { kind: 'entrez'; ids: readonly number[] }
  | { kind: 'symbol'; ids: readonly string[] }
  /** Genes having this alias, compared case-insensitively. */
  | { kind: 'aliasOf'; alias: string };

function idCondition(ids: GeneIds): Fragment {
  switch (ids.kind) {
    case 'entrez':
      return sql`g.entrez_gene_id IN (SELECT unnest(${ids.ids}::INTEGER[]))`;
    case 'symbol':
      return sql`g.hugo_gene_symbol IN (SELECT unnest(${ids.ids}::VARCHAR[]))`;
    case 'aliasOf':
      return sql`g.entrez_gene_id IN (SELECT entrez_gene_id FROM gene_alias WHERE lower(gene_alias) = ${ids.alias.toLowerCase()})`;
  }
}

/**
 * The Entrez ids of genes with these symbols, for a predicate on a value or event table's own
 * entrez_gene_id, written before the cohort's: DuckDB then narrows the table to the genes before
 * joining it with a cohort (given the symbol on the joined gene table, or after the cohort's
 * predicate, it joined the whole table with the cohort first: 60-75 ms of SQL against 8-10).
 */
export const entrezIdsOf = (symbols: readonly string[]): Fragment =>
  sql`SELECT entrez_gene_id FROM gene WHERE hugo_gene_symbol IN (SELECT unnest(${symbols}::VARCHAR[]))`;

/** POST /api/genes/fetch: the matching genes by symbol, symbols held twice dropped. */
export async function fetchGenesByIds(db: ReadOnlyDb, ids: GeneIds, projection: GeneProjection): Promise<GeneRow[]> {
  return uniqueSymbolsSorted(await db.all<GeneRow>(sql`SELECT ${columns(projection)} FROM gene g WHERE ${idCondition(ids)}`));
}

/** META of the fetch: a plain count of matches (no duplicate-symbol filter). */
export async function countGenesByIds(db: ReadOnlyDb, ids: GeneIds): Promise<number> {
  const row = await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM gene g WHERE ${idCondition(ids)}`);
  return row?.n ?? 0;
}

/** `{geneId}`: an integer is an Entrez id, anything else an exact symbol (aliases not consulted). */
function geneIdCondition(geneId: string): Fragment {
  const entrez = /^-?\d+$/.test(geneId) ? parseEntrezId(geneId) : null;
  if (entrez === undefined) return sql`FALSE`;
  return entrez === null ? sql`g.hugo_gene_symbol = ${geneId}` : sql`g.entrez_gene_id = ${entrez}`;
}

/** GET /api/genes/{geneId}; undefined when not found. */
export async function fetchGene(db: ReadOnlyDb, geneId: string): Promise<GeneRow | undefined> {
  return db.one<GeneRow>(sql`SELECT ${columns('SUMMARY')} FROM gene g WHERE ${geneIdCondition(geneId)} ORDER BY g.entrez_gene_id`);
}

/** The aliases of the gene, in load order. */
export async function fetchGeneAliases(db: ReadOnlyDb, geneId: string): Promise<string[]> {
  const rows = await db.all<{ gene_alias: string }>(sql`
    SELECT a.gene_alias FROM gene_alias a JOIN gene g ON g.entrez_gene_id = a.entrez_gene_id
    WHERE ${geneIdCondition(geneId)} ORDER BY a.rowid`);
  return rows.map((r) => r.gene_alias);
}

/** Drops every gene whose symbol occurs more than once, then sorts by symbol (code point order). */
function uniqueSymbolsSorted(genes: GeneRow[]): GeneRow[] {
  const counts = new Map<string, number>();
  for (const g of genes) counts.set(g.hugo_gene_symbol, (counts.get(g.hugo_gene_symbol) ?? 0) + 1);
  return genes
    .filter((g) => counts.get(g.hugo_gene_symbol) === 1)
    .sort((a, b) => compareCodePoints(a.hugo_gene_symbol, b.hugo_gene_symbol));
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
