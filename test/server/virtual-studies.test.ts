// Virtual studies (api.md 27; issue 6): publish, read back, static and dynamic membership, use
// wherever a study id is, permissions, and the validation and key rules.
// Expected members of the dynamic study: study_es_0's samples with SUBTYPE basal-like, read here
// from the study file itself (`basalLikeIds`), as this awk does (80 ids, the first three
// TCGA-A1-A0SK-01, TCGA-A1-A0SO-01, TCGA-A2-A04P-01):
//   awk -F'\t' '/^#/{next} !c{for(i=1;i<=NF;i++) if($i=="SUBTYPE") c=i; next} $c=="basal-like"{print $2}' \
//     ../shared/studies/study_es_0/data_clinical_samples.txt | sort
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { StateStore } from '../../engine/state/state-store.js';
import { grantAuthority } from '../../engine/state/users.js';
import { insertVirtualStudy } from '../../engine/state/virtual-studies.js';
import { buildApp } from '../../server/app.js';
import { DEFAULT_LIMITS } from '../../server/config/limits.js';
import { settingsFrom } from '../../server/config/settings.js';
import { loadTestStudy, openReferenceStore, studyDir } from '../helpers/store.js';

const ES = 'study_es_0';
const LGG = 'lgg_ucsf_2014_test_generic_assay';
const SEE = 'See https://docs.cbioportal.org/virtual-study-data-schema/#virtual-study-json-schema';
const BASAL = { studyIds: [ES], clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'basal-like' }] }] };
const STATIC_STUDIES = [{ id: ES, samples: ['TCGA-A1-A0SK-01', 'TCGA-A2-A04P-01'] }, { id: LGG, samples: ['P01_Pri'] }];
/** With unknown fields, ignored (api.md 1.7). */
const STATIC = { name: 'Three samples', description: 'two studies', studies: STATIC_STUDIES.map((s) => ({ ...s, color: 'red' })), typeOfCancerId: 'brca', unknownField: 1 };
const DYNAMIC = { name: 'Basal-like', studies: [{ id: ES }], dynamic: true, studyViewFilter: BASAL };
const NOT_VALID = `The provided virtual study data is not valid. Check that the filters are correct and that the studies and samples you are referring to in virtual study data exist in the system. ${SEE}`;
/** 2026-01-02 03:04:05 UTC: the clock of the app, moved on one second before the dynamic study is published. */
const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
let now = NOW;

/** The sample ids of study_es_0 with SUBTYPE basal-like, straight from the study file (sorted). */
function basalLikeIds(): string[] {
  const lines = readFileSync(join(studyDir(ES), 'data_clinical_samples.txt'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const header = lines[0].split('\t');
  const [sample, subtype] = [header.indexOf('SAMPLE_ID'), header.indexOf('SUBTYPE')];
  return lines.slice(1).map((l) => l.split('\t')).filter((f) => f[subtype] === 'basal-like').map((f) => f[sample]).sort();
}
const BASAL_IDS = basalLikeIds();

let db: Db;
let app: FastifyInstance;
let state: StateStore;
const key = { 'x-publisher-api-key': 'secret-key' };

beforeAll(async () => {
  const store = await openReferenceStore();
  for (const study of [ES, LGG]) await loadTestStudy(store, study);
  db = store.db;
  state = await StateStore.open(':memory:');
  app = await buildApp({ db, state, now: () => now, settings: settingsFrom(new Map([['session.endpoint.publisher-api-key', 'secret-key']])) });
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
      data: { name: 'Three samples', description: 'two studies', studies: STATIC_STUDIES, typeOfCancerId: 'brca', origin: [ES, LGG] },
    });
  });

  it('publishes a dynamic study whose members are its filter\'s cohort', async () => {
    expect(BASAL_IDS).toHaveLength(80);
    expect(BASAL_IDS.slice(0, 3)).toEqual(['TCGA-A1-A0SK-01', 'TCGA-A1-A0SO-01', 'TCGA-A2-A04P-01']);
    now = NOW + 1000;
    expect((await publish('vs_basal', DYNAMIC)).statusCode).toBe(200);
    expect((await inject({ url: '/api/session/virtual_study/vs_basal' })).json()).toEqual({
      id: 'vs_basal',
      data: { name: 'Basal-like', studies: [{ id: ES, samples: BASAL_IDS }], dynamic: true, studyViewFilter: BASAL, origin: [ES] },
    });
  });

  it('recomputes a dynamic study\'s members instead of trusting stored ones', async () => {
    // As saved by a front end: `studies` lists the members of the moment (here one, stale).
    const stale = { ...DYNAMIC, name: 'Stale', studies: [{ id: ES, samples: ['TCGA-A1-A0SK-01'] }] };
    await insertVirtualStudy(state, { id: 'vs_stale', owner: 'x', data: stale, published: false }, NOW);
    expect((await inject({ url: '/api/session/virtual_study/vs_stale' })).json().data.studies).toEqual([{ id: ES, samples: BASAL_IDS }]);
    expect((await inject({ url: '/api/studies/vs_stale' })).json().allSampleCount).toBe(80);
  });

  it('lists the published ones, oldest first', async () => {
    const ids = ((await inject({ url: '/api/public_virtual_studies' })).json() as { id: string }[]).map((v) => v.id);
    expect(ids).toEqual(['vs_static', 'vs_basal']);
  });

  it('checks the publisher key: missing 400, wrong 401, after the body\'s shape', async () => {
    const missing = await publish('vs_x', STATIC, {});
    expect([missing.statusCode, missing.json()]).toEqual([400, { message: "Required request header 'X-PUBLISHER-API-KEY' for method parameter type String is not present" }]);
    const wrong = await publish('vs_x', STATIC, { 'x-publisher-api-key': 'nope' });
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { message: 'The access is forbidden.' }]);
    // The reference validates the body (@Valid) before its controller compares the key.
    const badAndWrong = await publish('vs_x', { ...STATIC, name: '' }, { 'x-publisher-api-key': 'nope' });
    expect([badAndWrong.statusCode, badAndWrong.json().message.slice(0, 40)]).toEqual([400, 'name Virtual study name cannot be null o']);
    const noBodyWrong = await publish('vs_static', undefined, { 'x-publisher-api-key': 'nope' });
    expect([noBodyWrong.statusCode, noBodyWrong.json()]).toEqual([401, { message: 'The access is forbidden.' }]);
    const deleteWrong = await inject({ method: 'DELETE', url: '/api/public_virtual_studies/vs_static', headers: { 'x-publisher-api-key': 'nope' } });
    expect([deleteWrong.statusCode, deleteWrong.json()]).toEqual([401, { message: 'The access is forbidden.' }]);
    const deleteMissing = await inject({ method: 'DELETE', url: '/api/public_virtual_studies/vs_static' });
    expect(deleteMissing.statusCode).toBe(400);
    expect(((await inject({ url: '/api/public_virtual_studies' })).json() as { id: string }[]).map((v) => v.id)).toEqual(['vs_static', 'vs_basal']);
  });

  it('refuses bad payloads with cBioPortal\'s messages', async () => {
    const cases: [unknown, string][] = [
      [{ ...STATIC, name: ' ' }, `name Virtual study name cannot be null or blank. Check that you are passing virtual study data only (data field content) and not the whole session object (with _id). ${SEE}`],
      [{ name: 'x', studies: [] }, `studies Virtual study must contain at least one study with samples. ${SEE}`],
      [{ studies: STATIC.studies }, `name Virtual study name cannot be null or blank. Check that you are passing virtual study data only (data field content) and not the whole session object (with _id). ${SEE}`],
      [{ name: 'x' }, `studies Virtual study must contain at least one study with samples. ${SEE}`],
      [{ name: 'x', studies: [{ id: '', samples: ['a'] }] }, `studies[].id Each study in virtual study must have a non-null and non-blank id. ${SEE}`],
      [{ name: 'x', studies: [{ samples: ['a'] }], dynamic: true, studyViewFilter: BASAL }, `studies[].id Each study in virtual study must have a non-null and non-blank id. ${SEE}`],
      [{ name: 'x', studies: [{ id: ES }], dynamic: true }, `studyViewFilter Virtual study with dynamic=true must have a defined study view filter. ${SEE}`],
      [{ name: 'x', studies: [{ id: ES }] }, `studies Static virtual study (dynamic=false) must contain at least one sample in each study. ${SEE}`],
      [{ name: 'x', studies: [{ id: ES, samples: [] }], dynamic: false }, `studies Static virtual study (dynamic=false) must contain at least one sample in each study. ${SEE}`],
      [{ name: 'x', studies: [{ id: ES, samples: ['no-such-sample'] }] }, NOT_VALID],
      [{ name: 'x', studies: [{ id: 'no_such_study', samples: ['TCGA-A1-A0SK-01'] }] }, NOT_VALID],
      [{ ...DYNAMIC, studyViewFilter: { studyIds: [ES], clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'nothing' }] }] } }, NOT_VALID],
      [{ ...DYNAMIC, studyViewFilter: { studyIds: ['no_such_study'] } }, NOT_VALID],
      // A static study with a filter: the filter must select samples, as in the reference.
      [{ ...STATIC, studyViewFilter: { studyIds: [ES], clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'nothing' }] }] } }, NOT_VALID],
      [{ ...STATIC, typeOfCancerId: 'no_such_type' }, 'The cancer type is not valid: no_such_type'],
    ];
    for (const [body, message] of cases) {
      const res = await publish('vs_bad', body);
      expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([400, { message }]);
    }
    expect((await publish('vs_bad', { name: 5 })).statusCode).toBe(400);
    expect((await publish('vs_bad', { ...STATIC }, key, '?typeOfCancerId=no_such_type')).json()).toEqual({ message: 'The cancer type is not valid: no_such_type' });
    // Session saves are checked the same way.
    const saved = await post('/api/session/virtual_study', { name: 'x', studies: [] });
    expect([saved.statusCode, saved.json()]).toEqual([400, { message: `studies Virtual study must contain at least one study with samples. ${SEE}` }]);
    expect(((await inject({ url: '/api/public_virtual_studies' })).json() as { id: string }[]).map((v) => v.id)).toEqual(['vs_static', 'vs_basal']);
  });

  it('answers 409 for a taken id', async () => {
    const study = await publish(ES, STATIC);
    expect([study.statusCode, study.headers['content-type'], study.body]).toEqual([409, 'text/plain; charset=utf-8', `The study with id=${ES} already exists. Use a different id for the virtual study.`]);
    const again = await publish('vs_static', { ...STATIC, name: 'other' });
    expect([again.statusCode, again.body]).toEqual([409, 'A virtual study with the same ID or identical definition already exists: vs_static']);
    const identical = await publish('vs_static_again', STATIC);
    expect([identical.statusCode, identical.body]).toEqual([409, 'A virtual study with the same ID or identical definition already exists: vs_static']);
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
  const pairs = (samples: { studyId: string; sampleId: string }[]) => samples.map((s) => `${s.studyId}:${s.sampleId}`).sort();
  const members = [{ studyId: ES, sampleId: 'TCGA-A1-A0SK-01' }, { studyId: ES, sampleId: 'TCGA-A2-A04P-01' }, { studyId: LGG, sampleId: 'P01_Pri' }];
  const basal = BASAL_IDS.map((sampleId) => ({ studyId: ES, sampleId }));

  it('selects a static study\'s members in the Study View (samples keep their real study)', async () => {
    const viaVirtual = await filtered({ studyIds: ['vs_static'] });
    expect(pairs(viaVirtual)).toEqual([`${ES}:TCGA-A1-A0SK-01`, `${ES}:TCGA-A2-A04P-01`, `${LGG}:P01_Pri`].sort());
    expect(viaVirtual).toEqual(await filtered({ sampleIdentifiers: members }));
    const counts = (studyViewFilter: unknown) => post('/api/clinical-data-counts/fetch', { attributes: [{ attributeId: 'SUBTYPE' }, { attributeId: 'CANCER_TYPE' }], studyViewFilter });
    const viaCounts = await counts({ studyIds: ['vs_static'] });
    expect(viaCounts.statusCode).toBe(200);
    expect(viaCounts.json()).toEqual((await counts({ sampleIdentifiers: members })).json());
    // Its own sample identifiers too: the base set is the intersection.
    expect(await filtered({ studyIds: ['vs_static'], sampleIdentifiers: [members[0], { studyId: ES, sampleId: 'TCGA-A1-A0SO-01' }] })).toEqual(await filtered({ sampleIdentifiers: [members[0]] }));
    // Beside a real study: that study whole plus the members.
    expect(pairs(await filtered({ studyIds: ['vs_basal', LGG] }))).toEqual(pairs([...(await filtered({ studyIds: [LGG] })), ...basal]));
  });

  it('selects a dynamic study\'s members, with further filters, as the explicit sample list does', async () => {
    expect(pairs(await filtered({ studyIds: ['vs_basal'] }))).toEqual(pairs(basal));
    const body = (studyViewFilter: object) => ({ attributes: [{ attributeId: 'SUBTYPE' }, { attributeId: 'OS_STATUS' }], studyViewFilter });
    const further = { clinicalDataFilters: [{ attributeId: 'OS_STATUS', values: [{ value: '0:LIVING' }] }] };
    for (const extra of [{}, further]) {
      const viaVirtual = await post('/api/clinical-data-counts/fetch', body({ studyIds: ['vs_basal'], ...extra }));
      const viaSamples = await post('/api/clinical-data-counts/fetch', body({ sampleIdentifiers: basal, ...extra }));
      expect(viaVirtual.statusCode).toBe(200);
      expect(viaVirtual.json()).toEqual(viaSamples.json());
      expect(await filtered({ studyIds: ['vs_basal'], ...extra })).toEqual(await filtered({ sampleIdentifiers: basal, ...extra }));
    }
    const subtype = ((await post('/api/clinical-data-counts/fetch', body({ studyIds: ['vs_basal'] }))).json() as { attributeId: string; counts: { value: string; count: number }[] }[])
      .find((c) => c.attributeId === 'SUBTYPE')!;
    expect(subtype.counts.map((c) => [c.value, c.count])).toEqual([['basal-like', 80]]);
  });

  it('fetches samples named by the virtual study\'s id (POST /api/samples/fetch)', async () => {
    const fetchSamples = async (sampleIdentifiers: unknown) => (await post('/api/samples/fetch', { sampleIdentifiers })).json() as { studyId: string; sampleId: string }[];
    const viaVirtual = await fetchSamples([{ studyId: 'vs_static', sampleId: 'P01_Pri' }, { studyId: 'vs_static', sampleId: 'TCGA-A1-A0SK-01' }, { studyId: 'vs_static', sampleId: 'TCGA-A1-A0SO-01' }]);
    // TCGA-A1-A0SO-01 is a sample of study_es_0 but no member of vs_static.
    expect(pairs(viaVirtual)).toEqual([`${ES}:TCGA-A1-A0SK-01`, `${LGG}:P01_Pri`].sort());
    expect(viaVirtual).toEqual(await fetchSamples([{ studyId: LGG, sampleId: 'P01_Pri' }, { studyId: ES, sampleId: 'TCGA-A1-A0SK-01' }]));
  });

  it('answers GET /api/studies/{id} and its samples', async () => {
    const study = (await inject({ url: '/api/studies/vs_static' })).json();
    expect(study).toEqual({
      studyId: 'vs_static', name: 'Three samples', description: 'two studies', cancerTypeId: 'brca', publicStudy: true, groups: '', status: 0,
      importDate: '2026-01-02 03:04:05', referenceGenome: 'hg19', allSampleCount: 3, readPermission: true, resourceCounts: [],
    });
    // No typeOfCancerId: its study's (study_es_0/meta_study.txt: type_of_cancer: brca-es0).
    expect((await inject({ url: '/api/studies/vs_basal' })).json()).toMatchObject({ studyId: 'vs_basal', name: 'Basal-like', cancerTypeId: 'brca-es0', allSampleCount: 80, importDate: '2026-01-02 03:04:06' });
    const samples = (await inject({ url: '/api/studies/vs_static/samples?projection=ID' })).json() as { sampleId: string; studyId: string }[];
    expect(pairs(samples)).toEqual([`${ES}:TCGA-A1-A0SK-01`, `${ES}:TCGA-A2-A04P-01`, `${LGG}:P01_Pri`].sort());
    expect(pairs((await inject({ url: '/api/studies/vs_basal/samples' })).json())).toEqual(pairs(basal));
    const meta = await inject({ url: '/api/studies/vs_basal/samples?projection=META' });
    expect(meta.headers['total-count']).toBe('80');
    expect((await inject({ url: '/api/studies/no_such_vs' })).json()).toEqual({ message: 'Study not found: no_such_vs' });
  });
});

describe('permissions on the studies a virtual study is built from', () => {
  let secured: FastifyInstance;
  let securedState: StateStore;
  // Lists study_es_0 only, but its filter selects lgg samples: built from both.
  const MISLABELLED = { name: 'Mislabelled', studies: [{ id: ES }], dynamic: true, studyViewFilter: { studyIds: [LGG] } };
  beforeAll(async () => {
    await app.close(); // apps on one store run one at a time (their cohort caches share a name)
    securedState = await StateStore.open(':memory:');
    for (const [id, body] of [['vs_static', STATIC], ['vs_basal', DYNAMIC], ['vs_mislabelled', MISLABELLED]] as const)
      await insertVirtualStudy(securedState, { id, owner: 'x', data: body as Record<string, unknown>, published: true }, NOW);
    await grantAuthority(securedState, 'alice', `cbioportal:${ES}`);
    // No publisher key configured.
    secured = await buildApp({ db, state: securedState, settings: settingsFrom(new Map([['authenticate', 'header']])) });
  });
  afterAll(async () => {
    await secured.close();
    securedState.close();
    app = await buildApp({ db, state, now: () => now, settings: settingsFrom(new Map([['session.endpoint.publisher-api-key', 'secret-key']])) });
  });
  const asAlice = { 'x-remote-user': 'alice' };
  const FORBIDDEN = { message: 'Access to the specified resource has been forbidden' };
  const asAliceInject = (url: string, payload?: object) =>
    secured.inject({ method: payload ? 'POST' : 'GET', url, headers: asAlice, ...(payload ? { payload } : {}) });

  it('lets alice use a virtual study of her study only', async () => {
    const ok = await asAliceInject('/api/filtered-samples/fetch', { studyIds: ['vs_basal'] });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { sampleId: string }[]).map((s) => s.sampleId).sort()).toEqual(BASAL_IDS);
    expect((await asAliceInject('/api/studies/vs_basal')).json()).toMatchObject({ studyId: 'vs_basal', allSampleCount: 80 });
    expect((await asAliceInject('/api/studies/vs_basal/samples')).json()).toHaveLength(80);
    expect((await asAliceInject('/api/session/virtual_study/vs_basal')).statusCode).toBe(200);
    for (const vs of ['vs_static', 'vs_mislabelled']) {
      for (const res of [
        await asAliceInject('/api/filtered-samples/fetch', { studyIds: [vs] }),
        await asAliceInject('/api/clinical-data-counts/fetch', { attributes: [{ attributeId: 'SUBTYPE' }], studyViewFilter: { studyIds: [ES, vs] } }),
        await asAliceInject('/api/samples/fetch', { sampleIdentifiers: [{ studyId: vs, sampleId: 'P01_Pri' }] }),
        await asAliceInject(`/api/studies/${vs}`),
        await asAliceInject(`/api/studies/${vs}/samples`),
        await asAliceInject(`/api/session/virtual_study/${vs}`),
      ]) expect([res.statusCode, res.json()], vs).toEqual([403, FORBIDDEN]);
    }
    expect((await asAliceInject('/api/session/virtual_study', STATIC)).statusCode).toBe(403);
    expect((await asAliceInject('/api/session/virtual_study/save', MISLABELLED)).statusCode).toBe(403);
    // Nobody identified: 401 with an empty body, as everywhere on a login-required instance.
    const anonymous = await secured.inject({ url: '/api/session/virtual_study/vs_basal' });
    expect([anonymous.statusCode, anonymous.body]).toEqual([401, '']);
  });

  it('saves alice\'s virtual study under her name and reads it back', async () => {
    const saved = await asAliceInject('/api/session/virtual_study/save', { name: 'Mine', studies: [{ id: ES, samples: ['TCGA-A1-A0SK-01'] }] });
    expect(saved.statusCode).toBe(200);
    const { id } = saved.json();
    expect((await securedState.snapshot()).virtualStudies.get(id)).toMatchObject({ owner: 'alice', published: false });
    expect((await asAliceInject(`/api/session/virtual_study/${id}`)).json()).toEqual({
      id, data: { name: 'Mine', studies: [{ id: ES, samples: ['TCGA-A1-A0SK-01'] }], origin: [ES] },
    });
  });

  it('keeps the public list readable without credentials, and refuses publishing without a configured key', async () => {
    const res = await secured.inject({ url: '/api/public_virtual_studies' });
    expect(res.statusCode).toBe(200);
    const listed = res.json() as { id: string; data: { origin: string[] } }[];
    expect(listed.map((v) => [v.id, v.data.origin])).toEqual([['vs_basal', [ES]], ['vs_mislabelled', [ES, LGG]], ['vs_static', [ES, LGG]]]);
    const publishing = await secured.inject({ method: 'POST', url: '/api/public_virtual_studies/vs_new', headers: { 'x-publisher-api-key': '' , 'content-type': 'application/json' }, payload: JSON.stringify(STATIC) });
    expect([publishing.statusCode, publishing.json()]).toEqual([401, { message: 'The access is forbidden.' }]);
  });
});

describe('bounds on saved virtual studies (issue 21: 20 MB descriptions and 200 anonymous saves were accepted)', () => {
  let bounded: FastifyInstance;
  let boundedState: StateStore;
  const MAX_BYTES = 2000;
  const MAX_PER_USER = 2;
  const limits = { ...DEFAULT_LIMITS, virtualStudies: { maxBytes: MAX_BYTES, maxPerUser: MAX_PER_USER } };
  const SMALL = { name: 'Small', studies: [{ id: ES, samples: ['TCGA-A1-A0SK-01'] }] };
  /** Over MAX_BYTES by its description alone. */
  const LARGE = { ...SMALL, description: 'x'.repeat(MAX_BYTES) };
  beforeAll(async () => {
    await app.close(); // apps on one store run one at a time (their cohort caches share a name)
    boundedState = await StateStore.open(':memory:');
    for (const user of ['alice', 'bob']) await grantAuthority(boundedState, user, `cbioportal:${ES}`);
    const settings = settingsFrom(new Map([['authenticate', 'header'], ['session.endpoint.publisher-api-key', 'secret-key']]));
    bounded = await buildApp({ db, state: boundedState, settings, limits });
  });
  afterAll(async () => {
    await bounded.close();
    boundedState.close();
    app = await buildApp({ db, state, now: () => now, settings: settingsFrom(new Map([['session.endpoint.publisher-api-key', 'secret-key']])) });
  });
  const as = (user: string, url: string, payload?: object) =>
    bounded.inject({ method: payload ? 'POST' : 'GET', url, headers: { 'x-remote-user': user }, ...(payload ? { payload } : {}) });
  const stored = async () => [...(await boundedState.snapshot()).virtualStudies.values()].map((v) => v.id).sort();

  it('refuses a virtual study over the size cap with 413 and stores nothing, saved or published', async () => {
    expect(JSON.stringify(LARGE).length).toBeGreaterThan(MAX_BYTES);
    for (const url of ['/api/session/virtual_study', '/api/session/virtual_study/save']) {
      const res = await as('alice', url, LARGE);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toHaveProperty('message');
    }
    const published = await bounded.inject({ method: 'POST', url: '/api/public_virtual_studies/vs_large', headers: { ...key, 'content-type': 'application/json' }, payload: JSON.stringify(LARGE) });
    expect(published.statusCode).toBe(413);
    // A body under the cap that the query's pmid takes over it: refused with the cap in the message.
    const pmid = 'p'.repeat(MAX_BYTES);
    const overridden = await bounded.inject({ method: 'POST', url: `/api/public_virtual_studies/vs_pmid?pmid=${pmid}`, headers: { ...key, 'content-type': 'application/json' }, payload: JSON.stringify(SMALL) });
    expect([overridden.statusCode, overridden.json().message]).toEqual([413, expect.stringContaining(`at most ${MAX_BYTES} bytes of JSON (duckportal.virtual_studies.max_kb)`)]);
    expect(await stored()).toEqual([]);
    // Publishing a saved one with such a pmid: refused, and it stays unpublished as it was.
    const { id } = (await as('bob', '/api/session/virtual_study', SMALL)).json();
    expect((await bounded.inject({ method: 'POST', url: `/api/public_virtual_studies/${id}?pmid=${pmid}`, headers: key })).statusCode).toBe(413);
    expect((await boundedState.snapshot()).virtualStudies.get(id)).toMatchObject({ published: false, data: SMALL });
    expect((await bounded.inject({ method: 'POST', url: `/api/public_virtual_studies/${id}?pmid=123`, headers: key })).statusCode).toBe(200);
  });

  it('refuses a save beyond the per-user count with 409 while another user still saves, until one is deleted', async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_PER_USER; i++) {
      const res = await as('alice', '/api/session/virtual_study/save', { ...SMALL, name: `Alice ${i}` });
      expect(res.statusCode).toBe(200);
      ids.push(res.json().id);
    }
    const before = await stored();
    const refused = await as('alice', '/api/session/virtual_study', { ...SMALL, name: 'One more' });
    expect([refused.statusCode, refused.json()]).toEqual([409, {
      message: `You have saved ${MAX_PER_USER} virtual studies, the most one user may keep (duckportal.virtual_studies.max_per_user). Delete old ones with GET /api/session/virtual_study/delete/{id}, then save again.`,
    }]);
    expect(await stored()).toEqual(before);
    // bob saved one (the test above), and published it: he may save MAX_PER_USER more.
    for (let i = 0; i < MAX_PER_USER; i++) expect((await as('bob', '/api/session/virtual_study', { ...SMALL, name: `Bob ${i}` })).statusCode).toBe(200);
    // bob cannot delete alice's; alice deletes one of hers and saves again.
    expect((await as('bob', `/api/session/virtual_study/delete/${ids[0]}`)).statusCode).toBe(200);
    expect(await stored()).toContain(ids[0]);
    expect((await as('alice', `/api/session/virtual_study/delete/${ids[0]}`)).statusCode).toBe(200);
    expect(await stored()).not.toContain(ids[0]);
    expect((await as('alice', `/api/session/virtual_study/delete/${ids[0]}`)).statusCode).toBe(404);
    expect((await as('alice', '/api/session/virtual_study', { ...SMALL, name: 'Again' })).statusCode).toBe(200);
    expect((await as('alice', '/api/session/virtual_study', { ...SMALL, name: 'Too many again' })).statusCode).toBe(409);
  });
});
