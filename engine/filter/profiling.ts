// The Study View's sample ↔ profile ↔ panel rows (study-view.md 2.4): the store's sample_profile
// (what the import recorded, as the core API reads it), plus the members of a study's
// `<studyId>_sequenced` list that its `<studyId>_mutations` profile does not hold, profiled there
// without a panel (whole exome), as the reference's derived table adds them. The Study View's
// counts and filters that ask whether a sample was profiled read these rows (structural variant
// counts read sample_profile itself: only mutation profiles gain rows).
import { sql, type Fragment } from '../sql/sql.js';

/** Rows (study_key, sample_key, profile_key, panel_key): panel_key NULL = whole exome/genome. */
export const STUDY_VIEW_PROFILING: Fragment = sql`(
  SELECT study_key, sample_key, profile_key, panel_key FROM sample_profile
  UNION ALL
  SELECT DISTINCT m.study_key, m.sample_key, p.profile_key, NULL::INTEGER AS panel_key
  FROM molecular_profile p JOIN cancer_study c ON c.study_key = p.study_key
  JOIN sample_list l ON l.study_key = p.study_key AND l.stable_id = c.study_id || '_sequenced'
  JOIN sample_list_member m ON m.list_key = l.list_key
  WHERE p.stable_id = c.study_id || '_mutations'
    AND NOT EXISTS (SELECT 1 FROM sample_profile sp WHERE sp.profile_key = p.profile_key AND sp.sample_key = m.sample_key))`;
