// geneFilters (study-view.md 3.6): per GeneFilter, geneQueries outer AND / inner OR; an inner list
// selects samples with ≥ 1 genomic event (any kind) of a listed gene in a listed profile, where a
// query with `alterations` also requires the CNA value to be one of those codes.
// As the column store: genes by hugoGeneSymbol only; per-query driver/tier/status flags and the
// request's alterationFilter do not apply here (1.12); off-panel events count like any event.
import { sql, type Fragment } from '../sql/sql.js';
import { CNA_CODES, type GeneFilter, type GeneQuery } from './normalize.js';
import { intersect } from './values.js';

function queryMatch(q: GeneQuery): Fragment {
  // A query with only entrezGeneId matches nothing (CS matches by symbol).
  if (q.hugoGeneSymbol === undefined) return sql`FALSE`;
  const gene = sql`g.hugo_gene_symbol = upper(${q.hugoGeneSymbol})`;
  if (q.alterations.length === 0) return gene;
  const codes = q.alterations.map((a) => CNA_CODES[a]);
  return sql`(${gene} AND e.cna_alteration IN (SELECT unnest(${codes}::INTEGER[])))`;
}

/** One inner list (OR): samples with a matching event in one of the filter's profiles. */
export function compileGeneQueryGroup(profileIds: readonly string[], anyOf: readonly GeneQuery[], studies: Fragment): Fragment {
  if (anyOf.length === 0) return sql`SELECT NULL::INTEGER AS sample_key WHERE FALSE`;
  const match = anyOf.map(queryMatch).reduce((a, b) => sql`${a} OR ${b}`);
  return sql`SELECT e.sample_key FROM genomic_event e JOIN molecular_profile p USING (profile_key) JOIN gene g USING (entrez_gene_id)
    WHERE e.study_key IN (${studies}) AND p.stable_id IN (SELECT unnest(${profileIds}::VARCHAR[])) AND (${match})`;
}

/** A GeneFilter: the intersection of its inner lists; no inner list = no restriction (undefined). */
export function compileGeneFilter(filter: GeneFilter, studies: Fragment): Fragment | undefined {
  if (filter.geneQueries.length === 0) return undefined;
  return intersect(filter.geneQueries.map((anyOf) => compileGeneQueryGroup(filter.molecularProfileIds, anyOf, studies)));
}
