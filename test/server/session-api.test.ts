// The session API (issue 23): each session type stored, read back, listed per user, updated
// (settings), refused to other users (403) and to callers without login where cBioPortal refuses
// them, bad payloads (400) and the per-user bounds (413, 409). A login-required instance (header
// login): alice and bob may read study_es_0, carol every study.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { StateStore } from '../../engine/state/state-store.js';
import { grantAuthority } from '../../engine/state/users.js';
import { buildApp } from '../../server/app.js';
import { DEFAULT_LIMITS, type Limits } from '../../server/config/limits.js';
import { settingsFrom } from '../../server/config/settings.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';

const ES = 'study_es_0';
const LGG = 'lgg_ucsf_2014_test_generic_assay';
const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
let now = NOW;
const FORBIDDEN = { message: 'Access to the specified resource has been forbidden' };

let db: Db;
let app: FastifyInstance;
let state: StateStore;

/** An app over the two studies on a fresh state store; header login unless `loginFree`. */
async function openApp(options: { loginFree?: boolean; limits?: Limits } = {}): Promise<{ app: FastifyInstance; state: StateStore }> {
  const fresh = await StateStore.open(':memory:');
  for (const user of ['alice', 'bob']) await grantAuthority(fresh, user, `cbioportal:${ES}`);
  await grantAuthority(fresh, 'carol', 'cbioportal:ALL');
  const settings = settingsFrom(new Map(options.loginFree ? [] : [['authenticate', 'header']]));
  return { app: await buildApp({ db, state: fresh, settings, now: () => now, limits: options.limits }), state: fresh };
}

beforeAll(async () => {
  const store = await openReferenceStore();
  for (const study of [ES, LGG]) await loadTestStudy(store, study);
  db = store.db;
  ({ app, state } = await openApp());
}, 120_000);
afterAll(async () => {
  await app?.close();
  state?.close();
  db?.close();
});

const as = (user: string | undefined, method: 'GET' | 'POST', url: string, payload?: unknown, target = () => app) =>
  target().inject({
    method, url,
    headers: { ...(user === undefined ? {} : { 'x-remote-user': user }), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
const md5 = (data: unknown) => createHash('md5').update(JSON.stringify(data)).digest('hex');
const idOf = async (res: Promise<{ statusCode: number; json: () => unknown; body: string }>) => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  const { id } = answer.json() as { id: string };
  expect(id).toMatch(/^[0-9a-f]{24}$/);
  return id;
};

describe('main and comparison sessions', () => {
  const QUERY = { cancer_study_list: ES, case_set_id: `${ES}_all`, gene_list: 'TP53 KRAS', tab_index: 'tab_visualize' };

  it('stores a Results View query and reads it back as a Session; the same query answers the same id', async () => {
    const id = await idOf(as('alice', 'POST', '/api/session/main_session', QUERY));
    const back = await as('bob', 'GET', `/api/session/main_session/${id}`);
    expect(back.json()).toEqual({ id, checksum: md5(QUERY), data: QUERY, source: 'cbioportal', type: 'main_session' });
    expect(await idOf(as('bob', 'POST', '/api/session/main_session', QUERY))).toBe(id);
    expect(await idOf(as('alice', 'POST', '/api/session/main_session', { ...QUERY, tab_index: 'tab_download' }))).not.toBe(id);
  });

  it('reads a session about studies the caller may not read for nobody but those who may (403)', async () => {
    const id = await idOf(as('carol', 'POST', '/api/session/main_session', { ...QUERY, cancer_study_list: `${ES},${LGG}` }));
    expect((await as('carol', 'GET', `/api/session/main_session/${id}`)).statusCode).toBe(200);
    const refused = await as('alice', 'GET', `/api/session/main_session/${id}`);
    expect([refused.statusCode, refused.json()]).toEqual([403, FORBIDDEN]);
    // Storing one is refused as well.
    expect((await as('alice', 'POST', '/api/session/main_session', { cancer_study_list: LGG })).statusCode).toBe(403);
    // Nobody identified: the empty 401 of a login-required instance.
    expect([(await as(undefined, 'GET', `/api/session/main_session/${id}`)).statusCode, (await as(undefined, 'GET', `/api/session/main_session/${id}`)).body]).toEqual([401, '']);
  });

  it('stores a comparison session and refuses one without its groups or with malformed ones (400)', async () => {
    const session = { origin: [ES], clinicalAttributeName: 'Subtype', groups: [
      { name: 'basal', studies: [{ id: ES, samples: ['TCGA-A2-A04P-01'], patients: ['TCGA-A2-A04P'] }], origin: [ES], color: '#f00' },
      { name: 'other', studies: [{ id: ES, samples: ['TCGA-A1-A0SB-01'] }], origin: [ES] },
    ] };
    const id = await idOf(as('alice', 'POST', '/api/session/comparison_session', session));
    expect((await as('alice', 'GET', `/api/session/comparison_session/${id}`)).json()).toEqual({ id, checksum: md5(session), data: session, source: 'cbioportal', type: 'comparison_session' });
    for (const [bad, message] of [
      [{ origin: [ES] }, 'groups must list the groups compared'],
      [{ ...session, groups: [{ name: 'x', studies: 'no' }] }, 'groups[0].studies must be an array of objects'],
      [{ ...session, groups: [{ studies: [{ samples: ['S1'] }] }] }, 'groups[0].studies[0].id must not be null'],
      [{ groups: [] }, 'origin must not be null'],
    ] as const) {
      const res = await as('alice', 'POST', '/api/session/comparison_session', bad);
      expect([res.statusCode, res.json()], message).toEqual([400, { message }]);
    }
    // Nested deeper than cBioPortal (Jackson) reads: 400, not a stack overflow.
    const deep = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    for (const url of ['/api/session/main_session', '/api/session/group']) expect((await as('alice', 'POST', url, deep)).json(), url).toEqual({ message: 'The request payload nests deeper than 1000 levels' });
    expect((await as('alice', 'POST', '/api/session/settings', `{"page":"study_view","origin":["${ES}"],"chartSettings":${deep}}`)).statusCode).toBe(400);
    // A body that is no JSON object, an unknown type, an unknown id.
    expect((await as('alice', 'POST', '/api/session/main_session', [QUERY])).statusCode).toBe(400);
    expect((await as('alice', 'POST', '/api/session/no_such_type', QUERY)).statusCode).toBe(400);
    const unknown = await as('alice', 'GET', '/api/session/comparison_session/0123456789abcdef01234567');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Session not found: 0123456789abcdef01234567' }]);
  });
});

describe('groups', () => {
  const GROUP = { name: 'Two basal-like', description: 'picked by hand', studies: [{ id: ES, samples: ['TCGA-A2-A04P-01', 'TCGA-A1-A0SK-01'], color: 'red' }], unknownField: 1 };

  it('stores a group as cBioPortal stores its VirtualStudyData, in its owner\'s list; others add and delete it in theirs', async () => {
    now = NOW + 1000;
    const id = await idOf(as('alice', 'POST', '/api/session/group', GROUP));
    const data = {
      name: 'Two basal-like', description: 'picked by hand', studies: [{ id: ES, samples: ['TCGA-A2-A04P-01', 'TCGA-A1-A0SK-01'] }],
      version: 1, owner: 'alice', origin: [ES], created: NOW + 1000, lastUpdated: NOW + 1000,
    };
    expect((await as('bob', 'GET', `/api/session/group/${id}`)).json()).toEqual({ id, checksum: md5(data), data: { ...data, users: ['alice'] }, source: 'cbioportal', type: 'group' });
    const fetched = (user: string, studyIds: string[]) => as(user, 'POST', '/api/session/groups/fetch', studyIds);
    expect((await fetched('alice', [ES])).json()).toEqual([{ id, checksum: md5(data), data: { ...data, users: ['alice'] } }]);
    // Exactly these studies: a superset is another origin.
    expect((await fetched('carol', [ES])).json()).toEqual([]);
    expect((await fetched('carol', [ES, LGG])).json()).toEqual([]);
    expect((await as('bob', 'GET', `/api/session/group/add/${id}`)).statusCode).toBe(200);
    expect((await fetched('bob', [ES])).json()).toEqual([{ id, checksum: md5(data), data: { ...data, users: ['alice', 'bob'] } }]);
    expect((await as('alice', 'GET', `/api/session/group/delete/${id}`)).statusCode).toBe(200);
    expect((await fetched('alice', [ES])).json()).toEqual([]);
    expect((await fetched('bob', [ES])).json()).toHaveLength(1);
    // Taken out of every list, it is still read by its id.
    expect((await as('bob', 'GET', `/api/session/group/delete/${id}`)).statusCode).toBe(200);
    expect((await as('bob', 'GET', `/api/session/group/${id}`)).statusCode).toBe(200);
    expect((await as('bob', 'GET', '/api/session/group/add/0123456789abcdef01234567')).statusCode).toBe(404);
  });

  it('refuses groups of unreadable studies (403), groups/fetch naming them (403), and malformed groups (400)', async () => {
    expect((await as('alice', 'POST', '/api/session/group', { ...GROUP, studies: [{ id: LGG, samples: ['P01_Pri'] }] })).statusCode).toBe(403);
    const lgg = await idOf(as('carol', 'POST', '/api/session/group', { ...GROUP, studies: [{ id: LGG, samples: ['P01_Pri'] }] }));
    expect((await as('alice', 'GET', `/api/session/group/add/${lgg}`)).statusCode).toBe(403);
    expect((await as('alice', 'POST', '/api/session/groups/fetch', [LGG])).statusCode).toBe(403);
    expect((await as('alice', 'POST', '/api/session/groups/fetch', [])).statusCode).toBe(400);
    for (const [bad, message] of [
      [{ name: 'x' }, 'studies must list at least one study'],
      [{ ...GROUP, studies: [{ id: { x: 1 } }] }, 'studies[0].id must be a string'],
      [{ ...GROUP, studies: [{ id: ES, samples: 'S1' }] }, 'studies[0].samples must be an array of strings'],
      [{ ...GROUP, created: 'yesterday' }, 'created must be a time in epoch milliseconds'],
    ] as const) {
      const res = await as('alice', 'POST', '/api/session/group', bad);
      expect([res.statusCode, res.json()], message).toEqual([400, { message }]);
    }
  });
});

describe('custom charts', () => {
  const CHART = {
    origin: [ES], displayName: 'Picked', description: 'Picked', datatype: 'STRING', patientAttribute: false, priority: 0,
    data: [{ studyId: ES, sampleId: 'TCGA-A2-A04P-01', patientId: 'TCGA-A2-A04P', value: 'A', extra: true }],
  };

  it('stores a chart (CustomAttributeWithData), answers it as a CustomDataSession and in custom_data/fetch', async () => {
    now = NOW + 2000;
    const id = await idOf(as('alice', 'POST', '/api/session/custom_data', CHART));
    const data = {
      owner: 'alice', origin: [ES], created: NOW + 2000, lastUpdated: NOW + 2000, displayName: 'Picked', description: 'Picked', datatype: 'STRING',
      patientAttribute: false, priority: '0', data: [{ sampleId: 'TCGA-A2-A04P-01', patientId: 'TCGA-A2-A04P', studyId: ES, value: 'A' }],
    };
    expect((await as('bob', 'GET', `/api/session/custom_data/${id}`)).json()).toEqual({ id, checksum: md5(data), data: { ...data, users: ['alice'] } });
    expect((await as('alice', 'POST', '/api/session/custom_data/fetch', [ES])).json()).toEqual([{ id, checksum: md5(data), data: { ...data, users: ['alice'] } }]);
    expect((await as('bob', 'POST', '/api/session/custom_data/fetch', [ES])).json()).toEqual([]);
    expect((await as('bob', 'GET', `/api/session/custom_data/add/${id}`)).statusCode).toBe(200);
    expect((await as('bob', 'POST', '/api/session/custom_data/fetch', [ES])).json()).toHaveLength(1);
    // As the front end's Study View saves a chart: values without patientId.
    const fromFrontEnd = await as('alice', 'POST', '/api/session/custom_data', { ...CHART, data: [{ studyId: ES, sampleId: 'TCGA-A2-A04P-01', value: 'A' }] });
    expect(fromFrontEnd.statusCode).toBe(200);
    expect((await as('alice', 'GET', `/api/session/custom_data/${fromFrontEnd.json().id}`)).json().data.data).toEqual([{ sampleId: 'TCGA-A2-A04P-01', studyId: ES, value: 'A' }]);
    for (const [bad, message] of [
      [{ ...CHART, displayName: null }, 'displayName must not be null'],
      [{ ...CHART, patientAttribute: 'no' }, 'patientAttribute must be true or false'],
      [{ ...CHART, data: undefined }, 'data must list the values of the chart'],
      [{ ...CHART, data: [{ studyId: ES, patientId: 'TCGA-A2-A04P', value: 'A' }] }, 'data[0].sampleId must not be null'],
    ] as const) {
      const res = await as('alice', 'POST', '/api/session/custom_data', bad);
      expect([res.statusCode, res.json()], message).toEqual([400, { message }]);
    }
    // Values of a study alice may not read: refused.
    expect((await as('alice', 'POST', '/api/session/custom_data', { ...CHART, data: [{ studyId: LGG, sampleId: 'P01_Pri', patientId: 'P01', value: 'A' }] })).statusCode).toBe(403);
  });
});

describe('page settings', () => {
  const SETTINGS = { page: 'study_view', origin: [ES], chartSettings: [{ id: 'SUBTYPE', chartType: 'PIE_CHART', patientAttribute: false }], groupColors: { g1: '#ff0000' } };
  const fetchSettings = (user: string, origin: string[], page = 'study_view') => as(user, 'POST', '/api/session/settings/fetch', { page, origin });

  it('stores one settings session per user, page and origin, replaced by each update', async () => {
    now = NOW + 3000;
    expect([(await as('alice', 'POST', '/api/session/settings', SETTINGS)).statusCode]).toEqual([200]);
    const stored = { page: 'study_view', owner: 'alice', origin: [ES], created: NOW + 3000, lastUpdated: NOW + 3000, chartSettings: SETTINGS.chartSettings, groupColors: { g1: '#ff0000' } };
    expect((await fetchSettings('alice', [ES])).json()).toEqual(stored);
    now = NOW + 4000;
    const charts = [{ id: 'OS_STATUS', patientAttribute: true, layout: { x: 0, y: 0, w: 2, h: 1 } }];
    expect((await as('alice', 'POST', '/api/session/settings', { ...SETTINGS, chartSettings: charts, groupColors: undefined, owner: 'mallory' })).statusCode).toBe(200);
    expect((await fetchSettings('alice', [ES])).json()).toEqual({ ...stored, chartSettings: charts, groupColors: undefined, lastUpdated: NOW + 4000 });
    // Another user, origin or page: none stored (an empty answer, as cBioPortal's null).
    for (const res of [await fetchSettings('bob', [ES]), await fetchSettings('alice', [ES, LGG]), await fetchSettings('alice', [ES], 'results_view')]) expect([res.statusCode, res.body]).toEqual([200, '']);
    const rows = await state.read((d) => d.all<{ id: string }>(sql`SELECT id FROM session WHERE type = 'settings'`));
    expect(rows).toHaveLength(1);
    // Personal: alice reads hers by id, bob may not.
    expect((await as('alice', 'GET', `/api/session/settings/${rows[0].id}`)).json()).toMatchObject({ id: rows[0].id, data: { owner: 'alice', chartSettings: charts } });
    expect([(await as('bob', 'GET', `/api/session/settings/${rows[0].id}`)).statusCode, (await as('bob', 'GET', `/api/session/settings/${rows[0].id}`)).json()]).toEqual([403, FORBIDDEN]);
  });

  it('stores results view settings with their clinical tracks, and refuses malformed settings (400)', async () => {
    expect((await as('bob', 'POST', '/api/session/settings', { page: 'results_view', origin: [ES] })).statusCode).toBe(200);
    expect((await fetchSettings('bob', [ES], 'results_view')).json()).toMatchObject({ page: 'results_view', owner: 'bob', clinicallist: [] });
    for (const bad of [{ origin: [ES] }, { page: 'patient_view', origin: [ES] }, { page: 'study_view' }, { ...SETTINGS, groupColors: { g1: { r: 1 } } }]) {
      const res = await as('bob', 'POST', '/api/session/settings', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await as('bob', 'POST', '/api/session/settings/fetch', { page: 'study_view', origin: [] })).statusCode).toBe(400);
  });
});

describe('virtual study and gene lists', () => {
  const VS = { name: 'Mine', studies: [{ id: ES, samples: ['TCGA-A1-A0SK-01'] }] };

  it('lists the virtual studies a user saved or added, not those only shared', async () => {
    const saved = await idOf(as('alice', 'POST', '/api/session/virtual_study/save', VS));
    const shared = await idOf(as('alice', 'POST', '/api/session/virtual_study', { ...VS, name: 'Shared' }));
    const listed = async (user: string) => ((await as(user, 'GET', '/api/session/virtual_study')).json() as { id: string; data: { name: string } }[]).map((v) => [v.id, v.data.name]);
    expect(await listed('alice')).toEqual([[saved, 'Mine']]);
    expect(await listed('bob')).toEqual([]);
    expect((await as('bob', 'GET', `/api/session/virtual_study/add/${shared}`)).statusCode).toBe(200);
    expect(await listed('bob')).toEqual([[shared, 'Shared']]);
    // bob takes it out of his list; it stays alice's (a non-owner's delete deletes nothing).
    expect((await as('bob', 'GET', `/api/session/virtual_study/delete/${shared}`)).statusCode).toBe(200);
    expect(await listed('bob')).toEqual([]);
    expect((await as('alice', 'GET', `/api/session/virtual_study/${shared}`)).statusCode).toBe(200);
    // Its owner's delete deletes a saved one.
    expect((await as('alice', 'GET', `/api/session/virtual_study/delete/${saved}`)).statusCode).toBe(200);
    expect(await listed('alice')).toEqual([]);
    expect((await as('alice', 'GET', `/api/session/virtual_study/${saved}`)).statusCode).toBe(404);
  });

  it('keeps gene lists personal: listed and read by their users only', async () => {
    const id = await idOf(as('alice', 'POST', '/api/session/custom_gene_list/save', { name: 'Mine', geneList: ['TP53', 'KRAS', 'TP53'] }));
    const other = await idOf(as('alice', 'POST', '/api/session/custom_gene_list', { name: 'Other', geneList: ['EGFR'] }));
    const lists = (await as('alice', 'GET', '/api/session/custom_gene_list')).json() as { id: string; data: { name: string } }[];
    // Oldest first; two stored within one millisecond come in id order, so compare by name.
    expect(lists.map((l) => [l.id, l.data]).sort((a, b) => ((a[1] as { name: string }).name < (b[1] as { name: string }).name ? -1 : 1))).toEqual([[id, { name: 'Mine', geneList: ['TP53', 'KRAS'], users: ['alice'] }], [other, { name: 'Other', geneList: ['EGFR'], users: ['alice'] }]]);
    expect((await as('bob', 'GET', '/api/session/custom_gene_list')).json()).toEqual([]);
    for (const url of [`/api/session/custom_gene_list/${id}`, `/api/session/custom_gene_list/add/${id}`]) expect([(await as('bob', 'GET', url)).statusCode], url).toEqual([403]);
  });
});

describe('a login-free instance', () => {
  let open: { app: FastifyInstance; state: StateStore };
  beforeAll(async () => {
    await app.close(); // apps on one store run one at a time (their cohort caches share a name)
    open = await openApp({ loginFree: true });
  });
  afterAll(async () => {
    await open.app.close();
    open.state.close();
    ({ app, state } = await openApp());
  });

  it('stores and reads shared sessions anonymously, and refuses what cBioPortal keeps per user (403)', async () => {
    const anonymous = (method: 'GET' | 'POST', url: string, payload?: unknown) => as(undefined, method, url, payload, () => open.app);
    const id = await idOf(anonymous('POST', '/api/session/group', { name: 'g', studies: [{ id: ES, samples: ['TCGA-A1-A0SK-01'] }] }));
    expect((await anonymous('GET', `/api/session/group/${id}`)).json()).toMatchObject({ data: { owner: 'anonymous', users: [] } });
    for (const [method, url, payload] of [
      ['POST', '/api/session/settings', { page: 'study_view', origin: [ES] }], ['POST', '/api/session/settings/fetch', { page: 'study_view', origin: [ES] }],
      ['POST', '/api/session/groups/fetch', [ES]], ['POST', '/api/session/custom_data/fetch', [ES]], ['GET', '/api/session/virtual_study', undefined],
      ['GET', `/api/session/group/add/${id}`, undefined], ['POST', '/api/session/custom_gene_list', { geneList: ['TP53'] }], ['GET', '/api/session/custom_gene_list', undefined],
    ] as const) {
      const res = await anonymous(method, url, payload);
      expect([res.statusCode, res.json().message], url).toEqual([403, expect.stringContaining('needs a logged-in user')]);
    }
    expect(await open.state.read((d) => d.all(sql`SELECT id FROM session WHERE type = 'settings'`))).toEqual([]);
  });
});

describe('bounds on stored sessions', () => {
  let bounded: { app: FastifyInstance; state: StateStore };
  const MAX_BYTES = 2000;
  beforeAll(async () => {
    await app.close();
    bounded = await openApp({ limits: { ...DEFAULT_LIMITS, sessions: { maxBytes: MAX_BYTES, maxPerUser: 2 } } });
  });
  afterAll(async () => {
    await bounded.app.close();
    bounded.state.close();
    ({ app, state } = await openApp());
  });
  const post = (user: string, url: string, payload: unknown) => as(user, 'POST', url, payload, () => bounded.app);
  const count = async () => (await bounded.state.read((d) => d.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM session`)))?.n;

  it('refuses a session over the size cap with 413 and stores nothing', async () => {
    for (const [url, body] of [
      ['/api/session/main_session', { cancer_study_list: ES, gene_list: 'x'.repeat(MAX_BYTES) }],
      ['/api/session/settings', { page: 'study_view', origin: [ES], chartSettings: 'x'.repeat(MAX_BYTES) }],
      // Under the cap as sent, over it as stored (the owner and times added).
      ['/api/session/group', { name: 'x'.repeat(MAX_BYTES - 120), studies: [{ id: ES }] }],
    ] as const) {
      const res = await post('alice', url, body);
      expect([res.statusCode, res.json().message], url).toEqual([413, expect.stringMatching(/bytes/)]);
    }
    expect(await count()).toBe(0);
  });

  it('refuses a session beyond the per-user count with 409 while another user still stores, an identical session costing nothing', async () => {
    const first = await idOf(post('alice', '/api/session/main_session', { cancer_study_list: ES, n: 1 }));
    expect((await post('alice', '/api/session/settings', { page: 'study_view', origin: [ES] })).statusCode).toBe(200);
    // Her settings are updated in place: still two sessions.
    expect((await post('alice', '/api/session/settings', { page: 'study_view', origin: [ES], chartSettings: [] })).statusCode).toBe(200);
    expect(await idOf(post('alice', '/api/session/main_session', { cancer_study_list: ES, n: 1 }))).toBe(first);
    const refused = await post('alice', '/api/session/main_session', { cancer_study_list: ES, n: 2 });
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'You have stored 2 sessions, the most one user may keep (duckportal.sessions.max_per_user).' }]);
    expect((await post('alice', '/api/session/settings', { page: 'results_view', origin: [ES] })).statusCode).toBe(409);
    expect(await idOf(post('bob', '/api/session/main_session', { cancer_study_list: ES, n: 2 }))).not.toBe(first);
    expect(await count()).toBe(3);
  });
});

describe('bounds on sessions stored without login', () => {
  let bounded: { app: FastifyInstance; state: StateStore };
  beforeAll(async () => {
    await app.close();
    bounded = await openApp({ loginFree: true, limits: { ...DEFAULT_LIMITS, sessions: { maxBytes: 2000, maxPerUser: 2 } } });
  });
  afterAll(async () => {
    await bounded.app.close();
    bounded.state.close();
    ({ app, state } = await openApp());
  });
  const save = (remoteAddress: string, n: number) =>
    bounded.app.inject({ method: 'POST', url: '/api/session/main_session', remoteAddress, payload: { cancer_study_list: ES, n } });

  it('counts them per client address: one visitor reaching the cap leaves the others able to store', async () => {
    for (const n of [1, 2]) expect((await save('192.0.2.1', n)).statusCode).toBe(200);
    const refused = await save('192.0.2.1', 3);
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'Callers without login from your address have stored 2 sessions, the most one user may keep (duckportal.sessions.max_per_user).' }]);
    expect((await save('192.0.2.2', 3)).statusCode).toBe(200);
    // The stored data names no address.
    const stored = await bounded.state.read((d) => d.all<{ data: string }>(sql`SELECT data FROM session`));
    expect(stored.map((r) => r.data).join()).not.toMatch(/192\.0\.2/);
  });
});
