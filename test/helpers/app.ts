// A Fastify app over a store holding the shared test studies, for route tests with app.inject.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { openStudiesStore } from './store.js';

/** All shared studies, in this order (study_es_0 first: its panels are kept, as genepanel_test_study's panels of the same ids are not loaded over them). */
export const ALL_STUDIES = ['study_es_0', 'genepanel_test_study', 'ascn-test-study', 'study_hg38', 'lgg_ucsf_2014_test_generic_assay'] as const;

export async function openTestApp(studies: readonly string[] = ALL_STUDIES): Promise<FastifyInstance> {
  return buildApp({ db: await openStudiesStore(studies) });
}
