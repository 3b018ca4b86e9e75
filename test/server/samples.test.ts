// Sample routes (api.md 6) over all shared test studies; expected values come from the study files.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => { app = await openTestApp(); });
afterAll(() => app.close());

type Sample = { sampleId: string; studyId: string; patientId: string };
const get = (url: string) => app.inject(url);
const fetchSamples = (body: unknown, query = '') => app.inject({ method: 'POST', url: `/api/samples/fetch${query}`, payload: body as object });
const sampleIds = (items: Sample[]) => items.map((s) => s.sampleId);
const key = (id: string, studyId: string) => Buffer.from(`${id}:${studyId}`).toString('base64').replace(/=+$/, '');

const ID_FIELDS = ['patientId', 'sampleId', 'studyId', 'uniquePatientKey', 'uniqueSampleKey'];
// ascn-test-study/data_clinical_sample.txt: FAKE_P001_S2..S7 of patient FAKE_P001.
const ASCN = ['FAKE_P001_S2', 'FAKE_P001_S3', 'FAKE_P001_S4', 'FAKE_P001_S5', 'FAKE_P001_S6', 'FAKE_P001_S7'];

describe('GET /api/studies/{studyId}/samples', () => {
  it('lists SUMMARY samples by sampleId with keys and sampleType', async () => {
    const res = await get('/api/studies/ascn_test_study/samples');
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(sampleIds(items)).toEqual(ASCN);
    expect(items[0]).toEqual({
      sampleId: 'FAKE_P001_S2', patientId: 'FAKE_P001', studyId: 'ascn_test_study', sampleType: 'Primary Solid Tumor',
      uniqueSampleKey: key('FAKE_P001_S2', 'ascn_test_study'), uniquePatientKey: key('FAKE_P001', 'ascn_test_study'),
    });
  });

  it('ID has only ids and keys; DETAILED adds sequenced and copyNumberSegmentPresent', async () => {
    for (const s of (await get('/api/studies/ascn_test_study/samples?projection=ID')).json()) expect(Object.keys(s).sort()).toEqual(ID_FIELDS);
    const detailed = (await get('/api/studies/ascn_test_study/samples?projection=DETAILED')).json();
    // cases_sequenced.txt lists S2..S6 (not S7); the .seg file has segments for all six samples.
    expect(detailed.map((s: { sequenced: boolean }) => s.sequenced)).toEqual([true, true, true, true, true, false]);
    expect(detailed.every((s: { copyNumberSegmentPresent: boolean }) => s.copyNumberSegmentPresent === true)).toBe(true);
    // study_es_0/data_cna_hg19.seg only has TCGA-A2-A04P-01; TCGA-A1-A0SB-02 is in cases_sequenced.txt.
    const es0 = (await get('/api/studies/study_es_0/samples?projection=DETAILED&pageSize=2')).json();
    expect(es0).toEqual([
      expect.objectContaining({ sampleId: 'TCGA-A1-A0SB-01', sampleType: 'Primary Solid Tumor', sequenced: true, copyNumberSegmentPresent: false }),
      expect.objectContaining({ sampleId: 'TCGA-A1-A0SB-02', sampleType: 'Recurrent Solid Tumor', sequenced: true, copyNumberSegmentPresent: false }),
    ]);
  });

  it('sorts by sampleId DESC, pages zero-based, META counts', async () => {
    expect(sampleIds((await get('/api/studies/ascn_test_study/samples?sortBy=sampleId&direction=DESC')).json())).toEqual([...ASCN].reverse());
    expect(sampleIds((await get('/api/studies/ascn_test_study/samples?pageSize=4&pageNumber=1')).json())).toEqual(ASCN.slice(4));
    expect((await get('/api/studies/ascn_test_study/samples?pageSize=4&pageNumber=2')).json()).toEqual([]);
    // study_es_0/data_clinical_samples.txt: 845 data rows, none a TCGA normal (-10/-11).
    const meta = await get('/api/studies/study_es_0/samples?projection=META');
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['total-count']).toBe('845');
    expect(meta.body).toBe('');
  });

  it('404s an unknown study and 400s bad parameters', async () => {
    expect((await get('/api/studies/nope/samples')).json()).toEqual({ message: 'Study not found: nope' });
    expect((await get('/api/studies/nope/samples')).statusCode).toBe(404);
    for (const q of ['pageSize=0', 'pageSize=10000001', 'pageNumber=-1', 'projection=summary', 'sortBy=patientId', 'pageSize=1.5']) {
      const res = await get(`/api/studies/ascn_test_study/samples?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message, q).toBe('string');
    }
    expect((await get('/api/studies/ascn_test_study/samples?pageSize=0')).json()).toEqual({ message: 'pageSize must be greater than or equal to 1' });
  });
});

describe('GET /api/samples', () => {
  it('lists every sample and counts them', async () => {
    // 5 (genepanel) + 845 (es_0) + 6 (ascn) + 1 (hg38) + 61 (lgg) data rows in the sample files.
    expect((await get('/api/samples?projection=META')).headers['total-count']).toBe('918');
    const first = (await get('/api/samples?pageSize=2')).json();
    // Ordered by studyId then sampleId: ascn_test_study sorts first.
    expect(sampleIds(first)).toEqual(['FAKE_P001_S2', 'FAKE_P001_S3']);
  });

  it('keyword: case-insensitive tokens on the sample id, ids starting with it first', async () => {
    // grep -i sample over the sample ids: 5 genepanel "sampleN" + 18 es_0 TEST_SAMPLE_*.
    const items = (await get('/api/samples?keyword=SAMPLE')).json();
    expect(items).toHaveLength(23);
    expect(sampleIds(items).slice(0, 6)).toEqual(['sample1', 'sample2', 'sample3', 'sample4', 'sample5', 'TEST_SAMPLE_1']);
    expect(sampleIds((await get('/api/samples?keyword=a0sb')).json())).toEqual(['TCGA-A1-A0SB-01', 'TCGA-A1-A0SB-02']);
    expect(sampleIds((await get('/api/samples?keyword=a0sb%2002')).json())).toEqual(['TCGA-A1-A0SB-02']);
    // The keyword ranking wins over sortBy (the reference fails with 500 on the pair).
    expect(sampleIds((await get('/api/samples?keyword=a0sb&sortBy=sampleId&direction=DESC')).json())).toEqual(['TCGA-A1-A0SB-01', 'TCGA-A1-A0SB-02']);
    expect((await get('/api/samples?keyword=a0sb&projection=META')).headers['total-count']).toBe('2');
    expect((await get('/api/samples?keyword=%25')).json()).toEqual([]);
  });
});

describe('GET /api/studies/{studyId}/samples/{sampleId}', () => {
  it('answers the DETAILED sample with both keys', async () => {
    const res = await get('/api/studies/ascn_test_study/samples/FAKE_P001_S7');
    expect(res.json()).toEqual({
      sampleId: 'FAKE_P001_S7', patientId: 'FAKE_P001', studyId: 'ascn_test_study', sampleType: 'Primary Solid Tumor',
      uniqueSampleKey: key('FAKE_P001_S7', 'ascn_test_study'), uniquePatientKey: key('FAKE_P001', 'ascn_test_study'),
      sequenced: false, copyNumberSegmentPresent: true,
    });
  });

  it('404s the study first, then the sample', async () => {
    expect((await get('/api/studies/nope/samples/FAKE_P001_S7')).json()).toEqual({ message: 'Study not found: nope' });
    const res = await get('/api/studies/ascn_test_study/samples/fake_p001_s7');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Sample not found in study ascn_test_study: fake_p001_s7' });
  });
});

describe('GET /api/studies/{studyId}/patients/{patientId}/samples', () => {
  it('lists the patient\'s samples', async () => {
    // data_clinical_samples.txt: TCGA-A1-A0SB has samples -01 and -02.
    expect(sampleIds((await get('/api/studies/study_es_0/patients/TCGA-A1-A0SB/samples')).json())).toEqual(['TCGA-A1-A0SB-01', 'TCGA-A1-A0SB-02']);
    expect((await get('/api/studies/ascn_test_study/patients/FAKE_P001/samples?projection=META')).headers['total-count']).toBe('6');
    expect(sampleIds((await get('/api/studies/study_es_0/patients/TCGA-A1-A0SB/samples?sortBy=sampleType&direction=DESC')).json()))
      .toEqual(['TCGA-A1-A0SB-02', 'TCGA-A1-A0SB-01']);
  });

  it('404s the study, then the patient', async () => {
    expect((await get('/api/studies/nope/patients/FAKE_P001/samples')).json()).toEqual({ message: 'Study not found: nope' });
    expect((await get('/api/studies/ascn_test_study/patients/nope/samples')).json()).toEqual({ message: 'Patient not found in study ascn_test_study: nope' });
  });
});

describe('POST /api/samples/fetch', () => {
  it('fetches by identifiers: unknown skipped, duplicates once, studyId then sampleId order', async () => {
    // TCGA-A2-A04P-01 is in both study_es_0 and study_hg38.
    const items = (await fetchSamples({
      sampleIdentifiers: [
        { studyId: 'study_hg38', sampleId: 'TCGA-A2-A04P-01' }, { studyId: 'study_es_0', sampleId: 'TCGA-A2-A04P-01' },
        { studyId: 'ascn_test_study', sampleId: 'FAKE_P001_S3' }, { studyId: 'ascn_test_study', sampleId: 'FAKE_P001_S3' },
        { studyId: 'study_hg38', sampleId: 'nope' }, { studyId: 'nope', sampleId: 'FAKE_P001_S3' },
      ],
    })).json();
    expect(items.map((s: Sample) => `${s.studyId}/${s.sampleId}`)).toEqual(['ascn_test_study/FAKE_P001_S3', 'study_es_0/TCGA-A2-A04P-01', 'study_hg38/TCGA-A2-A04P-01']);
    expect(Object.keys(items[0]).sort()).toEqual([...ID_FIELDS, 'sampleType'].sort());
    const ids = (await fetchSamples({ sampleIdentifiers: [{ studyId: 'study_hg38', sampleId: 'TCGA-A2-A04P-01' }, { studyId: 'ascn_test_study', sampleId: 'FAKE_P001_S3' }] }, '?projection=ID')).json();
    expect(sampleIds(ids)).toEqual(['FAKE_P001_S3', 'TCGA-A2-A04P-01']);
  });

  it('fetches by uniqueSampleKeys; all keys malformed gives [] (not every sample, a reference defect)', async () => {
    const items = (await fetchSamples({ uniqueSampleKeys: [key('FAKE_P001_S4', 'ascn_test_study'), key('sample1', 'teststudy_genepanels'), 'bm9jb2xvbg'] })).json();
    expect(items.map((s: Sample) => `${s.studyId}/${s.sampleId}`)).toEqual(['ascn_test_study/FAKE_P001_S4', 'teststudy_genepanels/sample1']);
    const none = await fetchSamples({ uniqueSampleKeys: ['bm9jb2xvbg', '!!!', key('a:b', 'c')] });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('fetches the union of sample lists once per sample', async () => {
    // study_es_0 cases_sequenced (31 ids) ∪ cases_test (TEST_SAMPLE_1..15): 12 shared, so 34.
    const res = await fetchSamples({ sampleListIds: ['study_es_0_sequenced', 'study_es_0_testprofiled', 'nope'] }, '?projection=META');
    expect(res.headers['total-count']).toBe('34');
    const both = (await fetchSamples({ sampleListIds: ['ascn_test_study_sequenced', 'study_hg38_all'] })).json();
    expect(both.map((s: Sample) => `${s.studyId}/${s.sampleId}`)).toEqual([
      ...ASCN.slice(0, 5).map((id) => `ascn_test_study/${id}`), 'study_hg38/TCGA-A2-A04P-01',
    ]);
  });

  it('requires exactly one filter type (onlyOneTypeOfFilterPresent)', async () => {
    for (const body of [{}, { sampleListIds: ['x'], uniqueSampleKeys: ['y'] }, { sampleListIds: ['x'], uniqueSampleKeys: ['y'], sampleIdentifiers: [{ studyId: 'a', sampleId: 'b' }] }]) {
      const res = await fetchSamples(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'onlyOneTypeOfFilterPresent must be true' });
    }
    expect((await fetchSamples({ sampleListIds: [] })).json()).toEqual({ message: 'sampleListIds size must be between 1 and 10000000' });
  });

  it('answers malformed bodies with 400, never 5xx', async () => {
    const json = { message: 'There is an error in the JSON format of the request payload' };
    for (const payload of ['{"sampleListIds": [', '[]', '"x"', '{"sampleListIds": "x", "foo": 1}', '{"sampleIdentifiers": [{"sampleId": "a"}]}', '{"sampleIdentifiers": [{"sampleId": "a", "studyId": "b", "x": 1}]}', '{"sampleListIds": [{}]}']) {
      const res = await app.inject({ method: 'POST', url: '/api/samples/fetch', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual(json);
    }
    const quotes = await fetchSamples({ sampleIdentifiers: [{ studyId: "x' OR 1=1 --", sampleId: '%' }] });
    expect(quotes.json()).toEqual([]);
  });
});
