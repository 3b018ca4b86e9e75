// Clinical attribute routes (api.md 8) over study_hg38, ascn-test-study and the lgg study.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
// Import order: study_hg38, ascn_test_study, lgg (the default order breaks attribute-id ties by it).
beforeAll(async () => { app = await openTestApp(['study_hg38', 'ascn-test-study', 'lgg_ucsf_2014_test_generic_assay']); });
afterAll(() => app.close());

const get = (url: string) => app.inject(url);
const fetchIds = (body: unknown, query = '') =>
  app.inject({ method: 'POST', url: `/api/clinical-attributes/fetch${query}`, payload: body as object });
type Attr = { clinicalAttributeId: string; studyId: string };
const ids = (items: Attr[]) => items.map((a) => a.clinicalAttributeId);

// study_hg38: patient file columns OS_STATUS OS_MONTHS DFS_STATUS DFS_MONTHS, sample file SUBTYPE,
// plus the computed MUTATION_COUNT (it has a MAF) and SAMPLE_COUNT; no segments, so no FRACTION_GENOME_ALTERED.
const HG38 = ['DFS_MONTHS', 'DFS_STATUS', 'MUTATION_COUNT', 'OS_MONTHS', 'OS_STATUS', 'SAMPLE_COUNT', 'SUBTYPE'];

describe('GET /api/studies/{studyId}/clinical-attributes', () => {
  it('lists the study\'s attributes by id with the SUMMARY fields', async () => {
    const res = await get('/api/studies/study_hg38/clinical-attributes');
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(ids(items)).toEqual(HG38);
    // data_clinical_samples.txt header rows for SUBTYPE: "Subtype", "Subtype description", STRING, 1.
    expect(items.find((a: Attr) => a.clinicalAttributeId === 'SUBTYPE')).toEqual({
      clinicalAttributeId: 'SUBTYPE', studyId: 'study_hg38', displayName: 'Subtype', description: 'Subtype description',
      datatype: 'STRING', patientAttribute: false, priority: '1',
    });
    expect(items.find((a: Attr) => a.clinicalAttributeId === 'OS_MONTHS')).toMatchObject({ datatype: 'NUMBER', patientAttribute: true });
    for (const a of items) expect(typeof a.priority).toBe('string');
  });

  it('ID keeps clinicalAttributeId, studyId, displayName, patientAttribute and ignores sortBy', async () => {
    const items = (await get('/api/studies/study_hg38/clinical-attributes?projection=ID&sortBy=displayName&direction=DESC')).json();
    expect(ids(items)).toEqual(HG38);
    for (const a of items) expect(Object.keys(a).sort()).toEqual(['clinicalAttributeId', 'displayName', 'patientAttribute', 'studyId']);
  });

  it('sorts, pages and counts', async () => {
    const desc = (await get('/api/studies/study_hg38/clinical-attributes?sortBy=clinicalAttributeId&direction=DESC')).json();
    expect(ids(desc)).toEqual([...HG38].reverse());
    // patientAttribute false (MUTATION_COUNT, SUBTYPE) first, ties by id.
    const byLevel = (await get('/api/studies/study_hg38/clinical-attributes?sortBy=patientAttribute')).json();
    expect(ids(byLevel).slice(0, 2)).toEqual(['MUTATION_COUNT', 'SUBTYPE']);
    const page = (await get('/api/studies/study_hg38/clinical-attributes?pageSize=3&pageNumber=1')).json();
    expect(ids(page)).toEqual(HG38.slice(3, 6));
    expect((await get('/api/studies/study_hg38/clinical-attributes?pageSize=3&pageNumber=5')).json()).toEqual([]);
    const meta = await get('/api/studies/study_hg38/clinical-attributes?projection=META');
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['total-count']).toBe('7');
    expect(meta.body).toBe('');
  });

  it('answers 404 for an unknown study', async () => {
    const res = await get('/api/studies/nope/clinical-attributes');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Study not found: nope' });
  });
});

describe('GET /api/clinical-attributes', () => {
  it('lists every (study, attribute) by id, then study import order', async () => {
    const items: Attr[] = (await get('/api/clinical-attributes')).json();
    // Columns after the id columns + computed ones: hg38 4+1+2 = 7; ascn 1+9 + MUTATION_COUNT,
    // FRACTION_GENOME_ALTERED (it has a .seg), SAMPLE_COUNT = 13; lgg 4+11 + MUTATION_COUNT, SAMPLE_COUNT = 17.
    expect(items).toHaveLength(37);
    expect((await get('/api/clinical-attributes?projection=META')).headers['total-count']).toBe('37');
    const keys = items.map((a) => `${a.clinicalAttributeId} ${a.studyId}`);
    // MUTATION_COUNT is in all three studies: hg38 was imported first, lgg last.
    const mc = keys.filter((k) => k.startsWith('MUTATION_COUNT '));
    expect(mc).toEqual(['MUTATION_COUNT study_hg38', 'MUTATION_COUNT ascn_test_study', 'MUTATION_COUNT lgg_ucsf_2014_test_generic_assay']);
    const sorted = [...items].sort((a, b) => (a.clinicalAttributeId < b.clinicalAttributeId ? -1 : a.clinicalAttributeId > b.clinicalAttributeId ? 1 : 0));
    expect(ids(items)).toEqual(ids(sorted));
  });

  it('sorts by studyId with ties by attribute id', async () => {
    const items: Attr[] = (await get('/api/clinical-attributes?sortBy=studyId&pageSize=2')).json();
    // ascn-test-study/data_clinical_patient.txt + sample header: ASCN_PLOIDY is its smallest id.
    expect(items.map((a) => `${a.studyId} ${a.clinicalAttributeId}`)).toEqual(['ascn_test_study ASCN_PLOIDY', 'ascn_test_study ASCN_PURITY']);
  });

  it('rejects bad parameters with 400', async () => {
    for (const q of ['projection=summary', 'sortBy=value', 'direction=up', 'pageSize=x']) {
      const res = await get(`/api/clinical-attributes?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toMatch(/^Request parameter type mismatch/);
    }
    expect((await get('/api/clinical-attributes?pageSize=0')).json()).toEqual({ message: 'pageSize must be greater than or equal to 1' });
    expect((await get('/api/clinical-attributes?pageSize=10000001')).json()).toEqual({ message: 'pageSize must be less than or equal to 10000000' });
    expect((await get('/api/clinical-attributes?pageNumber=-1')).statusCode).toBe(400);
  });
});

describe('GET /api/studies/{studyId}/clinical-attributes/{clinicalAttributeId}', () => {
  it('returns one attribute with every field', async () => {
    // lgg data_clinical_patient.txt: AGE = "Diagnosis Age", NUMBER, priority 1.
    const res = await get('/api/studies/lgg_ucsf_2014_test_generic_assay/clinical-attributes/AGE');
    expect(res.json()).toEqual({
      clinicalAttributeId: 'AGE', studyId: 'lgg_ucsf_2014_test_generic_assay', displayName: 'Diagnosis Age',
      description: 'Age at which a condition or disease was first diagnosed.', datatype: 'NUMBER', patientAttribute: true, priority: '1',
    });
  });

  it('checks the study first, then the attribute (ids are case-sensitive)', async () => {
    expect((await get('/api/studies/nope/clinical-attributes/AGE')).json()).toEqual({ message: 'Study not found: nope' });
    const res = await get('/api/studies/study_hg38/clinical-attributes/age');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Clinical attribute not found in study study_hg38: age' });
  });
});

describe('POST /api/clinical-attributes/fetch', () => {
  it('returns the attributes of the listed studies, unknown and repeated ids changing nothing', async () => {
    const items: Attr[] = (await fetchIds(['lgg_ucsf_2014_test_generic_assay', 'study_hg38', 'nope', 'study_hg38'])).json();
    expect(items).toHaveLength(7 + 17);
    expect(items.filter((a) => a.clinicalAttributeId === 'OS_STATUS').map((a) => a.studyId)).toEqual(['study_hg38', 'lgg_ucsf_2014_test_generic_assay']);
    const meta = await fetchIds(['study_hg38', 'ascn_test_study'], '?projection=META');
    expect(meta.headers['total-count']).toBe('20');
    const idItems = (await fetchIds(['study_hg38'], '?projection=ID')).json();
    expect(Object.keys(idItems[0]).sort()).toEqual(['clinicalAttributeId', 'displayName', 'patientAttribute', 'studyId']);
    expect((await fetchIds(['nope'])).json()).toEqual([]);
  });

  it('answers 400, never 500, to bad bodies', async () => {
    expect((await fetchIds([])).json()).toEqual({ message: 'studyIds size must be between 1 and 10000000' });
    for (const payload of ['{"studyIds":["study_hg38"]}', '[', '"study_hg38"', 'null']) {
      const res = await app.inject({ method: 'POST', url: '/api/clinical-attributes/fetch', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toBe('There is an error in the JSON format of the request payload');
    }
    expect((await fetchIds(['study_hg38'], '?projection=nope')).statusCode).toBe(400);
  });
});
