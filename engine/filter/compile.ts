// Compiles a StudyViewFilter into one SQL fragment yielding the cohort's sample keys
// (study-view.md 3.2): the intersection of one sample-key set per filter block.
// CONTRACT used by the Study View endpoints: compileCohort(filter, { omit }) → Fragment of
// `SELECT sample_key ...`; `omit` drops one block for the "remove self" rules (3.17).
import { sql, type Fragment } from '../sql/sql.js';

export interface SampleIdentifier {
  studyId: string;
  sampleId: string;
}

/** The request body as validated by server/schemas (unknown fields ignored). */
export interface StudyViewFilter {
  studyIds?: string[];
  sampleIdentifiers?: SampleIdentifier[];
  [block: string]: unknown;
}

export interface CompileOptions {
  /** A block left out (e.g. 'clinicalDataFilters' with the attribute being counted). */
  omit?: { block: string; key?: string };
}

/** Base set (3.3): samples of studyIds, of sampleIdentifiers, or of both (intersection). */
function compileBase(filter: StudyViewFilter): Fragment {
  const parts: Fragment[] = [];
  if (filter.studyIds !== undefined)
    parts.push(sql`SELECT s.sample_key FROM sample s JOIN cancer_study c USING (study_key) WHERE c.study_id IN (SELECT unnest(${filter.studyIds}::VARCHAR[]))`);
  if (filter.sampleIdentifiers !== undefined) {
    const studies = filter.sampleIdentifiers.map((i) => i.studyId);
    const samples = filter.sampleIdentifiers.map((i) => i.sampleId);
    parts.push(sql`SELECT s.sample_key FROM sample s JOIN cancer_study c USING (study_key)
      JOIN (SELECT unnest(${studies}::VARCHAR[]) AS study_id, unnest(${samples}::VARCHAR[]) AS sample_id) i
        ON i.study_id = c.study_id AND i.sample_id = s.sample_id`);
  }
  // Neither given: an empty cohort (the documented behaviour; the reference errs).
  if (parts.length === 0) return sql`SELECT sample_key FROM sample WHERE FALSE`;
  return parts.reduce((a, b) => sql`${a} INTERSECT ${b}`);
}

export function compileCohort(filter: StudyViewFilter, _options: CompileOptions = {}): Fragment {
  return compileBase(filter);
}
