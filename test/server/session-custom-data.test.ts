// Custom charts saved through POST /api/session/custom_data and then named by their id alone, as
// the front end names them (issue 23: custom-data-counts answered [] for a chart it had saved):
// counts, bins and customDataFilters over study_es_0. Expected values by hand from the study files:
// data_clinical_samples.txt lists 845 samples (`grep -v '^#' data_clinical_samples.txt | tail -n +2 | wc -l`),
// 80 of them SUBTYPE basal-like, among them the four samples the charts below name.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { StateStore } from '../../engine/state/state-store.js';
import { grantAuthority } from '../../engine/state/users.js';
import { buildApp } from '../../server/app.js';
import { settingsFrom } from '../../server/config/settings.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';

const ES = 'study_es_0';
const LGG = 'lgg_ucsf_2014_test_generic_assay';
const ALL = 845;
const BASAL = { studyIds: [ES], clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'basal-like' }] }] };
const BASAL_COUNT = 80;

let db: Db;
let app: FastifyInstance;
let state: StateStore;

// As the front end's Study View sends them: no patientId.
const value = (sampleId: string, v: string, studyId = ES) => ({ studyId, sampleId, value: v });
const chart = (values: ReturnType<typeof value>[], datatype = 'STRING') =>
  ({ origin: [ES], displayName: 'Picked', description: 'Picked', datatype, patientAttribute: false, priority: 0, data: values });
/** A, A, B, NA (not counted as a value) and a sample the study does not have. */
const PICKED = chart([value('TCGA-A2-A04P-01', 'A'), value('TCGA-A1-A0SK-01', 'A'), value('TCGA-A2-A0CM-01', 'B'), value('TCGA-AR-A1AR-01', 'NA'), value('NOT-IN-STUDY-01', 'B')]);
/** A on three samples. */
const THREE = chart([value('TCGA-A2-A04P-01', 'A'), value('TCGA-A1-A0SK-01', 'A'), value('TCGA-A2-A0CM-01', 'A')]);
const NUMBERS = chart([value('TCGA-A2-A04P-01', '1'), value('TCGA-A1-A0SK-01', '2'), value('TCGA-A2-A0CM-01', '2'), value('TCGA-AR-A1AR-01', '3')], 'NUMBER');

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload: payload as object, headers });
const save = async (data: unknown) => {
  const res = await post('/api/session/custom_data', data);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
};
const sampleIds = async (filter: object, headers: Record<string, string> = {}) => {
  const res = await post('/api/filtered-samples/fetch', filter, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sampleId: string }[]).map((s) => s.sampleId).sort();
};

beforeAll(async () => {
  const store = await openReferenceStore();
  for (const study of [ES, LGG]) await loadTestStudy(store, study);
  db = store.db;
  state = await StateStore.open(':memory:');
  app = await buildApp({ db, state });
}, 120_000);
afterAll(async () => {
  await app?.close();
  state?.close();
  db?.close();
});

describe('a stored custom chart named by its id', () => {
  let picked: string;
  let three: string;
  let numbers: string;
  beforeAll(async () => {
    [picked, three, numbers] = [await save(PICKED), await save(THREE), await save(NUMBERS)];
  });

  it('is counted by /api/custom-data-counts/fetch: per value, NA the cohort\'s samples without one', async () => {
    const counts = await post('/api/custom-data-counts/fetch', { attributes: [{ attributeId: picked }], studyViewFilter: { studyIds: [ES] } });
    expect(counts.json()).toEqual([{ attributeId: picked, counts: [{ value: 'A', count: 2 }, { value: 'B', count: 1 }, { value: 'NA', count: ALL - 3 }] }]);
    const basal = await post('/api/custom-data-counts/fetch', { attributes: [{ attributeId: picked }, { attributeId: three }], studyViewFilter: BASAL });
    expect(basal.json()).toEqual([
      { attributeId: picked, counts: [{ value: 'A', count: 2 }, { value: 'B', count: 1 }, { value: 'NA', count: BASAL_COUNT - 3 }] },
      { attributeId: three, counts: [{ value: 'A', count: 3 }, { value: 'NA', count: BASAL_COUNT - 3 }] },
    ]);
  });

  it('is binned by /api/custom-data-bin-counts/fetch as the same values sent inline are', async () => {
    const bins = async (attribute: object) => {
      const res = await post('/api/custom-data-bin-counts/fetch?dataBinMethod=STATIC', { attributes: [attribute], studyViewFilter: { studyIds: [ES] } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { attributeId: string; start?: number; end?: number; specialValue?: string; count: number }[];
    };
    const stored = await bins({ attributeId: numbers });
    // One bin per distinct value (1, 2, 2, 3: counts 1, 2, 1) and NA for the 841 others.
    expect(stored.map((b) => [b.start, b.end, b.specialValue, b.count])).toEqual([[1, 1, undefined, 1], [2, 2, undefined, 2], [3, 3, undefined, 1], [undefined, undefined, 'NA', ALL - 4]]);
    const inline = await bins({ attributeId: numbers, samples: NUMBERS.data.map(({ studyId, sampleId, value: v }) => ({ studyId, sampleId, value: v })) });
    expect(stored).toEqual(inline);
  });

  it('selects its samples in a customDataFilter of any Study View request, NA the samples without a value', async () => {
    const filter = (id: string, values: string[]) => ({ studyIds: [ES], customDataFilters: [{ attributeId: id, values: values.map((v) => ({ value: v })) }] });
    expect(await sampleIds(filter(picked, ['A']))).toEqual(['TCGA-A1-A0SK-01', 'TCGA-A2-A04P-01']);
    expect(await sampleIds(filter(picked, ['B']))).toEqual(['TCGA-A2-A0CM-01']);
    // Listed as NA, or not listed: 845 − the 3 with a value.
    expect(await sampleIds(filter(picked, ['NA']))).toHaveLength(ALL - 3);
    // The chart's datatype (NUMBER) applies the numeric rules: (1, 2] holds the two 2s.
    const range = { studyIds: [ES], customDataFilters: [{ attributeId: numbers, values: [{ start: 1, end: 2 }] }] };
    expect(await sampleIds(range)).toEqual(['TCGA-A1-A0SK-01', 'TCGA-A2-A0CM-01']);
    // And the counts of another chart on that cohort.
    const counts = await post('/api/custom-data-counts/fetch', { attributes: [{ attributeId: three }], studyViewFilter: filter(picked, ['A']) });
    expect(counts.json()).toEqual([{ attributeId: three, counts: [{ value: 'A', count: 2 }] }]);
  });

  it('never answers another dataset\'s cohort for the same filter shape (the cohort cache and kept answers are keyed by the values)', async () => {
    const filter = (id: string, samples?: object[]) => ({ studyIds: [ES], customDataFilters: [{ attributeId: id, values: [{ value: 'A' }], ...(samples ? { samples } : {}) }] });
    expect(await sampleIds(filter(picked))).toHaveLength(2);
    expect(await sampleIds(filter(three))).toHaveLength(3);
    // Values sent inline under a stored chart's id are those used.
    expect(await sampleIds(filter(picked, [{ studyId: ES, sampleId: 'TCGA-B6-A0WX-01', value: 'A' }]))).toEqual(['TCGA-B6-A0WX-01']);
    expect(await sampleIds(filter(picked))).toHaveLength(2);
    // An id that is no stored chart: no effect, as before (study-view.md 3.5).
    expect(await sampleIds(filter('0123456789abcdef01234567'))).toHaveLength(ALL);
    // Looked for in a body nested 10,000 deep (unknown fields) without overflowing the stack.
    const deep = JSON.stringify(filter(picked)).replace(/}$/, `,"a":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`);
    const res = await post('/api/filtered-samples/fetch', deep, { 'content-type': 'application/json' });
    expect([res.statusCode, res.json().length]).toEqual([200, 2]);
  });

  it('is kept by id, not by its values, in what is stored: a group\'s filter as it was sent', async () => {
    const studyViewFilter = { studyIds: [ES], customDataFilters: [{ attributeId: picked, values: [{ value: 'A' }] }] };
    const saved = await post('/api/session/group', { name: 'A', studies: [{ id: ES, samples: ['TCGA-A2-A04P-01'] }], studyViewFilter });
    const back = await app.inject({ url: `/api/session/group/${saved.json().id}` });
    expect(back.json().data.studyViewFilter).toEqual(studyViewFilter);
  });
});

describe('on a login-required instance', () => {
  let secured: FastifyInstance;
  let securedState: StateStore;
  let lggChart: string;
  beforeAll(async () => {
    await app.close(); // apps on one store run one at a time (their cohort caches share a name)
    securedState = await StateStore.open(':memory:');
    await grantAuthority(securedState, 'alice', `cbioportal:${ES}`);
    await grantAuthority(securedState, 'carol', 'cbioportal:ALL');
    secured = await buildApp({ db, state: securedState, settings: settingsFrom(new Map([['authenticate', 'header']])) });
    const saved = await secured.inject({ method: 'POST', url: '/api/session/custom_data', headers: { 'x-remote-user': 'carol' },
      payload: { ...chart([value('TCGA-A2-A04P-01', 'A'), value('P01_Pri', 'A', LGG)]), origin: [ES, LGG] } });
    lggChart = saved.json().id;
  });
  afterAll(async () => {
    await secured.close();
    securedState.close();
    app = await buildApp({ db, state });
  });

  it('uses a chart only for callers who may read all its studies (403 otherwise)', async () => {
    const filter = { studyIds: [ES], customDataFilters: [{ attributeId: lggChart, values: [{ value: 'A' }] }] };
    const as = (user: string, url: string, payload: object) => secured.inject({ method: 'POST', url, payload, headers: { 'x-remote-user': user } });
    expect((await as('carol', '/api/filtered-samples/fetch', filter)).json()).toEqual([expect.objectContaining({ sampleId: 'TCGA-A2-A04P-01' })]);
    for (const [url, body] of [
      ['/api/filtered-samples/fetch', filter],
      ['/api/custom-data-counts/fetch', { attributes: [{ attributeId: lggChart }], studyViewFilter: { studyIds: [ES] } }],
      ['/api/custom-data-bin-counts/fetch', { attributes: [{ attributeId: lggChart }], studyViewFilter: { studyIds: [ES] } }],
    ] as const) {
      const res = await as('alice', url, body);
      expect([res.statusCode, res.json()], url).toEqual([403, { message: 'Access to the specified resource has been forbidden' }]);
    }
  });
});
