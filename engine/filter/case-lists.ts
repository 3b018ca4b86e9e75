// caseLists and genomicProfiles (study-view.md 3.11): one inner list (OR) of id suffixes; a sample
// passes when it is in list / profiled in profile `<its studyId>_<suffix>` for any suffix.
// The suffix is matched exactly (the reference's LIKE '%_<suffix>' also accepts longer ids).
import { sql, type Fragment } from '../sql/sql.js';

export function compileCaseListFilter(anyOf: readonly string[], studies: Fragment): Fragment {
  return sql`SELECT m.sample_key FROM sample_list l JOIN sample_list_member m USING (list_key)
    JOIN cancer_study c ON c.study_key = l.study_key
    WHERE l.study_key IN (${studies})
      AND l.stable_id IN (SELECT c.study_id || '_' || x FROM unnest(${anyOf}::VARCHAR[]) t(x))`;
}
