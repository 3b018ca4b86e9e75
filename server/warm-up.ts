// The Study View's opening requests, answered once for each study before the server listens: the
// lookups they keep in memory (case keys, clinical columns, gene events and panels, each study's
// sample keys, treatment starts, …) are built before the first user's page asks for them. At
// 272,000 samples the page's first dozen requests took ~4 s on a cold server, ~0.6 s on a warm one.
// The requests go to an app of their own, without login (every study is read), which shares the
// serving app's resident state (resident.ts) and is never reachable from outside. After each
// swap of the store's generation (live-store.ts), the studies that changed are warmed again.
import type { Db } from '../engine/sql/db.js';
import { sql } from '../engine/sql/sql.js';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Resident } from './app.js';
import { LiveStore, withGeneration, type Generation } from './live-store.js';

interface Attribute {
  clinicalAttributeId: string;
  datatype: string;
}

export interface OpeningRequest {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

interface Profile {
  molecularProfileId: string;
  molecularAlterationType: string;
  datatype: string;
}

/**
 * When the warm-up stops, though studies are left: after this long, or once the lookups kept fill
 * this share of their memory budget (profile-matrix.ts; what would push others out is better
 * built on demand). A portal of hundreds of studies starts within minutes, its largest warmed.
 */
const WARM_UP_LIMITS = { seconds: 120, budgetShare: 0.5 };

/**
 * Warms generations of a live store through an app of its own, built once (buildApp takes
 * seconds): each request of a warm-up holds the generation being warmed, which may not be the
 * one served yet.
 */
export class StudyViewWarmUp {
  private constructor(private readonly app: FastifyInstance) {}

  static async open(live: LiveStore): Promise<StudyViewWarmUp> {
    return new StudyViewWarmUp(await buildApp({ live }));
  }

  /**
   * Each study's opening requests (of `studyIds` only, if given), largest study first, within
   * `limits`; says how many studies were warmed, of how many.
   */
  warm(generation: Generation, options: { studyIds?: readonly string[]; limits?: typeof WARM_UP_LIMITS } = {}): Promise<{ warmed: number; studies: number }> {
    const limits = options.limits ?? WARM_UP_LIMITS;
    const started = performance.now();
    const app = this.app;
    return withGeneration(generation, async () => {
      const studies = (await generation.db.all<{ study_id: string }>(sql`
        SELECT c.study_id FROM cancer_study c LEFT JOIN sample s USING (study_key) GROUP BY c.study_id ORDER BY count(s.sample_key) DESC, c.study_id`))
        .filter((s) => options.studyIds === undefined || options.studyIds.includes(s.study_id));
      let warmed = 0;
      for (const { study_id: studyId } of studies) {
        if (performance.now() - started > limits.seconds * 1000 || generation.resident.matrices.keptShare() >= limits.budgetShare || generation.isRetired) break;
        const study = `/api/studies/${encodeURIComponent(studyId)}`;
        const attributes = (await app.inject({ url: `${study}/clinical-attributes` })).json<Attribute[]>();
        const [sample] = (await app.inject({ url: `${study}/samples?projection=ID&pageSize=1` })).json<{ sampleId: string }[]>();
        const profiles = (await app.inject({ url: `${study}/molecular-profiles` })).json<Profile[]>();
        for (const request of openingRequests(studyId, attributes, sample?.sampleId, profiles)) await app.inject(request);
        warmed++;
      }
      return { warmed, studies: studies.length };
    });
  }

  close(): Promise<void> {
    return this.app.close();
  }
}

/** The warm-up of a store that does not change, into `resident` (which the serving app shares). */
export async function warmStudyView(db: Db, resident: Resident, options: { studyIds?: readonly string[]; limits?: typeof WARM_UP_LIMITS } = {}): Promise<{ warmed: number; studies: number }> {
  const live = LiveStore.fixed(db, resident);
  const warmUp = await StudyViewWarmUp.open(live);
  try {
    return await warmUp.warm(live.current, options);
  } finally {
    await warmUp.close();
  }
}

/**
 * The requests the Study View page sends when it opens on one study (its charts and tables), one
 * naming a sample of it (`sampleId`), as a custom selection does: resolving sample ids reads the
 * store's id lookup; and one filtering by a gene in each mutation and discrete CNA profile, as a
 * click in a gene table does: a new filter's cohort reads each profile's events by gene
 * (engine/resident/cohort-keys.ts), which takes seconds to build at 272,000 samples. The page also
 * posts the clinical data of every patient and sample (survival, mutation count): the first
 * page of each study's clinical data reads its pieces (engine/resident/clinical-data-texts.ts).
 */
export function openingRequests(studyId: string, attributes: readonly Attribute[], sampleId?: string, profiles: readonly Profile[] = []): OpeningRequest[] {
  const studyViewFilter = { studyIds: [studyId] };
  const ids = (datatype: string) => attributes.filter((a) => a.datatype === datatype).map((a) => ({ attributeId: a.clinicalAttributeId }));
  const requests: [string, object][] = [
    ['/api/filtered-samples/fetch', studyViewFilter],
    ['/api/clinical-data-counts/fetch', { attributes: ids('STRING'), studyViewFilter }],
    ['/api/clinical-data-bin-counts/fetch?dataBinMethod=STATIC', { attributes: ids('NUMBER'), studyViewFilter }],
    ['/api/clinical-data-table/fetch?pageSize=20', studyViewFilter],
  ];
  for (const path of ['mutated-genes', 'cna-genes', 'structuralvariant-genes', 'structuralvariant-counts', 'sample-lists-counts', 'molecular-profile-sample-counts', 'clinical-event-type-counts'])
    requests.push([`/api/${path}/fetch`, studyViewFilter]);
  for (const level of ['patient', 'sample']) requests.push([`/api/treatments/${level}-counts/fetch?tier=Agent`, studyViewFilter]);
  if (sampleId !== undefined) requests.push(['/api/filtered-samples/fetch', { sampleIdentifiers: [{ studyId, sampleId }] }]);
  for (const p of profiles.filter((p) => p.molecularAlterationType === 'MUTATION_EXTENDED' || (p.molecularAlterationType === 'COPY_NUMBER_ALTERATION' && p.datatype === 'DISCRETE'))) {
    const geneFilters = [{ molecularProfileIds: [p.molecularProfileId], geneQueries: [[{ hugoGeneSymbol: 'TP53', alterations: [] }]] }];
    requests.push(['/api/filtered-samples/fetch', { studyIds: [studyId], geneFilters }]);
  }
  const study = `/api/studies/${encodeURIComponent(studyId)}`;
  return [
    ...requests.map(([url, payload]) => ({ method: 'POST' as const, url, payload })),
    ...['PATIENT', 'SAMPLE'].map((type) => ({ method: 'GET' as const, url: `${study}/clinical-data?clinicalDataType=${type}&pageSize=1` })),
  ];
}
