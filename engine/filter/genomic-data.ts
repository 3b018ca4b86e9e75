// genomicDataFilters (study-view.md 3.9): gene + profile type (`<studyId>_<profileType>` in each
// involved study) + values. Stored values matched with the §3.4 rules: for `cna`/`gistic` the
// values are equality tests on the stored text; otherwise numeric ranges. NA = no stored value
// (no row, or an NA-like cell) for the gene in that profile type, also in studies lacking it.
import { sql, type Fragment } from '../sql/sql.js';
import type { GenomicDataFilter } from './normalize.js';
import { itemMatch, naLike } from './values.js';

export function compileGenomicDataFilter(filter: GenomicDataFilter, studies: Fragment): Fragment {
  const rows = sql`SELECT gv.sample_key, gv.value FROM gene_value gv JOIN molecular_profile p USING (profile_key)
      JOIN cancer_study c ON c.study_key = p.study_key JOIN gene g ON g.entrez_gene_id = gv.entrez_gene_id
    WHERE gv.study_key IN (${studies}) AND p.stable_id = c.study_id || '_' || ${filter.profileType}
      AND g.hugo_gene_symbol = upper(${filter.hugoGeneSymbol}) AND NOT ${naLike(sql`gv.value`)}`;
  return sql`SELECT s.sample_key FROM sample s LEFT JOIN (${rows}) v ON v.sample_key = s.sample_key
    WHERE s.study_key IN (${studies}) AND ${itemMatch(sql`v.value`, filter.values, sql`v.sample_key IS NOT NULL`)}`;
}
