// mutationDataFilters (study-view.md 3.8). MUTATED: MUTATED = samples with a mutation of the gene;
// NOT_MUTATED = samples profiled for the gene (MUTATION_EXTENDED profile whose panel has the gene,
// or no panel = whole exome) minus those; NOT_PROFILED = the other samples of the involved studies.
// MUTATION_TYPE: samples with a mutation of the gene whose raw type is listed (case-sensitive).
// Every inner list is applied (AND), as documented; the column store reads only the first one (quirk 3).
// profileType is ignored, as in the column store: any mutation event of the gene counts.
import { sql, type Fragment } from '../sql/sql.js';
import type { MutationDataFilter } from './normalize.js';
import { intersect, union } from './values.js';
import { STUDY_VIEW_PROFILING } from './profiling.js';

function mutated(symbol: string, studies: Fragment, types?: readonly string[]): Fragment {
  const typeClause = types === undefined ? sql`TRUE` : sql`e.mutation_type IN (SELECT unnest(${types}::VARCHAR[]))`;
  return sql`SELECT e.sample_key FROM genomic_event e JOIN gene g USING (entrez_gene_id)
    WHERE e.study_key IN (${studies}) AND e.variant_type = 'mutation' AND g.hugo_gene_symbol = upper(${symbol}) AND ${typeClause}`;
}

export function profiledForGene(symbol: string, studies: Fragment): Fragment {
  return sql`SELECT sp.sample_key FROM ${STUDY_VIEW_PROFILING} sp JOIN molecular_profile p USING (profile_key)
    WHERE sp.study_key IN (${studies}) AND p.genetic_alteration_type = 'MUTATION_EXTENDED'
      AND (sp.panel_key IS NULL OR EXISTS (SELECT 1 FROM gene_panel_gene pg JOIN gene g USING (entrez_gene_id)
        WHERE pg.panel_key = sp.panel_key AND g.hugo_gene_symbol = upper(${symbol})))`;
}

function category(value: string, symbol: string, studies: Fragment): Fragment {
  switch (value) {
    case 'MUTATED': return mutated(symbol, studies);
    case 'NOT_MUTATED': return sql`${profiledForGene(symbol, studies)} EXCEPT ${mutated(symbol, studies)}`;
    case 'NOT_PROFILED': return sql`SELECT sample_key FROM sample WHERE study_key IN (${studies}) EXCEPT ${profiledForGene(symbol, studies)}`;
    default: return union([]);
  }
}

export function compileMutationDataFilter(filter: MutationDataFilter, studies: Fragment): Fragment | undefined {
  if (filter.values.length === 0) return undefined;
  const groups = filter.values.map((anyOf): Fragment => {
    if (filter.categorization === 'MUTATION_TYPE') {
      const types = anyOf.flatMap((v) => (typeof v.value === 'string' ? [v.value] : []));
      return mutated(filter.hugoGeneSymbol, studies, types);
    }
    return union(anyOf.flatMap((v) => (typeof v.value === 'string' ? [sql`(${category(v.value, filter.hugoGeneSymbol, studies)})`] : [])));
  });
  return intersect(groups);
}
