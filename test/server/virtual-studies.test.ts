// Virtual studies (api.md 27; issue 6): publish, read back, static and dynamic membership, use
// wherever a study id is, permissions, and the validation and key rules.
// Expected members: study_es_0/data_clinical_samples.txt has 80 samples with SUBTYPE basal-like
// (awk -F'\t' '$3=="basal-like"' | wc -l), the first three by id TCGA-A1-A0SK-01, TCGA-A1-A0SO-01,
// TCGA-A2-A04P-01.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { StateStore } from '../../engine/state/state-store.js';
import { grantAuthority } from '../../engine/state/users.js';
import { insertVirtualStudy } from '../../engine/state/virtual-studies.js';
import { buildApp } from '../../server/app.js';
import { settingsFrom } from '../../server/config/settings.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';

const ES = 'study_es_0';
const LGG = 'lgg_ucsf_2014_test_generic_assay';
const SEE = 'See https://docs.cbioportal.org/virtual-study-data-schema/#virtual-study-json-schema';
const BASAL = { studyIds: [ES], clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'basal-like' }] }] };
const STATIC = { name: 'Three samples', description: 'two studies', studies: [{ id: ES, samples: ['TCGA-A1-A0SK-01', 'TCGA-A2-A04P-01'] }, { id: LGG, samples: ['P01_Pri'] }], typeOfCancerId: 'brca', unknownField: 1 };
const DYNAMIC = { name: 'Basal-like', studies: [{ id: ES }], dynamic: true, studyViewFilter: BASAL };

let db: Db;
let app: FastifyInstance;
let state: StateStore;
const key = { 'x-publisher-api-key': 'secret-key' };

beforeAll(async () => {
  const store = await openReferenceStore();
  for (const study of [ES, LGG]) await loadTestStudy(store, study);
  db = store.db;
  state = await StateStore.open(':memory:');
  app = await buildApp({ db, state, settings: settingsFrom(new Map([['session.endpoint.publisher-api-key', 'secret-key']])) });
}, 120_000);
afterAll(async () => {
  await app.close();
  state.close();
  db.close();
});

const inject = (options: InjectOptions) => app.inject(options);
const publish = (id: string, body?: unknown, headers: Record<string, string> = key, query = '') =>
  inject({ method: 'POST', url: `/api/public_virtual_studies/${id}${query}`, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
const post = (url: string, body: unknown) => inject({ method: 'POST', url, payload: body as object });

describe('publishing', () => {
  it('publishes a static study and reads it back', async () => {
    const res = await publish('vs_static', STATIC);
    expect([res.statusCode, res.body]).toEqual([200, '']);
    const back = await inject({ url: '/api/session/virtual_study/vs_static' });
    expect(back.json()).toEqual({
      id: 'vs_static',
      data: { name: 'Three samples', description: 'two studies', studies: STATIC.studies, typeOfCancerId: 'brca', origin: [ES, LGG] },
    });
  });

  it('publishes a dynamic study whose members are its filter\'s cohort', async () => {
    expect((await publish('vs_basal', DYNAMIC)).statusCode).toBe(200);
    const { data } = (await inject({ url: '/api/session/virtual_study/vs_basal' })).json();
    expect(data.studies).toHaveLength(1);
    expect(data.studies[0].id).toBe(ES);
    expect(data.studies[0].samples).toHaveLength(80);
    expect(data.studies[0].samples.slice(0, 3)).toEqual(['TCGA-A1-A0SK-01', 'TCGA-A1-A0SO-01', 'TCGA-A2-A04P-01']);
    expect(data).toMatchObject({ dynamic: true, studyViewFilter: BASAL, origin: [ES] });
  });

  it('lists the published ones', async () => {
    const ids = ((await inject({ url: '/api/public_virtual_studies' })).json() as { id: string }[]).map((v) => v.id);
    expect(ids).toEqual(['vs_static', 'vs_basal']);
  });

  it('checks the publisher key', async () => {
    const missing = await publish('vs_x', STATIC, {});
    expect(missing.statusCode).toBe(400);
    const wrong = await publish('vs_x', STATIC, { 'x-publisher-api-key': 'nope' });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { message: 'The access is forbidden.' }]);
  });

  it('refuses bad payloads with cBioPortal\'s messages', async () => {
    const cases: [unknown, string][] = [
      [{ ...STATIC, name: ' ' }, `name Virtual study name cannot be null or blank. Check that you are passing virtual study data only (data field content) and not the whole session object (with _id). ${SEE}`],
      [{ name: 'x', studies: [] }, `studies Virtual study must contain at least one study with samples. ${SEE}`],
      [{ name: 'x', studies: [{ id: '', samples: ['a'] }] }, `studies Each study in virtual study must have a non-null and non-blank id. ${SEE}`],
      [{ name: 'x', studies: [{ id: ES }], dynamic: true }, `studyViewFilter Virtual study with dynamic=true must have a defined study view filter. ${SEE}`],
      [{ name: 'x', studies: [{ id: ES }] }, `studies Static virtual study (dynamic=false) must contain at least one sample in each study. ${SEE}`],
      [{ name: 'x', studies: [{ id: ES, samples: ['no-such-sample'] }] }, `The provided virtual study data is not valid. Check that the filters are correct and that the studies and samples you are referring to in virtual study data exist in the system. ${SEE}`],
      [{ ...DYNAMIC, studyViewFilter: { studyIds: [ES], clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'nothing' }] }] } }, `The provided virtual study data is not valid. Check that the filters are correct and that the studies and samples you are referring to in virtual study data exist in the system. ${SEE}`],
      [{ ...STATIC, typeOfCancerId: 'no_such_type' }, 'The cancer type is not valid: no_such_type'],
    ];
    for (const [body, message] of cases) {
      const res = await publish('vs_bad', body);
      expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([400, { message }]);
    }
    expect((await publish('vs_bad', { name: 5 })).statusCode).toBe(400);
  });

  it('answers 409 for a taken id', async () => {
    const study = await publish(ES, STATIC);
    expect([study.statusCode, study.body]).toEqual([409, `The study with id=${ES} already exists. Use a different id for the virtual study.`]);
    const again = await publish('vs_static', { ...STATIC, name: 'other' });
    expect([again.statusCode, again.body]).toEqual([409, 'A virtual study with the same ID or identical definition already exists: vs_static']);
  });

  it('publishes a saved study (no body), unpublishes and deletes', async () => {
    const saved = await post('/api/session/virtual_study', { name: 'Saved', studies: [{ id: LGG, samples: ['P01_Pri', 'P02_Pri'] }] });
    const { id } = saved.json();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect((await inject({ url: `/api/session/virtual_study/${id}` })).json().data.name).toBe('Saved');
    const listed = async () => ((await inject({ url: '/api/public_virtual_studies' })).json() as { id: string }[]).map((v) => v.id);
    expect(await listed()).not.toContain(id);
    expect((await publish(id, undefined, key, '?typeOfCancerId=difg&pmid=123')).statusCode).toBe(200);
    expect(await listed()).toContain(id);
    expect((await inject({ url: `/api/session/virtual_study/${id}` })).json().data).toMatchObject({ typeOfCancerId: 'difg', pmid: '123' });
    expect((await inject({ method: 'DELETE', url: `/api/public_virtual_studies/${id}`, headers: key })).statusCode).toBe(200);
    expect(await listed()).not.toContain(id);
    const gone = await inject({ method: 'DELETE', url: `/api/public_virtual_studies/${id}`, headers: key });
    expect([gone.statusCode, gone.json()]).toEqual([404, { message: `The virtual study with id=${id} has not been found in the public list.` }]);
    expect((await publish(id, undefined)).statusCode).toBe(200);
    expect((await inject({ method: 'DELETE', url: `/api/public_virtual_studies/${id}?softDelete=false`, headers: key })).statusCode).toBe(200);
    expect((await inject({ url: `/api/session/virtual_study/${id}` })).statusCode).toBe(404);
  });
});

describe('a virtual study id in place of a study id', () => {
  const filtered = async (body: unknown) => (await post('/api/filtered-samples/fetch', body)).json() as { studyId: string; sampleId: string }[];

  it('selects the members in the Study View (static and dynamic)', async () => {
    const members = [{ studyId: ES, sampleId: 'TCGA-A1-A0SK-01' }, { studyId: ES, sampleId: 'TCGA-A2-A04P-01' }, { studyId: LGG, sampleId: 'P01_Pri' }];
    expect(await filtered({ studyIds: ['vs_static'] })).toEqual(await filtered({ sampleIdentifiers: members }));
    expect(await filtered({ studyIds: ['vs_basal'] })).toEqual(await filtered(BASAL));
    expect(await filtered({ studyIds: ['vs_basal'] })).toHaveLength(80);
    // With a further filter, and with its own sample identifiers (intersection).
    const viaVirtual = await post('/api/clinical-data-counts/fetch', { attributes: [{ attributeId: 'SUBTYPE' }], studyViewFilter: { studyIds: ['vs_static'] } });
    const viaSamples = await post('/api/clinical-data-counts/fetch', { attributes: [{ attributeId: 'SUBTYPE' }], studyViewFilter: { sampleIdentifiers: members } });
    expect(viaVirtual.statusCode).toBe(200);
    expect(viaVirtual.json()).toEqual(viaSamples.json());
    expect(await filtered({ studyIds: ['vs_static'], sampleIdentifiers: [members[0], { studyId: ES, sampleId: 'TCGA-A1-A0SO-01' }] })).toEqual(await filtered({ sampleIdentifiers: [members[0]] }));
  });

  it('recomputes a dynamic study at every use', async () => {
    expect((await publish('vs_lgg_dynamic', { name: 'All lgg', studies: [{ id: LGG }], dynamic: true, studyViewFilter: { studyIds: [LGG] } })).statusCode).toBe(200);
    const lgg = (await filtered({ studyIds: [LGG] })).length;
    expect(await filtered({ studyIds: ['vs_lgg_dynamic'] })).toHaveLength(lgg);
  });

  it('answers GET /api/studies/{id} and its samples', async () => {
    const study = (await inject({ url: '/api/studies/vs_static' })).json();
    expect(study).toMatchObject({ studyId: 'vs_static', name: 'Three samples', description: 'two studies', cancerTypeId: 'brca', allSampleCount: 3, readPermission: true });
    const samples = (await inject({ url: '/api/studies/vs_basal/samples?projection=ID' })).json() as { sampleId: string; studyId: string }[];
    expect(samples).toHaveLength(80);
    expect(new Set(samples.map((s) => s.studyId))).toEqual(new Set([ES]));
  });
});

describe('permissions on the studies a virtual study is built from', () => {
  let secured: FastifyInstance;
  let securedState: StateStore;
  beforeAll(async () => {
    await app.close(); // apps on one store run one at a time (their cohort caches share a name)
    securedState = await StateStore.open(':memory:');
    for (const [id, body] of [['vs_static', STATIC], ['vs_basal', DYNAMIC]] as const)
      await insertVirtualStudy(securedState, { id, owner: 'x', data: body as Record<string, unknown>, published: true }, Date.now());
    await grantAuthority(securedState, 'alice', `cbioportal:${ES}`);
    secured = await buildApp({ db, state: securedState, settings: settingsFrom(new Map([['authenticate', 'header']])) });
  });
  afterAll(async () => {
    await secured.close();
    securedState.close();
    app = await buildApp({ db, state });
  });
  const asAlice = { 'x-remote-user': 'alice' };

  it('lets alice use a virtual study of her study only', async () => {
    const ok = await secured.inject({ method: 'POST', url: '/api/filtered-samples/fetch', headers: asAlice, payload: { studyIds: ['vs_basal'] } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveLength(80);
    const mixed = await secured.inject({ method: 'POST', url: '/api/filtered-samples/fetch', headers: asAlice, payload: { studyIds: ['vs_static'] } });
    expect([mixed.statusCode, mixed.json()]).toEqual([403, { message: 'Access to the specified resource has been forbidden' }]);
    expect((await secured.inject({ url: '/api/studies/vs_static', headers: asAlice })).statusCode).toBe(403);
    expect((await secured.inject({ url: '/api/session/virtual_study/vs_static', headers: asAlice })).statusCode).toBe(403);
    expect((await secured.inject({ url: '/api/session/virtual_study/vs_basal', headers: asAlice })).statusCode).toBe(200);
    const saved = await secured.inject({ method: 'POST', url: '/api/session/virtual_study', headers: asAlice, payload: STATIC });
    expect(saved.statusCode).toBe(403);
  });

  it('keeps the public list readable without credentials', async () => {
    const res = await secured.inject({ url: '/api/public_virtual_studies' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as unknown[]).length).toBe(2);
  });
});
