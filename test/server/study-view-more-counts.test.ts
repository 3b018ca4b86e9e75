// Study View clinical event type counts (study-view.md 4.17), clinical attribute counts (4.24) and
// structural variant counts (4.16).
// Expected values worked out with python from ../shared/studies: event types = distinct PATIENT_IDs
// per EVENT_TYPE over the four lgg data_timeline_*.txt files; attribute counts = selected samples
// with a non-NA cell (the loader's NA words) in the sample / patient clinical files, plus the derived
// MUTATION_COUNT (samples in cases_sequenced), FRACTION_GENOME_ALTERED (samples with .seg rows: only
// TCGA-A2-A04P-01) and patient SAMPLE_COUNT (every selected sample's patient). SV counts: python over
// study_es_0/data_structural_variants.txt (48 rows, 36 samples, all SOMATIC), rows and distinct samples
// per (Site1_Hugo_Symbol, Site2_Hugo_Symbol); all 36 samples are profiled on TESTPANEL1 (meta
// gene_panel), which holds none of the SV genes, so numberOfProfiledCases = all profiled cases.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

const post = async (url: string, payload: unknown) => {
  const res = await app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
};
const LGG = 'lgg_ucsf_2014_test_generic_assay';
const lgg = (...ids: string[]) => ids.map((sampleId) => ({ studyId: LGG, sampleId }));
const es = (...ids: string[]) => ids.map((sampleId) => ({ studyId: 'study_es_0', sampleId }));

describe('POST /api/clinical-event-type-counts/fetch', () => {
  it('counts distinct patients per event type, by count desc then type', async () => {
    const { status, body } = await post('/clinical-event-type-counts/fetch', { studyIds: [LGG] });
    expect(status).toBe(200);
    expect(body).toEqual([
      { eventType: 'SPECIMEN', count: 23 }, { eventType: 'SURGERY', count: 23 },
      { eventType: 'STATUS', count: 21 }, { eventType: 'TREATMENT', count: 12 },
    ]);
  });

  it('restricts to the patients of the filtered samples (P13 has no STATUS, only P01 a TREATMENT)', async () => {
    const { body } = await post('/clinical-event-type-counts/fetch', { sampleIdentifiers: lgg('P01_Pri', 'P01_Rec', 'P02_Pri', 'P13_Pri') });
    expect(body).toEqual([
      { eventType: 'SPECIMEN', count: 3 }, { eventType: 'SURGERY', count: 3 },
      { eventType: 'STATUS', count: 2 }, { eventType: 'TREATMENT', count: 1 },
    ]);
  });

  it('combines with a clinical filter (SEX = Female: 7 patients); no events or no samples give []', async () => {
    const filtered = await post('/clinical-event-type-counts/fetch', {
      studyIds: [LGG], clinicalDataFilters: [{ attributeId: 'SEX', values: [{ value: 'Female' }] }],
    });
    expect(filtered.body).toEqual([
      { eventType: 'SPECIMEN', count: 7 }, { eventType: 'SURGERY', count: 7 },
      { eventType: 'STATUS', count: 6 }, { eventType: 'TREATMENT', count: 3 },
    ]);
    expect((await post('/clinical-event-type-counts/fetch', {
      studyIds: [LGG], clinicalDataFilters: [{ attributeId: 'SEX', values: [{ value: 'Nobody' }] }],
    })).body).toEqual([]);
    expect((await post('/clinical-event-type-counts/fetch', { studyIds: ['study_es_0'] })).body).toEqual([]);
    expect((await post('/clinical-event-type-counts/fetch', { studyIds: ['no_such_study'] })).body).toEqual([]);
  });

  it('rejects a filter without studyIds and sampleIdentifiers', async () => {
    expect((await post('/clinical-event-type-counts/fetch', {})).status).toBe(400);
  });
});

describe('POST /api/clinical-attributes/counts/fetch', () => {
  it('counts selected samples with a stored value: sample attributes, then patient attributes', async () => {
    const { status, body } = await post('/clinical-attributes/counts/fetch', {
      sampleIdentifiers: [...lgg('P01_Pri', 'P01_Rec', 'P13_Pri'), ...es('TCGA-A2-A04P-01', 'TCGA-B6-A0I6-01', 'TCGA-A1-A0SK-01', 'NOPE')],
    });
    expect(status).toBe(200);
    const pairs = body.map((c: { clinicalAttributeId: string; count: number }) => [c.clinicalAttributeId, c.count]);
    expect(pairs).toEqual([
      ['CANCER_TYPE', 3], ['CANCER_TYPE_DETAILED', 3], ['FRACTION_GENOME_ALTERED', 1], ['GRADE', 3], ['IDH1_MUTATION', 3],
      ['MGMT_STATUS', 3], ['MUTATION_COUNT', 6], ['NON_SILENT_MUT_TP53_ATRX_CIC_FUBP1', 3], ['ONCOTREE_CODE', 3], ['SAMPLE_TYPE', 3], ['SOMATIC_STATUS', 3],
      ['STATUS_1P_19Q', 3], ['SUBTYPE', 2],
      ['AGE', 3], ['DFS_STATUS', 2], ['OS_MONTHS', 5], ['OS_STATUS', 5], ['SAMPLE_COUNT', 6], ['SEX', 3],
    ]);
  });

  it('takes a sample list; an unknown list or unknown samples give []', async () => {
    const { body } = await post('/clinical-attributes/counts/fetch', { sampleListId: `${LGG}_sequenced` });
    expect(body).toContainEqual({ clinicalAttributeId: 'SAMPLE_TYPE', count: 61 });
    expect((await post('/clinical-attributes/counts/fetch', { sampleListId: 'nope' })).body).toEqual([]);
    expect((await post('/clinical-attributes/counts/fetch', { sampleIdentifiers: es('NOPE') })).body).toEqual([]);
  });

  it('adds up a whole study from kept per-study counts as the rows of its samples add up', async () => {
    // lgg: its _all list is the whole study (kept counts); two halves of its samples are not (SQL).
    const whole = (await post('/clinical-attributes/counts/fetch', { sampleListId: `${LGG}_all` })).body as { clinicalAttributeId: string; count: number }[];
    const ids = (await app.inject({ method: 'GET', url: `/api/studies/${LGG}/samples?projection=ID` })).json().map((x: { sampleId: string }) => x.sampleId) as string[];
    const half = async (part: string[]) => (await post('/clinical-attributes/counts/fetch', { sampleIdentifiers: lgg(...part) })).body as { clinicalAttributeId: string; count: number }[];
    const sums = new Map<string, number>();
    for (const part of [ids.slice(0, 30), ids.slice(30)]) for (const c of await half(part)) sums.set(c.clinicalAttributeId, (sums.get(c.clinicalAttributeId) ?? 0) + c.count);
    expect(ids).toHaveLength(61);
    expect(whole.map((c) => [c.clinicalAttributeId, c.count]).sort()).toEqual([...sums].sort());
  });

  it('requires exactly one of sampleIdentifiers / sampleListId', async () => {
    expect((await post('/clinical-attributes/counts/fetch', {})).status).toBe(400);
    expect((await post('/clinical-attributes/counts/fetch', { sampleListId: 'x', sampleIdentifiers: es('a') })).status).toBe(400);
    expect((await post('/clinical-attributes/counts/fetch', { sampleIdentifiers: [] })).status).toBe(400);
    // JSON null is "not given".
    expect((await post('/clinical-attributes/counts/fetch', { sampleListId: null })).body).toEqual({ message: 'eitherSampleListIdOrSampleIdentifiersPresent must be true' });
    const byList = await post('/clinical-attributes/counts/fetch', { sampleListId: 'study_es_0_all' });
    expect(byList.body.length).toBeGreaterThan(0);
    expect((await post('/clinical-attributes/counts/fetch', { sampleListId: 'study_es_0_all', sampleIdentifiers: null })).body).toEqual(byList.body);
    expect((await post('/clinical-attributes/counts/fetch', { sampleIdentifiers: es('TCGA-A1-A0SB-01'), sampleListId: null })).status).toBe(200);
  });
});

type SvCount = {
  uniqueEventKey: string; gene1EntrezGeneId: number | null; gene2EntrezGeneId: number | null; numberOfAlteredCases: number;
  totalCount: number; numberOfProfiledCases: number; matchingGenePanelIds: string[]; hugoGeneSymbols: string[]; entrezGeneIds: number[];
};
const sv = async (filter: unknown) => {
  const res = await post('/structuralvariant-counts/fetch', filter);
  return { status: res.status, body: res.body as SvCount[] };
};
const svRow = (c: SvCount) => [c.uniqueEventKey, c.numberOfAlteredCases, c.totalCount, c.numberOfProfiledCases];

describe('POST /api/structuralvariant-counts/fetch', () => {
  it('groups the SVs of the cohort by gene pair, ordered by totalCount desc', async () => {
    const { status, body } = await sv({ studyIds: ['study_es_0'] });
    expect(status).toBe(200);
    expect(body).toHaveLength(32);
    expect(body.slice(0, 6).map(svRow)).toEqual([
      ['SND1::BRAF', 10, 10, 36], ['AGK::BRAF', 4, 4, 36], ['AGAP3::BRAF', 2, 2, 36],
      ['CDK5RAP2::BRAF', 2, 2, 36], ['EML4::ALK', 2, 2, 36], ['MKRN1::BRAF', 2, 2, 36],
    ]);
    expect(body.reduce((n, c) => n + c.totalCount, 0)).toBe(48);
    expect(body[0]).toEqual({
      gene1EntrezGeneId: 27044, gene1HugoGeneSymbol: 'SND1', gene2EntrezGeneId: 673, gene2HugoGeneSymbol: 'BRAF',
      numberOfAlteredCases: 10, totalCount: 10, numberOfProfiledCases: 36, matchingGenePanelIds: [],
      uniqueEventKey: 'SND1::BRAF', hugoGeneSymbols: ['SND1', 'BRAF'], entrezGeneIds: [27044, 673],
    });
    // A site without a gene gives null fields.
    const open = body.find((c) => c.uniqueEventKey === 'BRAF::null');
    expect(open).toMatchObject({ gene1EntrezGeneId: 673, hugoGeneSymbols: ['BRAF'], entrezGeneIds: [673] });
    // The site without a gene: its fields are absent, not null (study-view.md 2.1).
    expect(open).not.toHaveProperty('gene2EntrezGeneId');
    expect(open).not.toHaveProperty('gene2HugoGeneSymbol');
  });

  it('restricts to the filtered samples; profiled = the selected profiled samples', async () => {
    const { body } = await sv({ sampleIdentifiers: es('TCGA-A1-A0SB-01', 'TCGA-A2-A0T0-01', 'TCGA-A1-A0SK-01', 'TCGA-A1-A0SD-01') });
    // TCGA-A1-A0SD-01 has no SV row, so it is not profiled for SVs.
    expect(body.map(svRow)).toEqual([['EML4::ALK', 1, 1, 3], ['PJA2::BRAF', 1, 1, 3], ['SND1::BRAF', 1, 1, 3], ['TMPRSS2::ETV1', 1, 1, 3]]);
    // Combined with a clinical filter: SUBTYPE basal-like keeps A0T0 and A0SK (A0SB is NA; awk on the sample file).
    const subtype = await sv({
      sampleIdentifiers: es('TCGA-A1-A0SB-01', 'TCGA-A2-A0T0-01', 'TCGA-A1-A0SK-01'),
      clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'basal-like' }] }],
    });
    expect(subtype.body.map(svRow)).toEqual([['PJA2::BRAF', 1, 1, 2], ['SND1::BRAF', 1, 1, 2]]);
  });

  it('applies the SV status rule of the alterationFilter; no SVs or no samples give []', async () => {
    expect((await sv({ studyIds: ['study_es_0'], alterationFilter: { includeSomatic: false } })).body).toEqual([]);
    expect((await sv({ studyIds: [LGG] })).body).toEqual([]);
    expect((await sv({ studyIds: ['no_such_study'] })).body).toEqual([]);
    expect((await sv({})).status).toBe(400);
  });
});
