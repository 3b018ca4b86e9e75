// Discrete copy number, copy number counts and segments (api.md 15) over the shared test studies.
// Expected values come from the study files (awk over data_cna_discrete.txt and the .seg files).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

type Item = Record<string, unknown>;
const get = (url: string) => app.inject({ method: 'GET', url });
const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
const ES = '/api/molecular-profiles/study_es_0_gistic';
const WIDE = '/api/molecular-profiles/teststudy_genepanels_gistic';

describe('GET /molecular-profiles/{id}/discrete-copy-number', () => {
  it('counts events per type (META)', async () => {
    const total = async (type: string) =>
      (await get(`${ES}/discrete-copy-number?sampleListId=study_es_0_all&projection=META&discreteCopyNumberEventType=${type}`)).headers['total-count'];
    // awk -F'\t' 'NR>1{c[$4]++}' study_es_0/data_cna_discrete.txt: 2→49, -2→14, 1→189, -1→1491, 0→4561 (6304 rows).
    expect(await total('HOMDEL_AND_AMP')).toBe('63');
    expect(await total('AMP')).toBe('49');
    expect(await total('HOMDEL')).toBe('14');
    expect(await total('GAIN')).toBe('189');
    expect(await total('HETLOSS')).toBe('1491');
    expect(await total('DIPLOID')).toBe('4561');
    expect(await total('ALL')).toBe('6304');
    const meta = await get(`${ES}/discrete-copy-number?sampleListId=study_es_0_all&projection=META`);
    expect(meta.statusCode).toBe(200);
    expect(meta.body).toBe('');
  });

  it('orders events by entrezGeneId, alteration, sampleId (default HOMDEL_AND_AMP)', async () => {
    const res = await get(`${ES}/discrete-copy-number?sampleListId=study_es_0_all`);
    expect(res.statusCode).toBe(200);
    const items: Item[] = res.json();
    expect(items).toHaveLength(63);
    // sort -k2n -k4n -k3: ERCC5 (2073) has the smallest Entrez id; -2 in A7-A26F and D8-A1XZ, then 2 in A2-A04U ...
    expect(items.slice(0, 3).map((i) => [i.entrezGeneId, i.alteration, i.sampleId])).toEqual([
      [2073, -2, 'TCGA-A7-A26F-01'], [2073, -2, 'TCGA-D8-A1XZ-01'], [2073, 2, 'TCGA-A2-A04U-01'],
    ]);
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1], items[i]];
      const key = (x: Item) => [x.entrezGeneId as number, x.alteration as number];
      expect(key(a)[0] < key(b)[0] || (key(a)[0] === key(b)[0] && (key(a)[1] < key(b)[1] || (key(a)[1] === key(b)[1] && String(a.sampleId) < String(b.sampleId))))).toBe(true);
    }
  });

  it('reads the wide matrix for ALL: sample by sample, genes in file order, with gene in DETAILED', async () => {
    const res = await get(`${WIDE}/discrete-copy-number?sampleListId=teststudy_genepanels_all&discreteCopyNumberEventType=ALL&projection=DETAILED`);
    const items: Item[] = res.json();
    // 4 genes x 5 samples; ABLIM1 3983, CADM2 253559, ERBB2 2064, PIEZO1 9780 (gene-info file).
    expect(items).toHaveLength(20);
    expect(items.slice(0, 5).map((i) => [i.sampleId, i.entrezGeneId, i.alteration])).toEqual([
      ['sample1', 3983, -1], ['sample1', 253559, 0], ['sample1', 2064, 0], ['sample1', 9780, 0], ['sample2', 3983, 0],
    ]);
    expect(items[0]).toEqual({
      uniqueSampleKey: 'c2FtcGxlMTp0ZXN0c3R1ZHlfZ2VuZXBhbmVscw', uniquePatientKey: 'cGF0aWVudEE6dGVzdHN0dWR5X2dlbmVwYW5lbHM',
      molecularProfileId: 'teststudy_genepanels_gistic', sampleId: 'sample1', patientId: 'patientA', studyId: 'teststudy_genepanels',
      entrezGeneId: 3983, alteration: -1, gene: { entrezGeneId: 3983, hugoGeneSymbol: 'ABLIM1', type: 'protein-coding' },
    });
  });

  it('answers the wide file events (±2) ordered by gene', async () => {
    const res = await get(`${WIDE}/discrete-copy-number?sampleListId=teststudy_genepanels_all&projection=ID`);
    // data_cna_discrete.txt: ERBB2 sample4 2, PIEZO1 sample2 -2, CADM2 sample2 -2, CADM2 sample5 -2.
    expect(res.json().map((i: Item) => [i.entrezGeneId, i.alteration, i.sampleId])).toEqual([
      [2064, 2, 'sample4'], [9780, -2, 'sample2'], [253559, -2, 'sample2'], [253559, -2, 'sample5'],
    ]);
    expect(Object.keys(res.json()[0]).sort()).toEqual(
      ['alteration', 'entrezGeneId', 'molecularProfileId', 'patientId', 'sampleId', 'studyId', 'uniquePatientKey', 'uniqueSampleKey']);
  });

  it('404s for unknown and non-discrete profiles, 400s for bad parameters', async () => {
    for (const id of ['nope', 'study_es_0_log2CNA', 'study_es_0_mutations', 'study_es_0_structural_variants']) {
      const res = await get(`/api/molecular-profiles/${id}/discrete-copy-number?sampleListId=study_es_0_all`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Molecular profile not found: ${id}` });
    }
    const missing = await get(`${ES}/discrete-copy-number`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Request parameter is missing: sampleListId' });
    expect((await get(`${ES}/discrete-copy-number?sampleListId=study_es_0_all&discreteCopyNumberEventType=amp`)).statusCode).toBe(400);
    expect((await get(`${ES}/discrete-copy-number?sampleListId=study_es_0_all&projection=summary`)).statusCode).toBe(400);
    const unknownList = await get(`${ES}/discrete-copy-number?sampleListId=nope`);
    expect(unknownList.statusCode).toBe(200);
    expect(unknownList.json()).toEqual([]);
  });
});

describe('POST /molecular-profiles/{id}/discrete-copy-number/fetch', () => {
  it('returns events of the listed samples and genes with drivers and raw namespace columns', async () => {
    // TCGA-A2-A04U-01 rows with value 2: ACAP3 116983, ATAD3C 219293, AGRN 375790 among others.
    const res = await post(`${ES}/discrete-copy-number/fetch`, { sampleIds: ['TCGA-A2-A04U-01', 'unknown'], entrezGeneIds: [375790, 116983, 219293] });
    expect(res.statusCode).toBe(200);
    const items: Item[] = res.json();
    expect(items.map((i) => i.entrezGeneId)).toEqual([116983, 219293, 375790]);
    expect(items[0]).toEqual({
      uniqueSampleKey: 'VENHQS1BMi1BMDRVLTAxOnN0dWR5X2VzXzA', uniquePatientKey: 'VENHQS1BMi1BMDRVOnN0dWR5X2VzXzA',
      molecularProfileId: 'study_es_0_gistic', sampleId: 'TCGA-A2-A04U-01', patientId: 'TCGA-A2-A04U', studyId: 'study_es_0',
      entrezGeneId: 116983, alteration: 2,
      driverFilter: 'Putative_Passenger', driverFilterAnnotation: 'Test passenger', driverTiersFilter: 'Class 2', driverTiersFilterAnnotation: 'Class annotation',
      namespaceColumns: { MyNamespace: { column1: 'value1b', column2: 'value2b' }, MyNamespace2: { blarp: 'bluirp2' } },
    });
    // Empty namespace cells are stored as JSON null and returned verbatim.
    expect(items[2]).toMatchObject({
      driverFilter: 'Putative_Driver', driverFilterAnnotation: 'Test driver', driverTiersFilter: 'Class 1',
      namespaceColumns: { MyNamespace: { column1: null, column2: null }, MyNamespace2: { blarp: null } },
    });
  });

  it('matrix path: no driver fields, sample order; sampleListId works too', async () => {
    const res = await post(`${ES}/discrete-copy-number/fetch?discreteCopyNumberEventType=GAIN`, { sampleListId: 'study_es_0_all' });
    const items: Item[] = res.json();
    expect(items).toHaveLength(189);
    // LC_ALL=C sort of the value-1 rows: TCGA-A2-A04Y-01 first (7 rows); the long-format loader
    // stores a profile's genes by Entrez id, so its load order is 2073 54998 55210 83858 116983 219293 375790.
    expect(items.slice(0, 7).map((i) => [i.sampleId, i.entrezGeneId])).toEqual(
      [2073, 54998, 55210, 83858, 116983, 219293, 375790].map((g) => ['TCGA-A2-A04Y-01', g]));
    expect(items[7].sampleId).not.toBe('TCGA-A2-A04Y-01');
    expect(items.every((i) => i.alteration === 1 && !('driverFilter' in i) && !('namespaceColumns' in i))).toBe(true);
    const meta = await post(`${ES}/discrete-copy-number/fetch?discreteCopyNumberEventType=GAIN&projection=META`, { sampleIds: ['TCGA-A2-A04Y-01'] });
    // awk: rows of TCGA-A2-A04Y-01 with value 1.
    expect(meta.headers['total-count']).toBe('7');
  });

  it('checks the filter rules', async () => {
    const both = await post(`${ES}/discrete-copy-number/fetch`, { sampleListId: 'study_es_0_all', sampleIds: ['x'] });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: 'eitherSampleListIdOrSampleIdsPresent must be true' });
    expect((await post(`${ES}/discrete-copy-number/fetch`, {})).json()).toEqual({ message: 'eitherSampleListIdOrSampleIdsPresent must be true' });
    const tooMany = await post(`${ES}/discrete-copy-number/fetch`, { sampleListId: 'study_es_0_all', entrezGeneIds: Array.from({ length: 50001 }, (_, i) => i + 1) });
    expect(tooMany.json()).toEqual({ message: 'entrezGeneIds size must be between 1 and 50000' });
    const empty = await post(`${ES}/discrete-copy-number/fetch`, { sampleIds: [] });
    expect(empty.json()).toEqual({ message: 'sampleIds size must be between 1 and 10000000' });
    const unknownProperty = await post(`${ES}/discrete-copy-number/fetch`, { sampleListId: 'study_es_0_all', foo: 1 });
    expect(unknownProperty.json()).toEqual({ message: 'There is an error in the JSON format of the request payload' });
    const malformed = await app.inject({ method: 'POST', url: `${ES}/discrete-copy-number/fetch`, payload: '{"sampleIds": [', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect((await post(`${ES}/discrete-copy-number/fetch`, { sampleIds: 'x' })).statusCode).toBe(400);
    expect((await post(`${ES}/discrete-copy-number/fetch`, { sampleIds: ["';--", '%_'] })).json()).toEqual([]);
  });
});

describe('POST /molecular-profiles/{id}/discrete-copy-number-counts/fetch', () => {
  it('answers one item per identifier in request order, repeats included', async () => {
    const res = await post(`${ES}/discrete-copy-number-counts/fetch`, [
      { entrezGeneId: 2073, alteration: 2 }, { entrezGeneId: 2073, alteration: 1 }, { entrezGeneId: 2073, alteration: -2 }, { entrezGeneId: 2073, alteration: 2 },
    ]);
    expect(res.statusCode).toBe(200);
    // 788 distinct Sample_Id in the long file; ERCC5 rows: value 2 in 7 samples, -2 in 2.
    const base = { molecularProfileId: 'study_es_0_gistic', entrezGeneId: 2073, numberOfSamples: 788 };
    expect(res.json()).toEqual([
      { ...base, alteration: 2, numberOfSamplesWithAlterationInGene: 7 },
      { ...base, alteration: 1 },
      { ...base, alteration: -2, numberOfSamplesWithAlterationInGene: 2 },
      { ...base, alteration: 2, numberOfSamplesWithAlterationInGene: 7 },
    ]);
  });

  it('checks the body and the profile', async () => {
    const empty = await post(`${ES}/discrete-copy-number-counts/fetch`, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'copyNumberCountIdentifiers size must be between 1 and 50000' });
    expect((await post(`${ES}/discrete-copy-number-counts/fetch`, [{ entrezGeneId: 'a', alteration: 2 }])).statusCode).toBe(400);
    const wrong = await post('/api/molecular-profiles/study_es_0_log2CNA/discrete-copy-number-counts/fetch', [{ entrezGeneId: 1, alteration: 2 }]);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: 'Molecular profile not found: study_es_0_log2CNA' });
  });
});

describe('copy number segments', () => {
  const SEG = '/api/studies/study_es_0/samples/TCGA-A2-A04P-01/copy-number-segments';

  it('lists a sample\'s segments in file order with every field', async () => {
    const res = await get(SEG);
    expect(res.statusCode).toBe(200);
    const items: Item[] = res.json();
    // study_es_0/data_cna_hg19.seg: 9 rows, all TCGA-A2-A04P-01 on chromosome 1.
    expect(items).toHaveLength(9);
    expect(items[0]).toEqual({
      uniqueSampleKey: 'VENHQS1BMi1BMDRQLTAxOnN0dWR5X2VzXzA', uniquePatientKey: 'VENHQS1BMi1BMDRQOnN0dWR5X2VzXzA',
      studyId: 'study_es_0', sampleId: 'TCGA-A2-A04P-01', patientId: 'TCGA-A2-A04P',
      chromosome: '1', start: 3218610, end: 95674710, numberOfProbes: 53225, segmentMean: 0.0055,
    });
    expect(items.map((i) => i.start)).toEqual([3218610, 95676511, 95680124, 167057495, 167059760, 181603120, 181610685, 201474400, 201475220]);
    expect((await get(`${SEG}?projection=ID`)).json()[0]).toEqual(items[0]);
  });

  it('filters by chromosome, sorts, pages and counts', async () => {
    expect((await get(`${SEG}?chromosome=2`)).json()).toEqual([]);
    expect((await get(`${SEG}?chromosome=1&projection=META`)).headers['total-count']).toBe('9');
    // sort -k6g: -1.6636, -1.4235, -1.2009 are the three lowest means.
    const page = await get(`${SEG}?sortBy=segmentMean&pageSize=2&pageNumber=1`);
    expect(page.json().map((i: Item) => i.segmentMean)).toEqual([-1.2009, -1.0999]);
    const desc = await get(`${SEG}?sortBy=start&direction=DESC&pageSize=1`);
    expect(desc.json().map((i: Item) => i.start)).toEqual([201475220]);
    expect((await get(`${SEG}?pageNumber=5`)).json()).toEqual([]);
  });

  it('404s and 400s on the GET', async () => {
    const study = await get('/api/studies/nope/samples/x/copy-number-segments');
    expect(study.statusCode).toBe(404);
    expect(study.json()).toEqual({ message: 'Study not found: nope' });
    const sample = await get('/api/studies/study_es_0/samples/nope/copy-number-segments');
    expect(sample.json()).toEqual({ message: 'Sample not found in study study_es_0: nope' });
    const big = await get(`${SEG}?pageSize=20001`);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ message: 'pageSize must be less than or equal to 20000' });
    expect((await get(`${SEG}?pageSize=0`)).json()).toEqual({ message: 'pageSize must be greater than or equal to 1' });
    expect((await get(`${SEG}?pageSize=abc`)).statusCode).toBe(400);
    expect((await get(`${SEG}?sortBy=sampleId`)).statusCode).toBe(400);
    expect((await get(`${SEG}?pageNumber=2147483647`)).statusCode).toBe(200);
  });

  it('fetches segments of listed samples', async () => {
    const body = [{ studyId: 'ascn_test_study', sampleId: 'FAKE_P001_S2' }, { studyId: 'study_es_0', sampleId: 'TCGA-A2-A04P-01' }, { studyId: 'study_es_0', sampleId: 'nope' }];
    const res = await post('/api/copy-number-segments/fetch', body);
    expect(res.statusCode).toBe(200);
    // ascn_test_study_data_cna_hg19.seg: 44 rows of FAKE_P001_S2 (chromosome 7: 5, 23: 1); + 9 above.
    expect(res.json()).toHaveLength(53);
    expect((await post('/api/copy-number-segments/fetch?projection=META', body)).headers['total-count']).toBe('53');
    expect((await post('/api/copy-number-segments/fetch?chromosome=7', body)).json()).toHaveLength(5);
    expect((await post('/api/copy-number-segments/fetch?chromosome=23&projection=META', body)).headers['total-count']).toBe('1');
    // Counted in memory without a chromosome: repeats count once, in any order; the same count as the rows DuckDB answers.
    expect((await post('/api/copy-number-segments/fetch?projection=META', [...body, ...body].reverse())).headers['total-count']).toBe('53');
    const every = (await get('/api/samples?projection=ID&pageSize=100000')).json().map((s: Item) => ({ studyId: s.studyId, sampleId: s.sampleId }));
    const rows = (await post('/api/copy-number-segments/fetch', every)).json();
    expect(rows.length).toBeGreaterThan(53);
    expect((await post('/api/copy-number-segments/fetch?projection=META', every)).headers['total-count']).toBe(String(rows.length));
    // The wide study's sample5 mean is written -8e-04 in its file.
    const small = await post('/api/copy-number-segments/fetch', [{ studyId: 'teststudy_genepanels', sampleId: 'sample5' }]);
    expect(small.json().map((i: Item) => i.segmentMean)).toEqual([-0.0008]);
  });

  it('rejects bad bodies', async () => {
    const empty = await post('/api/copy-number-segments/fetch', []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'sampleIdentifiers size must be between 1 and 10000000' });
    expect((await post('/api/copy-number-segments/fetch', [{ studyId: 'study_es_0' }])).statusCode).toBe(400);
    expect((await post('/api/copy-number-segments/fetch', { studyId: 'study_es_0' })).statusCode).toBe(400);
    expect((await post('/api/copy-number-segments/fetch', [{ studyId: "'; DROP TABLE sample;--", sampleId: '%' }])).json()).toEqual([]);
  });
});
