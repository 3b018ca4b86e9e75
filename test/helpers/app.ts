// A Fastify app over a store holding the shared test studies, for route tests with app.inject.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadTestStudy, openReferenceStore } from './store.js';

/** All shared studies, in this order (genepanel_test_study first: study_es_0's panels win). */
export const ALL_STUDIES = ['genepanel_test_study', 'study_es_0', 'ascn-test-study', 'study_hg38', 'lgg_ucsf_2014_test_generic_assay'] as const;

export async function openTestApp(studies: readonly string[] = ALL_STUDIES): Promise<FastifyInstance> {
  const store = await openReferenceStore();
  for (const name of studies) await loadTestStudy(store, name);
  return buildApp({ db: store.db });
}
