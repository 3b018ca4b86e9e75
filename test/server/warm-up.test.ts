// warmStudyView: each study's opening Study View requests answered before serving, into resident
// state that the serving app shares; serving the same requests then builds nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { ProfileMatrices } from '../../engine/resident/profile-matrix.js';
import { buildApp, closeResident, openResident, type Resident } from '../../server/app.js';
import { openingRequests, warmStudyView } from '../../server/warm-up.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';

let db: Db;
let resident: Resident;
beforeAll(async () => {
  const store = await openReferenceStore();
  for (const name of ['study_es_0', 'genepanel_test_study', 'study_hg38']) await loadTestStudy(store, name);
  db = store.db;
  resident = await openResident(db);
});
afterAll(() => closeResident(resident));

describe('warmStudyView', () => {
  it("keeps what every study's opening requests read, so that serving them afterwards reads nothing more", async () => {
    expect(await warmStudyView(db, resident)).toEqual({ warmed: 3, studies: 3 });
    const warmed = new Set(resident.matrices.keys());
    expect([...warmed]).toEqual(expect.arrayContaining(['sample texts', 'sample keys', 'gene panels', 'profiling rows MUTATION_EXTENDED', 'profiling rows COPY_NUMBER_ALTERATION']));
    // Each mutation and discrete CNA profile's events by gene, for the cohorts of gene filters.
    expect([...warmed].filter((k) => k.startsWith('gene sample events by 2 e.profile_key')).length).toBeGreaterThanOrEqual(4);
    // The clinical data's pieces, for the bulk answers of the page load.
    expect([...warmed]).toEqual(expect.arrayContaining(['clinical values', 'clinical data value texts', 'clinical data entity texts PATIENT', 'clinical data entity texts SAMPLE']));
    const app = await buildApp({ db, resident });
    const studyIds = (await app.inject({ url: '/api/studies' })).json().map((s: { studyId: string }) => s.studyId);
    expect(studyIds).toHaveLength(3);
    for (const studyId of studyIds) {
      const attributes = (await app.inject({ url: `/api/studies/${studyId}/clinical-attributes` })).json();
      const [sample] = (await app.inject({ url: `/api/studies/${studyId}/samples?pageSize=1` })).json();
      const profiles = (await app.inject({ url: `/api/studies/${studyId}/molecular-profiles` })).json();
      for (const request of openingRequests(studyId, attributes, sample.sampleId, profiles)) {
        const res = await app.inject(request);
        expect(res.statusCode, `${studyId} ${request.url}`).toBe(200);
      }
    }
    expect(new Set(resident.matrices.keys())).toEqual(warmed);
    await app.close();
  });

  it('stops, largest study first, once its time is up or the lookups fill their share of the memory budget', async () => {
    // Lookups of their own (the cohort cache is one per store).
    const fresh = (): Resident => ({ ...resident, matrices: new ProfileMatrices(db, resident.stats), ownsStats: false });
    expect(await warmStudyView(db, fresh(), { limits: { seconds: 0, budgetShare: 0.5 } })).toEqual({ warmed: 0, studies: 3 });
    const one = fresh();
    expect(await warmStudyView(db, one, { limits: { seconds: 120, budgetShare: 1e-9 } })).toEqual({ warmed: 1, studies: 3 });
    // study_es_0 has the most samples (845): the one study whose cohort was read.
    const studiesRead = one.matrices.keys().flatMap((k) => (k.startsWith('cohort keys') ? (k.match(/\["(\w+)"\]/)?.[1] ?? []) : []));
    expect(studiesRead).toEqual(['study_es_0']);
  });
});
