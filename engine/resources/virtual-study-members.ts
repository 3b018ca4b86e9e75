// The samples of a virtual study, per study: a static one's listed samples that exist, a dynamic
// one's filter cohort (recomputed at every use).
import { inCohort, type Cohort } from '../filter/compile.js';
import type { ReadOnlyDb } from '../sql/db.js';
import { sql } from '../sql/sql.js';

export interface StudySamples {
  id: string;
  samples: string[];
}

/** The cohort's samples grouped by study, in study id then sample id order. */
export function cohortMembers(db: ReadOnlyDb, cohort: Cohort): Promise<StudySamples[]> {
  return db.all<StudySamples>(sql`
    SELECT c.study_id AS id, list(s.sample_id ORDER BY s.sample_id) AS samples
    FROM sample s JOIN cancer_study c USING (study_key) WHERE ${inCohort(cohort, 's')}
    GROUP BY c.study_id ORDER BY c.study_id`);
}

/** The listed (study, sample) pairs that exist, grouped as `cohortMembers` groups them. */
export function existingMembers(db: ReadOnlyDb, studies: readonly StudySamples[]): Promise<StudySamples[]> {
  const pairs = studies.flatMap((s) => s.samples.map((sample) => [s.id, sample] as const));
  return db.all<StudySamples>(sql`
    WITH r AS (SELECT unnest(${pairs.map((p) => p[0])}::VARCHAR[]) AS study_id, unnest(${pairs.map((p) => p[1])}::VARCHAR[]) AS sample_id)
    SELECT c.study_id AS id, list(DISTINCT s.sample_id ORDER BY s.sample_id) AS samples
    FROM r JOIN cancer_study c USING (study_id) JOIN sample s ON s.study_key = c.study_key AND s.sample_id = r.sample_id
    GROUP BY c.study_id ORDER BY c.study_id`);
}
