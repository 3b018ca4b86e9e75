// Mutation routes (api.md 14) over all shared studies. Expected numbers come from the MAF files in
// ../shared/studies (awk over Hugo_Symbol, Variant_Classification, alleles, Tumor_Sample_Barcode;
// Silent rows are filtered at load). Also: the streamed answer equals a whole, schema-serialised one.
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueKey } from '../../engine/keys.js';
import { fetchMutations, type MutationQuery } from '../../engine/resources/mutations.js';
import { MutationSchema } from '../../server/schemas/mutations.js';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
/** A plain Fastify route answering fetchMutations whole, serialised by the response schema. */
let plain: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
  plain = Fastify();
  plain.post<{ Body: { ids: string[]; query: MutationQuery } }>('/plain', { schema: { response: { 200: Type.Array(MutationSchema) } } },
    async (request) => fetchMutations(app.db, { kind: 'profiles', molecularProfileIds: request.body.ids }, request.body.query) as never);
  await plain.ready();
}, 120_000);
afterAll(async () => { await plain.close(); await app.close(); });

const ES = 'study_es_0';
const ES_MUT = 'study_es_0_mutations';
const ASCN = 'ascn_test_study';
const ALL_PROFILES = ['teststudy_genepanels_mutations', ES_MUT, 'ascn_test_study_mutations', 'study_hg38_mutations', 'lgg_ucsf_2014_test_generic_assay_mutations'];
type Mutation = Record<string, unknown> & { sampleId: string; entrezGeneId: number; proteinChange?: string; molecularProfileId: string };
const get = (url: string) => app.inject(url);
const post = (url: string, body: unknown) => app.inject({ method: 'POST', url, payload: body as object });
const ID_FIELDS = ['entrezGeneId', 'molecularProfileId', 'patientId', 'sampleId', 'studyId', 'uniquePatientKey', 'uniqueSampleKey'];

describe('GET /api/molecular-profiles/{id}/mutations', () => {
  // study_es_0 MAF, Hugo_Symbol BRCA1: 5 rows in 4 samples (TCGA-A1-A0SB-01 twice: Q1323* then G1788V in file order).
  it('returns the gene\'s mutations of the list by sampleId, ties in import order', async () => {
    const res = await get(`/api/molecular-profiles/${ES_MUT}/mutations?sampleListId=${ES}_all&entrezGeneId=672`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const items = res.json() as Mutation[];
    expect(items.map((m) => `${m.sampleId} ${m.proteinChange}`)).toEqual([
      'TCGA-A1-A0SB-01 Q1323*', 'TCGA-A1-A0SB-01 G1788V', 'TEST_SAMPLE_SOMATIC_HETEROZYGOUS S694S',
      'TEST_SAMPLE_SOMATIC_HOMOZYGOUS S1436S', 'TEST_SAMPLE_SOMATIC_UNDEFINED P871Q',
    ]);
  });

  it('SUMMARY: the MAF fields, -1 for unknown read counts, drivers and the namespace JSON as stored', async () => {
    const items = (await get(`/api/molecular-profiles/${ES_MUT}/mutations?sampleListId=${ES}_all&entrezGeneId=672`)).json() as Mutation[];
    // MAF row of TEST_SAMPLE_SOMATIC_HETEROZYGOUS: G>A at 17:41243581, HGVSp_Short p.S694S, RefSeq NM_007294.3,
    // cbp_driver* columns set, Zygosity.name Heterozygous, Zygosity.code 1, empty read counts.
    expect(items[2]).toEqual({
      uniqueSampleKey: uniqueKey('TEST_SAMPLE_SOMATIC_HETEROZYGOUS', ES), uniquePatientKey: uniqueKey('TEST_PATIENT_NAMESPACE', ES),
      molecularProfileId: ES_MUT, sampleId: 'TEST_SAMPLE_SOMATIC_HETEROZYGOUS', patientId: 'TEST_PATIENT_NAMESPACE', entrezGeneId: 672, studyId: ES,
      center: 'genome.wustl.edu', mutationStatus: 'Somatic', validationStatus: 'NA',
      tumorAltCount: -1, tumorRefCount: -1, normalAltCount: -1, normalRefCount: -1,
      chr: '17', startPosition: 41243581, endPosition: 41243581, referenceAllele: 'G', variantAllele: 'A', proteinChange: 'S694S',
      mutationType: 'Missense_Mutation', ncbiBuild: 'GRCh37', variantType: 'SNP', refseqMrnaId: 'NM_007294.3',
      proteinPosStart: 1323, proteinPosEnd: 694, keyword: 'BRCA1 S694 missense',
      driverFilter: 'Putative_Passenger', driverFilterAnnotation: 'Test passenger', driverTiersFilter: 'Class 1', driverTiersFilterAnnotation: 'Class annotation',
      namespaceColumns: { Zygosity: { name: 'Heterozygous', code: 1 } },
    });
  });

  it('keeps nulls inside namespaceColumns (raw JSON) and omits absent fields', async () => {
    const res = await get(`/api/molecular-profiles/${ES_MUT}/mutations?sampleListId=${ES}_all&entrezGeneId=672&pageSize=1`);
    expect(res.body).toContain('"namespaceColumns":{"Zygosity":{"name":null,"code":null}}');
    expect(res.body).not.toContain('aminoAcidChange');
    expect(res.body).not.toContain('driverFilter');
  });

  it('ID has the ids only; META has total-count and sample-count', async () => {
    const ids = (await get(`/api/molecular-profiles/${ES_MUT}/mutations?sampleListId=${ES}_all&entrezGeneId=672&projection=ID`)).json() as Mutation[];
    expect(ids).toHaveLength(5);
    for (const m of ids) expect(Object.keys(m).sort()).toEqual(ID_FIELDS);
    const meta = await get(`/api/molecular-profiles/${ES_MUT}/mutations?sampleListId=${ES}_all&entrezGeneId=672&projection=META`);
    expect(meta.statusCode).toBe(200);
    expect(meta.body).toBe('');
    expect(meta.headers['total-count']).toBe('5');
    expect(meta.headers['sample-count']).toBe('4');
  });

  it('an unknown sample list or gene gives []', async () => {
    expect((await get(`/api/molecular-profiles/${ES_MUT}/mutations?sampleListId=nope&entrezGeneId=672`)).json()).toEqual([]);
    expect((await get(`/api/molecular-profiles/${ES_MUT}/mutations?sampleListId=${ES}_all&entrezGeneId=1`)).json()).toEqual([]);
  });

  it('404 for an unknown or non-mutation profile; 400 for missing or bad parameters', async () => {
    for (const id of ['nope', 'study_es_0_log2CNA']) {
      const res = await get(`/api/molecular-profiles/${id}/mutations?sampleListId=${ES}_all&entrezGeneId=672`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: `Molecular profile not found: ${id}` });
    }
    expect((await get(`/api/molecular-profiles/${ES_MUT}/mutations?entrezGeneId=672`)).json()).toEqual({ message: 'Request parameter is missing: sampleListId' });
    const base = `/api/molecular-profiles/${ES_MUT}/mutations?sampleListId=${ES}_all&entrezGeneId=672`;
    expect((await get(`${base}&pageSize=0`)).json()).toEqual({ message: 'pageSize must be greater than or equal to 1' });
    expect((await get(`${base}&pageSize=10000001`)).json()).toEqual({ message: 'pageSize must be less than or equal to 10000000' });
    expect((await get(`/api/molecular-profiles/${ES_MUT}/mutations?sampleListId=${ES}_all&entrezGeneId=abc`)).statusCode).toBe(400);
    for (const bad of ['projection=summary', 'sortBy=hugoGeneSymbol', 'direction=up', 'pageNumber=-1', 'pageSize=1.5'])
      expect((await get(`${base}&${bad}`)).statusCode).toBe(400);
  });
});

describe('POST /api/molecular-profiles/{id}/mutations/fetch', () => {
  const url = `/api/molecular-profiles/${ES_MUT}/mutations/fetch`;

  it('sampleIds: proteinChange is the fourth sort key (G1788V before Q1323*)', async () => {
    const items = (await post(url, { sampleIds: ['TCGA-A1-A0SB-01', 'TCGA-A1-A0SB-01', 'nope'], entrezGeneIds: [672] })).json() as Mutation[];
    expect(items.map((m) => m.proteinChange)).toEqual(['G1788V', 'Q1323*']);
  });

  it('sampleListId: all 34 mutations of the profile; paging after the sort', async () => {
    // study_es_0 MAF: 36 data rows, 2 Silent (CADM2, KAT2A) → 34 mutations in 21 samples.
    const all = (await post(url, { sampleListId: `${ES}_all` })).json() as Mutation[];
    expect(all).toHaveLength(34);
    expect(new Set(all.map((m) => m.sampleId)).size).toBe(21);
    const sorted = [...all].sort((a, b) => (a.sampleId < b.sampleId ? -1 : a.sampleId > b.sampleId ? 1 : a.entrezGeneId - b.entrezGeneId));
    expect(all.map((m) => `${m.sampleId} ${m.entrezGeneId}`)).toEqual(sorted.map((m) => `${m.sampleId} ${m.entrezGeneId}`));
    const page = (await post(`${url}?pageSize=5&pageNumber=2`, { sampleListId: `${ES}_all` })).json();
    expect(page).toEqual(all.slice(10, 15));
    expect((await post(`${url}?pageSize=5&pageNumber=7`, { sampleListId: `${ES}_all` })).json()).toEqual([]);
    expect((await post(url, { sampleListId: 'nope' })).json()).toEqual([]);
  });

  it('META counts only the profile\'s rows', async () => {
    const res = await post(`${url}?projection=META`, { sampleIds: ['TCGA-A1-A0SB-01', 'TEST_SAMPLE_1'] });
    // TCGA-A1-A0SB-01 has 12 MAF rows (none Silent), TEST_SAMPLE_1 one (ACP3).
    expect([res.headers['total-count'], res.headers['sample-count']]).toEqual(['13', '2']);
  });

  it('sortBy with direction; ignored for ID', async () => {
    const body = { sampleIds: ['TCGA-A1-A0SB-01'] };
    const desc = (await post(`${url}?sortBy=proteinPosStart&direction=DESC`, body)).json() as Mutation[];
    const starts = desc.map((m) => m.proteinPosStart as number);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    // Protein_position 1814/... of ATM D1815Tfs*13 is the largest start of the sample.
    expect(desc[0].proteinChange).toBe('D1815Tfs*13');
    const id = (await post(`${url}?sortBy=proteinPosStart&direction=DESC&projection=ID`, body)).json() as Mutation[];
    const plainIds = (await post(`${url}?projection=ID`, body)).json() as Mutation[];
    expect(id).toEqual(plainIds);
    const byKeyword = (await post(`${url}?sortBy=keyword`, body)).json() as Mutation[];
    const keywords = byKeyword.map((m) => m.keyword as string);
    expect(keywords).toEqual([...keywords].sort());
  });

  it('exactly one of sampleListId / sampleIds; body errors are 400', async () => {
    for (const body of [{}, { sampleListId: `${ES}_all`, sampleIds: ['x'] }])
      expect((await post(url, body)).json()).toEqual({ message: 'eitherSampleListIdOrSampleIdsPresent must be true' });
    expect((await post(url, { sampleIds: [] })).json()).toEqual({ message: 'sampleIds size must be between 1 and 10000000' });
    for (const payload of ['{"sampleIds": [', '{"sampleIds": "x"}', '{"sampleIds": ["x"], "bogus": 1}', '{"sampleIds": ["x"], "entrezGeneIds": [1.5]}']) {
      const res = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'There is an error in the JSON format of the request payload' });
    }
    expect((await post(`/api/molecular-profiles/nope/mutations/fetch`, { sampleIds: ['x'] })).statusCode).toBe(404);
  });

  it('hostile strings are data', async () => {
    const res = await post(url, { sampleIds: ["x' OR '1'='1", '%', '_', ';--'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('POST /api/mutations/fetch', () => {
  const url = '/api/mutations/fetch';

  it('molecularProfileIds: every mutation, by profile id first; META counts', async () => {
    // ascn-test-study MAF: 23 rows in 5 samples; study_es_0: 34 in 21.
    const items = (await post(url, { molecularProfileIds: [ES_MUT, 'ascn_test_study_mutations', ES_MUT, 'nope'] })).json() as Mutation[];
    expect(items).toHaveLength(57);
    expect(items[0].molecularProfileId).toBe('ascn_test_study_mutations');
    expect(items[23].molecularProfileId).toBe(ES_MUT);
    const meta = await post(`${url}?projection=META`, { molecularProfileIds: [ES_MUT, 'ascn_test_study_mutations'] });
    expect([meta.headers['total-count'], meta.headers['sample-count']]).toEqual(['57', '26']);
    expect((await post(url, { molecularProfileIds: [] })).json()).toEqual([]);
  });

  it('sampleMolecularIdentifiers: rows of the pairs once; entrezGeneIds filter', async () => {
    const pair = { molecularProfileId: ES_MUT, sampleId: 'TCGA-A1-A0SB-01' };
    const items = (await post(url, { sampleMolecularIdentifiers: [pair, pair, { molecularProfileId: ES_MUT, sampleId: 'nope' }], entrezGeneIds: [672, 7157] })).json() as Mutation[];
    // TCGA-A1-A0SB-01: BRCA1 G1788V, Q1323* (proteinChange order), then TP53 G199V, X331_splice.
    expect(items.map((m) => `${m.entrezGeneId} ${m.proteinChange}`)).toEqual(['672 G1788V', '672 Q1323*', '7157 G199V', '7157 X331_splice']);
  });

  it('DETAILED: gene, and alleleSpecificCopyNumber from the ASCN columns', async () => {
    const items = (await post(`${url}?projection=DETAILED`, {
      sampleMolecularIdentifiers: [{ molecularProfileId: 'ascn_test_study_mutations', sampleId: 'FAKE_P001_S2' }], entrezGeneIds: [58508],
    })).json() as Mutation[];
    // ascn MAF row KMT2C FAKE_P001_S2: t_ref 1015, t_alt 263, n_ref 1547, n_alt 0; ASCN total 2, minor 1, expected alt 1,
    // CCF 0.541, CCF upper 0.577, integer CN 0, FACETS, CLONAL.
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      tumorRefCount: 1015, tumorAltCount: 263, normalRefCount: 1547, normalAltCount: 0,
      gene: { entrezGeneId: 58508, hugoGeneSymbol: 'KMT2C', type: 'protein-coding' },
      alleleSpecificCopyNumber: {
        totalCopyNumber: 2, minorCopyNumber: 1, expectedAltCopies: 1, ccfExpectedCopies: 0.541, ccfExpectedCopiesUpper: 0.577,
        ascnIntegerCopyNumber: 0, ascnMethod: 'FACETS', clonal: 'CLONAL',
      },
    });
    expect(items[0].namespaceColumns).toBeUndefined();
    // study_es_0 has no ASCN columns: no alleleSpecificCopyNumber at all.
    const es = (await post(`${url}?projection=DETAILED`, { molecularProfileIds: [ES_MUT] })).json() as Mutation[];
    expect(es.filter((m) => 'alleleSpecificCopyNumber' in m)).toEqual([]);
    expect(es.every((m) => (m.gene as { entrezGeneId: number }).entrezGeneId === m.entrezGeneId)).toBe(true);
  });

  it('exactly one of the two lists; 400s', async () => {
    for (const body of [{}, { molecularProfileIds: [ES_MUT], sampleMolecularIdentifiers: [{ molecularProfileId: ES_MUT, sampleId: 'x' }] }])
      expect((await post(url, body)).json()).toEqual({ message: 'eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent must be true' });
    expect((await post(url, { sampleMolecularIdentifiers: [] })).json()).toEqual({ message: 'sampleMolecularIdentifiers size must be between 1 and 10000000' });
    expect((await post(url, { molecularProfileIds: [ES_MUT], entrezGeneIds: [] })).json()).toEqual({ message: 'entrezGeneIds size must be between 1 and 10000000' });
    expect((await post(`${url}?pageSize=10000001`, { molecularProfileIds: [ES_MUT] })).statusCode).toBe(400);
    expect((await post(url, { molecularProfileIds: [ES_MUT], bogus: true })).statusCode).toBe(400);
  });
});

describe('streaming', () => {
  // The lgg profile alone has 10161 mutations: several DuckDB chunks of 2048 rows.
  it.each(['ID', 'SUMMARY', 'DETAILED'] as const)('%s: streamed bytes equal the whole answer serialised by the schema', async (projection) => {
    for (const ids of [...ALL_PROFILES.map((id) => [id]), ALL_PROFILES]) {
      const streamed = await post(`/api/mutations/fetch?projection=${projection}`, { molecularProfileIds: ids });
      const whole = await plain.inject({ method: 'POST', url: '/plain', payload: { ids, query: { projection } } });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.body.length).toBeGreaterThan(2);
      expect(streamed.body).toBe(whole.body);
    }
  });

  it('a page of a multi-chunk answer is the same slice', async () => {
    const page = await post('/api/mutations/fetch?projection=ID&pageSize=3000&pageNumber=1', { molecularProfileIds: ALL_PROFILES });
    const whole = await plain.inject({ method: 'POST', url: '/plain', payload: { ids: ALL_PROFILES, query: { projection: 'ID', limit: 3000, offset: 3000 } } });
    expect(page.body).toBe(whole.body);
    expect(page.json()).toHaveLength(3000);
  });
});

describe('POST /api/molecular-profiles/{id}/mutation-spectrums/fetch', () => {
  const url = `/api/molecular-profiles/${ES_MUT}/mutation-spectrums/fetch`;

  it('counts single-nucleotide substitutions per sample, strand pairs together', async () => {
    const items = (await post(url, { sampleIds: ['TCGA-A1-A0SB-01'] })).json();
    // TCGA-A1-A0SB-01 ref>alt: A>G, G>-, T>C, T>C, C>T, C>A, A>C, G>A, C>A, G>-, T>-, T>C.
    expect(items).toEqual([{
      uniqueSampleKey: uniqueKey('TCGA-A1-A0SB-01', ES), uniquePatientKey: uniqueKey('TCGA-A1-A0SB', ES),
      molecularProfileId: ES_MUT, sampleId: 'TCGA-A1-A0SB-01', patientId: 'TCGA-A1-A0SB', studyId: ES,
      CtoA: 2, CtoG: 0, CtoT: 2, TtoA: 0, TtoC: 4, TtoG: 1,
    }]);
  });

  it('one item per sample with such a mutation; errors', async () => {
    // awk: non-Silent rows with Reference_Allele and Tumor_Seq_Allele2 in A/C/G/T → 17 distinct samples.
    expect((await post(url, { sampleListId: `${ES}_all` })).json()).toHaveLength(17);
    expect((await post(url, {})).json()).toEqual({ message: 'eitherSampleListIdOrSampleIdsPresent must be true' });
    expect((await post('/api/molecular-profiles/study_es_0_mrna/mutation-spectrums/fetch', { sampleIds: ['x'] })).statusCode).toBe(404);
  });
});

describe('POST /api/mutation-counts-by-position/fetch', () => {
  const url = '/api/mutation-counts-by-position/fetch';

  it('counts all studies, one item per element in request order', async () => {
    const a = { entrezGeneId: 675, proteinPosStart: 191, proteinPosEnd: 191 };
    const b = { entrezGeneId: 675, proteinPosStart: 1, proteinPosEnd: 3000 };
    const none = { entrezGeneId: 1, proteinPosStart: 1, proteinPosEnd: 2 };
    const items = (await post(url, [a, b, none, a])).json();
    // BRCA2 D191G: study_es_0 twice, study_hg38 once. 1..3000: study_es_0 10 (not D3073G ×2), hg38 1,
    // lgg 2 non-Silent (P704S, V2531I).
    expect(items).toEqual([{ ...a, count: 3 }, { ...b, count: 13 }, { ...none, count: 0 }, { ...a, count: 3 }]);
  });

  it('400 for an empty list or a bad element', async () => {
    expect((await post(url, [])).json()).toEqual({ message: 'mutationPositionIdentifiers size must be between 1 and 10000000' });
    expect((await post(url, [{ entrezGeneId: 'x', proteinPosStart: 1, proteinPosEnd: 2 }])).statusCode).toBe(400);
    expect((await post(url, { entrezGeneId: 1 })).statusCode).toBe(400);
  });
});

describe('POST /api/molecular-profiles/{id}/variant-counts/fetch', () => {
  const url = `/api/molecular-profiles/${ES_MUT}/variant-counts/fetch`;

  it('counts by gene and keyword; identifiers without data give no item', async () => {
    const items = (await post(url, [
      { entrezGeneId: 675, keyword: 'BRCA2 truncating' }, { entrezGeneId: 675 }, { entrezGeneId: 675, keyword: 'nope' },
      { entrezGeneId: 675, keyword: 'BRCA2 truncating' }, { entrezGeneId: 1 },
    ])).json();
    // study_es_0_sequenced lists 31 samples; BRCA2: 12 rows in 12 samples, nonsense D191G ×2 and R2000T ×2 → truncating
    // in 4; In_Frame_Del p.R2659T (×2) is no deletion form, so no keyword: the keyword-less identifier counts those 2.
    const counts = { molecularProfileId: ES_MUT, entrezGeneId: 675, numberOfSamples: 31, numberOfSamplesWithMutationInGene: 12 };
    expect(items).toEqual([{ ...counts, keyword: 'BRCA2 truncating', numberOfSamplesWithKeyword: 4 }, { ...counts, numberOfSamplesWithKeyword: 2 }]);
  });

  it('a keyword-less identifier counts the mutations without keyword', async () => {
    // ascn MAF: TERT 5'Flank rows (proteinChange Promoter) have no keyword; 5 samples, sequenced list of 5.
    const items = (await post(`/api/molecular-profiles/${ASCN}_mutations/variant-counts/fetch`, [{ entrezGeneId: 7015, keyword: null }])).json();
    expect(items).toEqual([{
      molecularProfileId: `${ASCN}_mutations`, entrezGeneId: 7015, numberOfSamples: 5, numberOfSamplesWithMutationInGene: 5, numberOfSamplesWithKeyword: 5,
    }]);
  });

  it('400 / 404', async () => {
    expect((await post(url, [])).json()).toEqual({ message: 'variantCountIdentifiers size must be between 1 and 50000' });
    const big = Array.from({ length: 50_001 }, () => ({ entrezGeneId: 1 }));
    expect((await post(url, big)).json()).toEqual({ message: 'variantCountIdentifiers size must be between 1 and 50000' });
    expect((await post('/api/molecular-profiles/nope/variant-counts/fetch', [{ entrezGeneId: 1 }])).json()).toEqual({ message: 'Molecular profile not found: nope' });
  });
});

describe('streaming, awkward text', () => {
  // DuckDB writes the streamed JSON, Fastify's serializer the whole answer: escapes must agree.
  it('quotes, backslashes, control characters, non-ASCII and doubles come out byte-identical', async () => {
    const { Db } = await import('../../engine/sql/db.js');
    const { buildApp } = await import('../../server/app.js');
    const { sql } = await import('../../engine/sql/sql.js');
    const db = await Db.open(':memory:');
    const text = 'q"b\\s/t\tn\nc\u0001e\u001f\u000b\u007f\u2028 é ✓ 😀 </script> \\u001F';
    await db.run(sql`INSERT INTO cancer_study (study_key, study_id, type_of_cancer_id, name, import_date) VALUES (1, 's', 'brca', 'S', now())`);
    await db.run(sql`INSERT INTO patient VALUES (1, 1, ${text})`);
    await db.run(sql`INSERT INTO sample VALUES (1, 1, 1, ${text}, 'Primary Solid Tumor')`);
    await db.run(sql`INSERT INTO molecular_profile (profile_key, study_key, stable_id, genetic_alteration_type, datatype, show_profile_in_analysis_tab)
      VALUES (1, 1, 's_mutations', 'MUTATION_EXTENDED', 'MAF', TRUE)`);
    await db.run(sql`INSERT INTO mutation (study_key, profile_key, sample_key, entrez_gene_id, center, chr, start_position, tumor_alt_count,
        protein_pos_start, keyword, namespace_columns, ccf_expected_copies, ccf_expected_copies_upper, clonal)
      VALUES (1, 1, 1, 5, ${text}, 'X', 9007199254740991, 7, -1, NULL, ${JSON.stringify({ ns: { a: text, b: null, c: 1.5 } })}, 0.1, 2.0, ${text})`);
    const served = await buildApp({ db });
    const whole = Fastify();
    whole.post('/plain', { schema: { response: { 200: Type.Array(MutationSchema) } } },
      async () => fetchMutations(db, { kind: 'profiles', molecularProfileIds: ['s_mutations'] }, { projection: 'DETAILED' }) as never);
    try {
      const streamed = await served.inject({ method: 'POST', url: '/api/mutations/fetch?projection=DETAILED', payload: { molecularProfileIds: ['s_mutations'] } });
      expect(streamed.body).toBe((await whole.inject({ method: 'POST', url: '/plain' })).body);
      const [item] = streamed.json() as Mutation[];
      expect(item).toMatchObject({ center: text, sampleId: text, startPosition: 9007199254740991, tumorAltCount: 7, tumorRefCount: -1, proteinPosStart: -1 });
      expect(item.alleleSpecificCopyNumber).toEqual({ ccfExpectedCopies: 0.1, ccfExpectedCopiesUpper: 2, clonal: text });
      expect(item.namespaceColumns).toEqual({ ns: { a: text, b: null, c: 1.5 } });
      expect(item.keyword).toBeUndefined();
    } finally {
      await whole.close();
      await served.close();
      db.close();
    }
  });
});
