// structuralVariantFilters (study-view.md 3.7; ignored by the column store, applied here as
// documented): structVarQueries outer AND / inner OR; a query matches a structural variant of a
// listed profile when gene1Query matches site 1 and gene2Query site 2 (ordered). hugoSymbol /
// entrezId → that gene; ANY_GENE → any; NO_GENE → the site has no gene. The query's
// driver/tier/status flags restrict the variants with the alterationFilter rules (3.15).
import { sql, type Fragment } from '../sql/sql.js';
import { compileAlterationPredicate } from './alteration-filter.js';
import type { StructuralVariantFilter, SvGeneQuery, SvQuery } from './normalize.js';
import { intersect, union } from './values.js';

function siteMatch(q: SvGeneQuery, column: Fragment): Fragment {
  if (q.specialValue === 'ANY_GENE') return sql`TRUE`;
  if (q.specialValue === 'NO_GENE') return sql`${column} IS NULL`;
  if (q.hugoSymbol !== undefined) return sql`${column} IN (SELECT entrez_gene_id FROM gene WHERE hugo_gene_symbol = upper(${q.hugoSymbol}))`;
  if (q.entrezId !== undefined) return sql`${column} = ${q.entrezId}`;
  return sql`FALSE`;
}

const queryMatch = (q: SvQuery) => sql`(${siteMatch(q.gene1Query, sql`v.site1_entrez_gene_id`)} AND ${siteMatch(q.gene2Query, sql`v.site2_entrez_gene_id`)}
  AND ${compileAlterationPredicate(q.flags, 'structural_variant', 'v')})`;

export function compileStructuralVariantFilter(filter: StructuralVariantFilter, studies: Fragment): Fragment {
  return intersect(filter.structVarQueries.map((anyOf) => (anyOf.length === 0 ? union([]) : sql`SELECT v.sample_key FROM (SELECT *, sv_status AS status FROM structural_variant) v
    JOIN molecular_profile p USING (profile_key)
    WHERE v.study_key IN (${studies}) AND p.stable_id IN (SELECT unnest(${filter.molecularProfileIds}::VARCHAR[]))
      AND (${anyOf.map(queryMatch).reduce((a, b) => sql`${a} OR ${b}`)})`)));
}
