// Permissions beyond single requests (issue 6): listings and instance-wide aggregates show only
// readable studies and count only their rows, groups and the always-shown group grant studies as
// cBioPortal's authorities do, a data access token reads as its user, and the virtual study
// routes (which check permissions themselves) refuse virtual studies built from unreadable studies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../engine/sql/sql.js';
import { buildApp } from '../../server/app.js';
import { settingsFrom } from '../../server/config/settings.js';
import type { Operation } from '../helpers/api-requests.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';
import { A, asUser, AuthorizationFixture, FORBIDDEN } from './authorization-fixture.js';

let f: AuthorizationFixture;
beforeAll(async () => {
  f = await AuthorizationFixture.open();
}, 120_000);
afterAll(() => f?.close());

describe('listings and instance-wide aggregates', () => {
  const listings = () => f.operations('lists');
  const requestOf = (o: Operation) => f.requestsOfA(o)[0];
  const studiesOf = async (user: string) => ((await f.send({ method: 'GET', url: '/api/studies' }, user)).json() as { studyId: string }[]).map((s) => s.studyId).sort();

  it('show alice A only, root every study, and root exactly what a login-free instance shows', async () => {
    for (const o of listings()) {
      const r = requestOf(o);
      const [alice, root] = [await f.send(r, 'alice'), await f.send(r, 'root')];
      expect([alice.statusCode, root.statusCode], o.operationId).toEqual([200, 200]);
      expect(f.rowsOfB(alice.body), o.operationId).toEqual([]);
      expect([root.body, root.headers['total-count']], o.operationId).toEqual(f.loginFree.get(o.operationId));
      if (r.method === 'GET' && o.path !== '/api/studies/meta') {
        expect(alice.json().length, o.operationId).toBeGreaterThan(0);
        expect(f.rowsOfB(root.body).length, o.operationId).toBeGreaterThan(0);
      }
    }
  });

  it('count readable rows only in META answers', async () => {
    const counted: string[] = [];
    for (const o of listings().filter((o) => ((o.op.parameters ?? []) as { name: string }[]).some((p) => p.name === 'projection'))) {
      const url = requestOf(o).url;
      const total = async (user: string) => Number((await f.send({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}projection=META` }, user)).headers['total-count']);
      const rows = async (user: string) => ((await f.send({ method: 'GET', url }, user)).json() as unknown[]).length;
      expect([await total('alice'), await total('root')], o.operationId).toEqual([await rows('alice'), await rows('root')]);
      expect(await total('alice'), o.operationId).toBeLessThan(await total('root'));
      counted.push(o.operationId);
    }
    expect(counted.sort()).toEqual(['getAllClinicalAttributesUsingGET', 'getAllMolecularProfilesUsingGET', 'getAllPatientsUsingGET',
      'getAllSampleListsUsingGET', 'getAllStudiesUsingGET', 'getSamplesByKeywordUsingGET']);
    const meta = await f.send({ method: 'GET', url: '/api/studies/meta' }, 'alice');
    expect(meta.headers['total-count']).toBe('1');
  });

  it('find B by keyword for root only', async () => {
    for (const url of ['/api/studies?keyword=hg38', '/api/samples?keyword=P01_Pri', `/api/patients?keyword=${encodeURIComponent(f.B[0].patient)}`]) {
      expect((await f.send({ method: 'GET', url }, 'alice')).json(), url).toEqual([]);
      expect((await f.send({ method: 'GET', url }, 'root')).json().length, url).toBeGreaterThan(0);
    }
  });

  it('count mutations by position in readable studies only', async () => {
    const position = (await f.store.db.one<{ entrez_gene_id: number; start: number; end: number }>(sql`
      SELECT m.entrez_gene_id, m.protein_pos_start AS start, m.protein_pos_end AS "end" FROM mutation m JOIN cancer_study c USING (study_key)
      WHERE c.study_id = 'study_hg38' AND m.protein_pos_start IS NOT NULL ORDER BY 1, 2 LIMIT 1`))!;
    const count = async (studyIds: string[]) => (await f.store.db.one<{ n: number }>(sql`
      SELECT count(*)::INTEGER AS n FROM mutation m JOIN cancer_study c USING (study_key)
      WHERE c.study_id IN (SELECT unnest(${studyIds}::VARCHAR[])) AND m.entrez_gene_id = ${position.entrez_gene_id}
        AND m.protein_pos_start >= ${position.start} AND m.protein_pos_end <= ${position.end}`))!.n;
    const body = [{ entrezGeneId: position.entrez_gene_id, proteinPosStart: position.start, proteinPosEnd: position.end }];
    const answer = async (user: string) => ((await f.send({ method: 'POST', url: '/api/mutation-counts-by-position/fetch', payload: body }, user)).json() as { count: number }[])[0].count;
    const inA = await count([A]);
    expect(await answer('alice')).toBe(inA);
    expect(await answer('root')).toBe(await count([A, ...f.B.map((b) => b.study)]));
    expect(await answer('root')).toBeGreaterThan(inA);
  });

  it('give a data access token the studies of its user only', async () => {
    const token = (await f.send({ method: 'POST', url: '/api/data-access-tokens' }, 'alice')).json().token as string;
    const bearer = (url: string) => f.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(((await bearer('/api/studies')).json() as { studyId: string }[]).map((s) => s.studyId)).toEqual([A]);
    const refused = await bearer(`/api/studies/${f.B[0].study}/samples`);
    expect([refused.statusCode, refused.json()]).toEqual([403, FORBIDDEN]);
    expect((await bearer(`/api/studies/${A}/samples`)).statusCode).toBe(200);
  });

  it('grant the studies of a group (meta_study groups), with or without ROLE_ and in any case', async () => {
    expect(await studiesOf('gdac')).toEqual([A, 'teststudy_genepanels']);
    expect(await studiesOf('public')).toEqual([A, ...f.B.map((b) => b.study)].sort());
    expect((await f.send({ method: 'GET', url: '/api/studies/teststudy_genepanels' }, 'gdac')).statusCode).toBe(200);
    expect((await f.send({ method: 'GET', url: '/api/studies/study_hg38' }, 'gdac')).statusCode).toBe(403);
    expect(await studiesOf('nobody')).toEqual([]);
  });

  it('grant the always_show_study_group to everybody', async () => {
    const small = await openReferenceStore({ genesets: false });
    for (const study of ['genepanel_test_study', 'study_hg38']) await loadTestStudy(small, study);
    const always = await buildApp({ db: small.db, settings: settingsFrom(new Map([['authenticate', 'header'], ['always_show_study_group', 'gdac']])), state: f.state });
    try {
      const res = await always.inject({ url: '/api/studies', headers: asUser('nobody') });
      expect((res.json() as { studyId: string }[]).map((s) => s.studyId)).toEqual(['teststudy_genepanels']);
      expect((await always.inject({ url: '/api/studies/study_hg38/samples', headers: asUser('nobody') })).statusCode).toBe(403);
    } finally {
      await always.close();
      small.db.close();
    }
  });
});

describe("the server's resident state (GET /duckportal/resident-state)", () => {
  it('is shown to a caller who reads every study only: its keys name filters and profiles', async () => {
    await f.send({ method: 'POST', url: '/api/filtered-samples/fetch', payload: { studyIds: [A] } }, 'root');
    expect((await f.app.inject({ url: '/duckportal/resident-state' })).statusCode).toBe(401);
    expect((await f.send({ method: 'GET', url: '/duckportal/resident-state' }, 'alice')).json()).toEqual(FORBIDDEN);
    const state = (await f.send({ method: 'GET', url: '/duckportal/resident-state' }, 'root')).json();
    expect(state).toMatchObject({ generation: 1, cohorts: { entries: expect.any(Number) }, answers: { entries: expect.any(Number) } });
    expect(state.lookups.entries).toBeGreaterThan(0);
    expect(state.lookups.bytes).toBe(state.lookups.largest.reduce((sum: number, e: { bytes: number }) => sum + e.bytes, 0));
    expect(state.lookups.largest.map((e: { key: string }) => e.key)).toContain('sample texts');
  });
});

describe('virtual study routes', () => {
  const save = (user: string, data: unknown) => f.send({ method: 'POST', url: '/api/session/virtual_study', payload: data }, user);

  it('save (addSessionUsingPOST, addUserSavedVirtualStudyUsingPOST) only from readable studies', async () => {
    const a = f.ids.get(A)!;
    for (const url of ['/api/session/virtual_study', '/api/session/virtual_study/save']) {
      for (const data of [
        { name: 'b', studies: [{ id: f.B[0].study, samples: [f.B[0].sample] }] },
        { name: 'ab', studies: [{ id: A, samples: [a.sample] }, { id: f.B[1].study, samples: [f.B[1].sample] }] },
        { name: 'vb', studies: [{ id: f.virtualB[0].study, samples: [f.B[0].sample] }] },
        { name: 'dynamic b', dynamic: true, studyViewFilter: { studyIds: [f.B[2].study] } },
        { name: 'dynamic ab', dynamic: true, studyViewFilter: { studyIds: [A, f.B[3].study] } },
        { name: 'unknown', studies: [{ id: 'no_such_study', samples: ['S1'] }] },
      ]) {
        const res = await f.send({ method: 'POST', url, payload: data }, 'alice');
        expect([res.statusCode, res.json()], `${url} ${data.name}`).toEqual([403, FORBIDDEN]);
      }
      const mine = await f.send({ method: 'POST', url, payload: { name: 'a', studies: [{ id: A, samples: [a.sample] }] } }, 'alice');
      expect(mine.statusCode, mine.body).toBe(200);
    }
  });

  it('read back (getSessionUsingGET) only those built from readable studies', async () => {
    for (const v of f.virtualB) {
      const res = await f.send({ method: 'GET', url: `/api/session/virtual_study/${v.study}` }, 'alice');
      expect([res.statusCode, res.json()]).toEqual([403, FORBIDDEN]);
      expect((await f.send({ method: 'GET', url: `/api/session/virtual_study/${v.study}` }, 'root')).statusCode).toBe(200);
    }
    const id = (await save('alice', { name: 'a', studies: [{ id: A, samples: [f.ids.get(A)!.sample] }] })).json().id as string;
    const res = await f.send({ method: 'GET', url: `/api/session/virtual_study/${id}` }, 'alice');
    expect(res.statusCode).toBe(200);
    expect(f.rowsOfB(res.body)).toEqual([]);
  });

  it('publish and unpublish (publisher key, as cBioPortal) without answering any row of B', async () => {
    const data = { name: 'b', studies: [{ id: f.B[0].study, samples: [f.B[0].sample] }] };
    for (const headers of [{}, { 'x-publisher-api-key': 'guess' }]) {
      const publish = await f.app.inject({ method: 'POST', url: '/api/public_virtual_studies/p1', headers: { ...asUser('alice'), ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(data) });
      const unpublish = await f.app.inject({ method: 'DELETE', url: `/api/public_virtual_studies/${f.virtualB[0].study}`, headers: { ...asUser('alice'), ...headers } });
      expect([publish.statusCode, unpublish.statusCode]).toEqual('x-publisher-api-key' in headers ? [401, 401] : [400, 400]);
      expect(f.rowsOfB(publish.body + unpublish.body)).toEqual([]);
    }
    expect((await f.send({ method: 'GET', url: '/api/public_virtual_studies' }, 'alice')).json()).toEqual([]);
  });
});
