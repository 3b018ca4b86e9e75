// genomicProfiles (study-view.md 3.11): one inner list (OR) of profile suffixes; a sample passes
// when it is profiled (profiling.ts) in profile `<its studyId>_<suffix>` for any suffix.
import { sql, type Fragment } from '../sql/sql.js';
import { STUDY_VIEW_PROFILING } from './profiling.js';

export function compileGenomicProfileFilter(anyOf: readonly string[], studies: Fragment): Fragment {
  return sql`SELECT sp.sample_key FROM ${STUDY_VIEW_PROFILING} sp JOIN molecular_profile p USING (profile_key)
    JOIN cancer_study c ON c.study_key = p.study_key
    WHERE sp.study_key IN (${studies})
      AND p.stable_id IN (SELECT c.study_id || '_' || x FROM unnest(${anyOf}::VARCHAR[]) t(x))`;
}
