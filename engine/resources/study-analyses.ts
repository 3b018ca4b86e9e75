// MutSig and GISTIC results loaded with a study (api.md 24).
import type { ReadOnlyDb } from '../sql/db.js';
import { raw, sql, whitelisted } from '../sql/sql.js';

export const MUTSIG_SORT = {
  entrezGeneId: 'entrez_gene_id', hugoGeneSymbol: 'hugo_gene_symbol', rank: 'rank',
  numberOfMutations: 'number_of_mutations', pValue: 'p_value', qValue: 'q_value',
} as const;
export const GISTIC_SORT = {
  chromosome: 'chromosome', cytoband: 'cytoband', widePeakStart: 'wide_peak_start', widePeakEnd: 'wide_peak_end', qValue: 'q_value', amp: 'amp',
} as const;

export interface ListQuery<S extends string> {
  sortBy?: S;
  direction?: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

const direction = (d?: 'ASC' | 'DESC') => raw(d === 'DESC' ? 'DESC' : 'ASC');

export async function countMutSig(db: ReadOnlyDb, studyKey: number): Promise<number> {
  return (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM mutsig WHERE study_key = ${studyKey}`))?.n ?? 0;
}

/** Default order: entrezGeneId. */
export type MutSigRow = {
  study_id: string; entrez_gene_id: number; hugo_gene_symbol: string; rank: number;
  number_of_mutations: number | null; p_value: number | null; q_value: number | null;
};

export async function fetchMutSig(db: ReadOnlyDb, studyKey: number, q: ListQuery<keyof typeof MUTSIG_SORT>): Promise<MutSigRow[]> {
  const order = q.sortBy ? sql`${raw(whitelisted(MUTSIG_SORT, q.sortBy))} ${direction(q.direction)}, m.entrez_gene_id` : sql`m.entrez_gene_id`;
  return db.all<MutSigRow>(sql`
    SELECT s.study_id, m.entrez_gene_id, g.hugo_gene_symbol, m.rank, m.num_mutations AS number_of_mutations, m.p_value, m.q_value
    FROM mutsig m JOIN cancer_study s USING (study_key) JOIN gene g USING (entrez_gene_id)
    WHERE m.study_key = ${studyKey}
    ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`);
}

export async function countGistic(db: ReadOnlyDb, studyKey: number): Promise<number> {
  return (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM gistic WHERE study_key = ${studyKey}`))?.n ?? 0;
}

/** A region; its genes are named in the API's spelling already. */
export type GisticRow = {
  study_id: string; chromosome: number; cytoband: string; wide_peak_start: number; wide_peak_end: number; q_value: number; amp: boolean;
  genes?: { entrezGeneId: number; hugoGeneSymbol: string }[];
};

/** Default order: import order; `withGenes` adds the genes of each region (SUMMARY and DETAILED). */
export async function fetchGistic(db: ReadOnlyDb, studyKey: number, q: ListQuery<keyof typeof GISTIC_SORT> & { withGenes: boolean }): Promise<GisticRow[]> {
  const order = q.sortBy ? sql`${raw(whitelisted(GISTIC_SORT, q.sortBy))} ${direction(q.direction)}, r.gistic_key` : sql`r.gistic_key`;
  const genes = q.withGenes
    ? sql`, (SELECT coalesce(list({'entrezGeneId': g.entrez_gene_id, 'hugoGeneSymbol': g.hugo_gene_symbol} ORDER BY g.hugo_gene_symbol), [])
          FROM gistic_gene gg JOIN gene g USING (entrez_gene_id) WHERE gg.gistic_key = r.gistic_key) AS genes`
    : sql``;
  return db.all<GisticRow>(sql`
    SELECT s.study_id, r.chromosome, r.cytoband, r.wide_peak_start, r.wide_peak_end, r.q_value, r.amp ${genes}
    FROM gistic r JOIN cancer_study s USING (study_key)
    WHERE r.study_key = ${studyKey}
    ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`);
}
