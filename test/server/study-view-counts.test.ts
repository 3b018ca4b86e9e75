// Study View count endpoints (study-view.md 4.2-4.4, 4.13-4.15, 7). Expected values were worked
// out from the study files in ../shared/studies with python (/tmp scripts: clinical files read
// with the importer's NA list, case lists intersected with the sample file, MAF rows per gene minus
// Silent ones (dropped by the importer), panels from the gene panel matrix + panel gene lists).
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
const es = (...ids: string[]) => ids.map((sampleId) => ({ studyId: 'study_es_0', sampleId }));
const clinical = (attributes: string[], studyViewFilter: unknown) =>
  post('/clinical-data-counts/fetch', { attributes: attributes.map((attributeId) => ({ attributeId })), studyViewFilter });
const pairs = (counts: { value: string; count: number }[]) => counts.map((c) => [c.value, c.count]);

describe('POST /api/clinical-data-counts/fetch', () => {
  it('counts samples for sample attributes, patients for patient attributes, NA last; unknown ids give no item', async () => {
    const { status, body } = await clinical(['SUBTYPE', 'NOPE', 'OS_STATUS'], { studyIds: ['study_es_0'] });
    expect(status).toBe(200);
    expect(body.map((i: { attributeId: string }) => i.attributeId)).toEqual(['SUBTYPE', 'OS_STATUS']);
    // python: 845 samples, 841 patients
    expect(pairs(body[0].counts)).toEqual([['Luminal A', 235], ['Luminal B', 131], ['basal-like', 80], ['Her2 enriched', 58], ['Claudin low', 2], ['NA', 339]]);
    expect(pairs(body[1].counts)).toEqual([['0:LIVING', 721], ['1:DECEASED', 87], ['NA', 33]]);
  });

  it('adds the other involved studies: their samples/patients without the attribute land in NA', async () => {
    const { body } = await clinical(['SUBTYPE', 'OS_STATUS'], { studyIds: ['study_es_0', 'study_hg38'] });
    expect(pairs(body[0].counts)).toEqual([['Luminal A', 235], ['Luminal B', 131], ['basal-like', 81], ['Her2 enriched', 58], ['Claudin low', 2], ['NA', 339]]);
    expect(pairs(body[1].counts)).toEqual([['0:LIVING', 721], ['1:DECEASED', 87], ['NA', 34]]);
    // SAMPLE_TYPE is defined in genepanel_test_study and lgg only; SEX (patient) only in lgg here.
    const other = await clinical(['SAMPLE_TYPE', 'OS_STATUS', 'SEX'], { studyIds: ['teststudy_genepanels', 'lgg_ucsf_2014_test_generic_assay'] });
    expect(other.body.map((i: { counts: { value: string; count: number }[] }) => pairs(i.counts))).toEqual([
      [['Primary', 34], ['Recurrent', 31], ['etastasis', 1]],
      // python gave 1:DECEASED 14 + DECEASED 1: the importer prefixes OS_STATUS 'DECEASED' with '1:'
      [['1:DECEASED', 15], ['0:LIVING', 8], ['NA', 1]],
      [['Male', 16], ['Female', 7], ['NA', 1]],
    ]);
  });

  it('counts a patient once for two filtered samples; sampleIdentifiers cohorts', async () => {
    const { body } = await clinical(['SUBTYPE', 'OS_STATUS'], { sampleIdentifiers: es('TCGA-A1-A0SB-01', 'TCGA-A1-A0SB-02', 'TCGA-A2-A04P-01', 'TCGA-A1-A0SK-01') });
    expect(pairs(body[0].counts)).toEqual([['basal-like', 2], ['NA', 2]]);
    expect(pairs(body[1].counts)).toEqual([['0:LIVING', 1], ['1:DECEASED', 1], ['NA', 1]]);
  });

  it("removes the attribute's own filter only when it is the one attribute asked for", async () => {
    const basal = { attributeId: 'SUBTYPE', values: [{ value: 'BASAL-LIKE' }] };
    const deceased = { attributeId: 'OS_STATUS', values: [{ value: '1:DECEASED' }] };
    // python: 80 basal-like samples (79 patients + 1 without OS_STATUS); 87 deceased patients' samples
    const self = await clinical(['SUBTYPE'], { studyIds: ['study_es_0'], clinicalDataFilters: [basal] });
    expect(pairs(self.body[0].counts)).toEqual([['Luminal A', 235], ['Luminal B', 131], ['basal-like', 80], ['Her2 enriched', 58], ['Claudin low', 2], ['NA', 339]]);
    const both = await clinical(['SUBTYPE', 'OS_STATUS'], { studyIds: ['study_es_0'], clinicalDataFilters: [basal] });
    expect(both.body.map((i: { counts: { value: string; count: number }[] }) => pairs(i.counts))).toEqual([[['basal-like', 80]], [['0:LIVING', 71], ['1:DECEASED', 8], ['NA', 1]]]);
    const other = await clinical(['SUBTYPE'], { studyIds: ['study_es_0'], clinicalDataFilters: [basal, deceased] });
    expect(pairs(other.body[0].counts)).toEqual([['Luminal A', 25], ['Luminal B', 17], ['Her2 enriched', 10], ['basal-like', 8], ['NA', 27]]);
    // a filter matching nothing: NA only, 0
    const none = await clinical(['SUBTYPE', 'OS_STATUS'], { studyIds: ['study_es_0'], clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'nope' }] }] });
    expect(none.body).toEqual([{ attributeId: 'SUBTYPE', counts: [{ value: 'NA', count: 0 }] }, { attributeId: 'OS_STATUS', counts: [{ value: 'NA', count: 0 }] }]);
  });

  it('feeds the clinical filter into the gene tables and list counts', async () => {
    // basal-like ∩ deceased = 8 samples; python on the MAF: 7 of them carry one BRCA2 mutation each,
    // all 7 are in the sequenced list and not in the panel matrix (WES); BH-A18Q-01 is not profiled
    const f = { studyIds: ['study_es_0'], clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'basal-like' }] }, { attributeId: 'OS_STATUS', values: [{ value: '1:DECEASED' }] }] };
    const lists = await post('/sample-lists-counts/fetch', f);
    expect(lists.body.find((c: { value: string }) => c.value === 'all')?.count).toBe(8);
    const genes = await post('/mutated-genes/fetch', f);
    expect(rowsOf(genes.body)).toEqual([['BRCA2', 7, 7, 7]]);
    expect(genes.body[0].matchingGenePanelIds).toEqual(['WES']);
  });

  it('answers NA only (count 0) for an empty cohort, and 400 without studyIds/sampleIdentifiers', async () => {
    const { body } = await clinical(['SUBTYPE', 'OS_STATUS'], { sampleIdentifiers: es('nope') });
    expect(body).toEqual([{ attributeId: 'SUBTYPE', counts: [{ value: 'NA', count: 0 }] }, { attributeId: 'OS_STATUS', counts: [{ value: 'NA', count: 0 }] }]);
    expect((await clinical(['SUBTYPE'], {})).status).toBe(400);
    expect((await post('/clinical-data-counts/fetch', { studyViewFilter: { studyIds: ['study_es_0'] } })).status).toBe(400);
  });
});

describe('POST /api/sample-lists-counts/fetch', () => {
  it('counts filtered samples per list, keyed without the study prefix, merged across studies', async () => {
    // python; 'all' = add_global_case_list (845 + 5 samples)
    const { body } = await post('/sample-lists-counts/fetch', { studyIds: ['study_es_0', 'teststudy_genepanels'] });
    expect(body).toEqual([
      { value: 'all', label: 'All cases in study', count: 850 },
      { value: 'cna', label: 'Samples profiled for mutations', count: 793 },
      { value: 'cnaseq', label: 'Samples profiled for mutations and CNA', count: 788 },
      { value: 'custom', label: 'this is an optional custom case list', count: 778 },
      { value: 'sequenced', label: 'Samples profiled for mutations', count: 36 },
      { value: 'testprofiled', label: 'Test profiled samples', count: 15 },
    ]);
    const small = await post('/sample-lists-counts/fetch', { sampleIdentifiers: es('TCGA-A1-A0SB-01', 'TCGA-A1-A0SB-02', 'TEST_SAMPLE_1', 'TCGA-A2-A04N-01') });
    expect(small.body.map((c: { value: string; count: number }) => [c.value, c.count])).toEqual([
      ['all', 4], ['cna', 3], ['cnaseq', 3], ['custom', 2], ['sequenced', 3], ['testprofiled', 1],
    ]);
    expect((await post('/sample-lists-counts/fetch', { sampleIdentifiers: es('nope') })).body).toEqual([]);
    expect((await post('/sample-lists-counts/fetch', {})).body).toEqual({ message: 'eitherSampleIdentifiersOrStudyIdsPresent must be true' });
  });
});

describe('POST /api/molecular-profile-sample-counts/fetch', () => {
  it('counts filtered samples profiled per profile type', async () => {
    // A0SB-01 (TESTPANEL1), A0SB-02 (TESTPANEL2), A0SK-01 (sequenced list): 3 profiled for mutations; A04N-01 is not.
    const { body } = await post('/molecular-profile-sample-counts/fetch', { sampleIdentifiers: es('TCGA-A1-A0SB-01', 'TCGA-A1-A0SB-02', 'TCGA-A1-A0SK-01', 'TCGA-A2-A04N-01') });
    expect(body).toContainEqual({ value: 'mutations', label: 'Mutations', count: 3 });
    const both = await post('/molecular-profile-sample-counts/fetch', { studyIds: ['study_es_0', 'teststudy_genepanels'] });
    // `mutations` (study-view.md 2.4): study_es_0's 28 samples of the profile (MAF, #sequenced_samples,
    // non-NA gene panel matrix rows) + TEST_SAMPLE_5, 10 and 12 of its _sequenced list; the 4 of
    // teststudy_genepanels' profile + sample5 of its _sequenced list (NA in the matrix, no MAF row).
    expect(both.body.find((c: { value: string }) => c.value === 'mutations')?.count).toBe(36);
    // sample5 alone: profiled for mutations through the _sequenced list only.
    const sample5 = await post('/molecular-profile-sample-counts/fetch', { sampleIdentifiers: [{ studyId: 'teststudy_genepanels', sampleId: 'sample5' }] });
    expect(sample5.body).toContainEqual({ value: 'mutations', label: 'Mutations', count: 1 });
    expect((await post('/molecular-profile-sample-counts/fetch', { sampleIdentifiers: es('nope') })).body).toEqual([]);
  });
});

describe('a _sequenced member outside the mutation profile (study-view.md 2.4)', () => {
  // teststudy_genepanels' sample5: in cases_sequenced.txt, NA for mutations in the gene panel
  // matrix, no MAF row. It counts as profiled without a panel (whole exome) and not mutated.
  const sample5 = [{ studyId: 'teststudy_genepanels', sampleId: 'sample5' }];
  it('is profiled for every gene and mutated in none', async () => {
    const { body } = await post('/mutation-data-counts/fetch', {
      genomicDataFilters: [{ hugoGeneSymbol: 'ABLIM1', profileType: 'mutations' }, { hugoGeneSymbol: 'ERBB2', profileType: 'mutations' }],
      studyViewFilter: { sampleIdentifiers: sample5 },
    });
    const notMutated = [{ label: 'Not Mutated', value: 'NOT_MUTATED', count: 1, uniqueCount: 1 }];
    expect(body).toEqual([
      { hugoGeneSymbol: 'ABLIM1', profileType: 'mutations', counts: notMutated },
      { hugoGeneSymbol: 'ERBB2', profileType: 'mutations', counts: notMutated },
    ]);
  });

  it('passes the genomicProfiles and NOT_MUTATED filters', async () => {
    const ids = async (filter: object) => (await post('/filtered-samples/fetch', { studyIds: ['teststudy_genepanels'], ...filter })).body.map((s: { sampleId: string }) => s.sampleId);
    expect(await ids({ genomicProfiles: [['mutations']] })).toEqual(['sample1', 'sample2', 'sample3', 'sample4', 'sample5']);
    const erbb2 = (value: string) => ({ mutationDataFilters: [{ hugoGeneSymbol: 'ERBB2', profileType: 'mutations', categorization: 'MUTATED', values: [[{ value }]] }] });
    expect(await ids(erbb2('NOT_MUTATED'))).toContain('sample5');
    expect(await ids(erbb2('NOT_PROFILED'))).not.toContain('sample5');
  });
});

describe('POST /api/mutation-data-counts/fetch?includeSampleIds=true (4.10)', () => {
  // teststudy_genepanels, ABLIM1: MAF rows for sample1-3 (Missense_Mutation); profiled: sample1-2
  // (TESTPANEL1 holds ABLIM1), sample4 (MAF, NA in the matrix: whole exome), sample5 (_sequenced
  // list only); sample3 is on TESTPANEL2, without ABLIM1.
  const url = '/mutation-data-counts/fetch?projection=DETAILED&includeSampleIds=true';
  const filter = (...genes: string[]) => ({
    genomicDataFilters: genes.map((hugoGeneSymbol) => ({ hugoGeneSymbol, profileType: 'mutations' })), studyViewFilter: { studyIds: ['teststudy_genepanels'] },
  });
  const key = (sample: string) => `teststudy_genepanels_${sample}`;
  it('lists the samples of each mutation type, then the Not Mutated and Not Profiled ones', async () => {
    const { status, body } = await post(url, filter('ABLIM1'));
    expect(status).toBe(200);
    expect(body).toEqual([
      { hugoGeneSymbol: 'ABLIM1', profileType: 'mutations', counts: [
        { label: 'Missense Mutation', value: 'Missense_Mutation', count: 3, uniqueCount: 3, sampleIds: ['sample1', 'sample2', 'sample3'].map(key) },
      ] },
      { hugoGeneSymbol: 'ABLIM1', profileType: 'Not Mutated', counts: [{ label: 'Not Mutated', value: 'NOT_MUTATED', count: 2, uniqueCount: 2, sampleIds: ['sample4', 'sample5'].map(key) }] },
      { hugoGeneSymbol: 'ABLIM1', profileType: 'Not Profiled', counts: [{ label: 'Not Profiled', value: 'NOT_PROFILED', count: 1, uniqueCount: 1, sampleIds: [key('sample3')] }] },
    ]);
  });

  it('takes the filtered samples only, and asks for exactly one gene', async () => {
    const { body } = await post(url, { ...filter('ABLIM1'), studyViewFilter: { sampleIdentifiers: [{ studyId: 'teststudy_genepanels', sampleId: 'sample5' }] } });
    expect(body).toEqual([
      { hugoGeneSymbol: 'ABLIM1', profileType: 'Not Mutated', counts: [{ label: 'Not Mutated', value: 'NOT_MUTATED', count: 1, uniqueCount: 1, sampleIds: [key('sample5')] }] },
      { hugoGeneSymbol: 'ABLIM1', profileType: 'Not Profiled', counts: [{ label: 'Not Profiled', value: 'NOT_PROFILED', count: 0, uniqueCount: 0, sampleIds: [] }] },
    ]);
    const two = await post(url, filter('ABLIM1', 'ERBB2'));
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('includeSampleIds=true requires exactly one genomicDataFilter');
  });
});

// Cohort for the gene tables: panels TESTPANEL1 (A0SB-01, TEST_SAMPLE_2), TESTPANEL2 (A0SB-02,
// TEST_SAMPLE_14), whole exome (A0SK-01 and the two SOMATIC samples: in the sequenced list, not in
// the matrix), not profiled (A04N-01).
const cohort = es('TCGA-A1-A0SB-01', 'TCGA-A1-A0SB-02', 'TEST_SAMPLE_2', 'TEST_SAMPLE_14', 'TCGA-A1-A0SK-01',
  'TEST_SAMPLE_SOMATIC_HOMOZYGOUS', 'TEST_SAMPLE_SOMATIC_HETEROZYGOUS', 'TCGA-A2-A04N-01');
type GeneCount = { hugoGeneSymbol: string; numberOfAlteredCases: number; numberOfAlteredCasesOnPanel: number; totalCount: number; numberOfProfiledCases: number; matchingGenePanelIds: string[]; alteration?: number };
const rowsOf = (body: GeneCount[]) => body.map((g) => [g.hugoGeneSymbol, g.numberOfAlteredCases, g.totalCount, g.numberOfProfiledCases]);
const P1 = ['TESTPANEL1', 'WES'], P12 = ['TESTPANEL1', 'TESTPANEL2', 'WES'];

describe('POST /api/mutated-genes/fetch', () => {
  it('counts altered samples, events and profiled samples (panel rows + whole exome)', async () => {
    const { status, body } = await post('/mutated-genes/fetch', { sampleIdentifiers: cohort });
    expect(status).toBe(200);
    // profiled = 2 per panel holding the gene + 3 WES
    expect(rowsOf(body)).toEqual([
      ['BRCA1', 3, 4, 5], ['ATM', 1, 2, 5], ['BRCA2', 2, 2, 5], ['TP53', 1, 2, 5],
      ['ABLIM1', 1, 1, 5], ['ACP3', 1, 1, 7], ['ADAMTS20', 1, 1, 5], ['DTNB', 1, 1, 7], ['MSH3', 1, 1, 7],
      ['MYB', 1, 1, 7], ['OR11H1', 1, 1, 5], ['PIEZO1', 1, 1, 5], ['TMEM247', 1, 1, 5],
    ]);
    const brca1 = body[0];
    expect(brca1).toEqual({
      entrezGeneId: 672, hugoGeneSymbol: 'BRCA1', numberOfAlteredCases: 3, numberOfAlteredCasesOnPanel: 3, totalCount: 4,
      numberOfProfiledCases: 5, matchingGenePanelIds: P1, uniqueEventKey: 'BRCA1', hugoGeneSymbols: ['BRCA1'], entrezGeneIds: [672],
    });
    expect(body.find((g: GeneCount) => g.hugoGeneSymbol === 'DTNB').matchingGenePanelIds).toEqual(P12);
    expect(body.find((g: GeneCount) => g.hugoGeneSymbol === 'PIEZO1').matchingGenePanelIds).toEqual(['TESTPANEL2', 'WES']);
  });

  it('applies the alterationFilter to the counted events', async () => {
    const run = async (alterationFilter: unknown) => rowsOf((await post('/mutated-genes/fetch', { sampleIdentifiers: cohort, alterationFilter })).body);
    // drivers only: ABLIM1, OR11H1 (A0SB-01), BRCA1 (HOMOZYGOUS)
    expect(await run({ includeDriver: true, includeVUS: false, includeUnknownOncogenicity: false })).toEqual([['ABLIM1', 1, 1, 5], ['BRCA1', 1, 1, 5], ['OR11H1', 1, 1, 5]]);
    // all driver flags off: nothing passes (3.15's intended rule; the reference's gate, quirk 14, restricts nothing)
    expect(await run({ includeDriver: false, includeVUS: false, includeUnknownOncogenicity: false })).toEqual([]);
    // ... but with a partial tier selection nothing passes
    expect(await run({ includeDriver: false, includeVUS: false, includeUnknownOncogenicity: false, tiersBooleanMap: { 'Class 1': true, 'Class 2': false } })).toEqual([]);
    // tier 'Class 1' only: ABLIM1, DTNB (A0SB-01), BRCA1 (HOMOZYGOUS, HETEROZYGOUS)
    expect(await run({ tiersBooleanMap: { 'Class 1': true, 'Class 3': false }, includeUnknownTier: false })).toEqual([['BRCA1', 2, 2, 5], ['ABLIM1', 1, 1, 5], ['DTNB', 1, 1, 7]]);
    // missense only
    expect(await run({ mutationEventTypes: { missense_mutation: true, frame_shift_del: false } })).toEqual([
      ['BRCA1', 3, 3, 5], ['ABLIM1', 1, 1, 5], ['ACP3', 1, 1, 7], ['ADAMTS20', 1, 1, 5], ['DTNB', 1, 1, 7], ['OR11H1', 1, 1, 5], ['PIEZO1', 1, 1, 5], ['TP53', 1, 1, 5],
    ]);
    // every mutation is Somatic
    expect(await run({ includeSomatic: false })).toEqual([]);
    // the front end's default filter restricts nothing
    expect(await run({ copyNumberAlterationEventTypes: { AMP: true, HOMDEL: true }, mutationEventTypes: { any: true }, structuralVariants: null, includeDriver: true, includeVUS: true, includeUnknownOncogenicity: true, includeUnknownTier: true, includeGermline: true, includeSomatic: true, includeUnknownStatus: true, tiersBooleanMap: {} })).toHaveLength(13);
  });

  it('answers [] for an empty cohort and 400 without a base set', async () => {
    expect((await post('/mutated-genes/fetch', { sampleIdentifiers: es('TCGA-A2-A04N-01') })).body).toEqual([]);
    expect((await post('/mutated-genes/fetch', { alterationFilter: 5 })).status).toBe(400);
  });
});

describe('POST /api/cna-genes/fetch', () => {
  // Events (data_cna_discrete.txt, +-2): A04U-01 and A0FJ-01 amplify, A26F-01 deletes the 7 genes
  // ACAP3..ERCC5. All 4 samples have a CNA row without panel (log2CNA, or gistic outside the
  // matrix), so profiled = 4 and only WES matches (none of these genes is on TESTPANEL1).
  const cna = es('TCGA-A2-A04U-01', 'TCGA-A7-A26F-01', 'TCGA-AN-A0FJ-01', 'TCGA-A1-A0SB-01');
  const genes = ['ACAP3', 'AGRN', 'ATAD3A', 'ATAD3B', 'ATAD3C', 'AURKAIP1', 'ERCC5'];
  it('groups by gene and alteration', async () => {
    const { body } = await post('/cna-genes/fetch', { sampleIdentifiers: cna });
    expect(body.map((g: GeneCount) => [g.hugoGeneSymbol, g.alteration, g.numberOfAlteredCases, g.totalCount, g.numberOfProfiledCases])).toEqual([
      ...genes.map((g) => [g, 2, 2, 2, 4]), ...genes.map((g) => [g, -2, 1, 1, 4]),
    ]);
    expect(body[0]).toMatchObject({ entrezGeneId: 116983, cytoband: '1p36.33', matchingGenePanelIds: ['WES'], uniqueEventKey: 'ACAP3' });
    expect(body[0].qValue).toBeUndefined();
  });

  it('applies CNA types and driver flags', async () => {
    const amp = await post('/cna-genes/fetch', { sampleIdentifiers: cna, alterationFilter: { copyNumberAlterationEventTypes: { AMP: true, HOMDEL: false } } });
    expect(amp.body.map((g: GeneCount) => [g.hugoGeneSymbol, g.alteration])).toEqual(genes.map((g) => [g, 2]));
    // cbp_driver Putative_Driver: AGRN +2 (A04U), ERCC5 +2 (A04U), ERCC5 -2 (A26F)
    const drivers = await post('/cna-genes/fetch', { sampleIdentifiers: cna, alterationFilter: { includeVUS: false, includeUnknownOncogenicity: false } });
    expect(drivers.body.map((g: GeneCount) => [g.hugoGeneSymbol, g.alteration, g.numberOfAlteredCases])).toEqual([['AGRN', 2, 1], ['ERCC5', -2, 1], ['ERCC5', 2, 1]]);
  });
});

describe('POST /api/structuralvariant-genes/fetch', () => {
  it('counts both genes of a fusion; off-panel genes of TESTPANEL1 give 0 profiled', async () => {
    const { body } = await post('/structuralvariant-genes/fetch', { studyIds: ['study_es_0'] });
    expect(body.length).toBeGreaterThan(0);
    const braf = body.find((g: GeneCount) => g.hugoGeneSymbol === 'BRAF');
    expect(braf).toMatchObject({ numberOfAlteredCasesOnPanel: 0, numberOfProfiledCases: 0, matchingGenePanelIds: [] });
    // all driver flags off: structuralvariant-genes always applies them
    expect((await post('/structuralvariant-genes/fetch', { studyIds: ['study_es_0'], alterationFilter: { includeDriver: false, includeVUS: false, includeUnknownOncogenicity: false } })).body).toEqual([]);
  });
});
