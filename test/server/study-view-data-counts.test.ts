// Study View per-gene / per-entity count endpoints (study-view.md 4.8, 4.10, 4.11). Expected values were worked out
// from the study files in ../shared/studies with awk: study_es_0 data_cna_discrete.txt (long
// format) values per gene, joined on sample ids of data_clinical_samples.txt (845 samples; 80
// basal-like); lgg data_mutations_extended.txt rows per gene minus Silent ones (dropped by the
// importer), whole-exome profile over the 61 sequenced samples; generic assay matrices
// (study_es_0 binary/categorical: 2 samples; lgg signatures: 61 samples) values counted per row.
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
type Count = { label: string; value: string; count: number; uniqueCount?: number };
type Item = { hugoGeneSymbol: string; profileType: string; counts: Count[] };
const triples = (counts: Count[]) => counts.map((c) => [c.label, c.value, c.count]);
const ES = { studyIds: ['study_es_0'] };
const LGG = { studyIds: ['lgg_ucsf_2014_test_generic_assay'] };
const NOBODY = { sampleIdentifiers: [{ studyId: 'study_es_0', sampleId: 'NO-SUCH-SAMPLE' }] };
const cna = (genes: string[], studyViewFilter: unknown, profileType = 'gistic') =>
  post('/genomic-data-counts/fetch', { genomicDataFilters: genes.map((hugoGeneSymbol) => ({ hugoGeneSymbol, profileType })), studyViewFilter });
const mut = (genes: string[], studyViewFilter: unknown, query = '') =>
  post(`/mutation-data-counts/fetch${query}`, { genomicDataFilters: genes.map((hugoGeneSymbol) => ({ hugoGeneSymbol, profileType: 'mutations' })), studyViewFilter });

const ACAP3_ALL = [
  ['Amplified', '2', 7], ['Gained', '1', 27], ['Diploid', '0', 539], ['Heterozygously deleted', '-1', 213],
  ['Homozygously deleted', '-2', 2], ['NA', 'NA', 57],
];

describe('POST /api/genomic-data-counts/fetch', () => {
  it('counts filtered samples per CNA value with labels, then NA = samples without a value', async () => {
    const { status, body } = await cna(['ACAP3', 'ACP3'], ES);
    expect(status).toBe(200);
    expect(body.map((i: Item) => [i.hugoGeneSymbol, i.profileType])).toEqual([['ACAP3', 'gistic'], ['ACP3', 'gistic']]);
    // awk: 788 of the 845 samples have a row for each gene; ACP3 is 0 everywhere
    expect(triples(body[0].counts)).toEqual(ACAP3_ALL);
    expect(triples(body[1].counts)).toEqual([['Diploid', '0', 788], ['NA', 'NA', 57]]);
  });

  it('applies the cohort filter; NA is always present, also with count 0 or for an empty cohort', async () => {
    const basal = { ...ES, clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'basal-like' }] }] };
    const { body } = await cna(['ACAP3'], basal);
    expect(triples(body[0].counts)).toEqual([
      ['Amplified', '2', 2], ['Gained', '1', 9], ['Diploid', '0', 50], ['Heterozygously deleted', '-1', 18], ['NA', 'NA', 1],
    ]);
    const amp = { ...ES, genomicDataFilters: [{ hugoGeneSymbol: 'ACAP3', profileType: 'gistic', values: [{ value: '2' }] }] };
    // the 7 ACAP3-amplified samples are also ERCC5-amplified
    expect(triples((await cna(['ERCC5'], amp)).body[0].counts)).toEqual([['Amplified', '2', 7], ['NA', 'NA', 0]]);
    expect(triples((await cna(['ACAP3'], NOBODY)).body[0].counts)).toEqual([['NA', 'NA', 0]]);
    // unknown gene / profile type: only NA
    expect(triples((await cna(['NOSUCHGENE'], ES)).body[0].counts)).toEqual([['NA', 'NA', 845]]);
    expect(triples((await cna(['ACAP3'], ES, 'nope')).body[0].counts)).toEqual([['NA', 'NA', 845]]);
  });

  it('removes its own filter (same gene and profile type) only when one gene is asked for', async () => {
    const amp = { ...ES, genomicDataFilters: [{ hugoGeneSymbol: 'ACAP3', profileType: 'gistic', values: [{ value: '2' }] }] };
    expect(triples((await cna(['ACAP3'], amp)).body[0].counts)).toEqual(ACAP3_ALL);
    const two = await cna(['ACAP3', 'ERCC5'], amp);
    expect(triples(two.body[0].counts)).toEqual([['Amplified', '2', 7], ['NA', 'NA', 0]]);
  });

  it('rejects bad bodies with 400', async () => {
    expect((await post('/genomic-data-counts/fetch', { genomicDataFilters: [{ hugoGeneSymbol: 'ACAP3', profileType: 'gistic' }], studyViewFilter: {} })).status).toBe(400);
    expect((await post('/genomic-data-counts/fetch', { studyViewFilter: ES })).status).toBe(400);
  });
});

describe('POST /api/mutation-data-counts/fetch', () => {
  it('SUMMARY: mutated / not mutated / not profiled, only entries > 0', async () => {
    const { status, body } = await mut(['TP53', 'ATRX', 'IDH1', 'EGFR'], LGG);
    expect(status).toBe(200);
    expect(body.map((i: Item) => [i.hugoGeneSymbol, i.profileType])).toEqual([['TP53', 'mutations'], ['ATRX', 'mutations'], ['IDH1', 'mutations'], ['EGFR', 'mutations']]);
    // awk: TP53 in 55 of 61 samples, ATRX in 50 (Silent rows dropped), IDH1 in all 61, EGFR in none
    expect(body.map((i: Item) => triples(i.counts))).toEqual([
      [['Mutated', 'MUTATED', 55], ['Not Mutated', 'NOT_MUTATED', 6]],
      [['Mutated', 'MUTATED', 50], ['Not Mutated', 'NOT_MUTATED', 11]],
      [['Mutated', 'MUTATED', 61]],
      [['Not Mutated', 'NOT_MUTATED', 61]],
    ]);
    expect(body[0].counts[0].uniqueCount).toBe(55);
    // empty cohort: every count is 0, so no entry
    expect((await mut(['TP53'], NOBODY)).body[0].counts).toEqual([]);
  });

  it('SUMMARY: removes its own MUTATED filter only for a single gene', async () => {
    const tp53 = { ...LGG, mutationDataFilters: [{ hugoGeneSymbol: 'TP53', profileType: 'mutations', categorization: 'MUTATED', values: [[{ value: 'MUTATED' }]] }] };
    expect(triples((await mut(['TP53'], tp53)).body[0].counts)).toEqual([['Mutated', 'MUTATED', 55], ['Not Mutated', 'NOT_MUTATED', 6]]);
    // awk: 47 of the 55 TP53-mutated samples have an ATRX mutation
    expect(triples((await mut(['ATRX'], tp53)).body[0].counts)).toEqual([['Mutated', 'MUTATED', 47], ['Not Mutated', 'NOT_MUTATED', 8]]);
    const two = await mut(['TP53', 'ATRX'], tp53);
    expect(two.body.map((i: Item) => triples(i.counts))).toEqual([[['Mutated', 'MUTATED', 55]], [['Mutated', 'MUTATED', 47], ['Not Mutated', 'NOT_MUTATED', 8]]]);
  });

  it('mutation-type mode: events and distinct samples per raw type, no self-exclusion', async () => {
    const { body } = await mut(['TP53', 'EGFR'], LGG, '?projection=DETAILED');
    // awk: TP53 rows per Variant_Classification (events, distinct samples); EGFR has no mutation → no item
    expect(body.map((i: Item) => i.hugoGeneSymbol)).toEqual(['TP53']);
    expect(body[0].counts.map((c: Count) => [c.label, c.value, c.count, c.uniqueCount])).toEqual([
      ['Missense Mutation', 'Missense_Mutation', 52, 48], ['Frame Shift Del', 'Frame_Shift_Del', 5, 5],
      ['Splice Site', 'Splice_Site', 4, 4], ['Frame Shift Ins', 'Frame_Shift_Ins', 2, 2], ['Nonsense Mutation', 'Nonsense_Mutation', 1, 1],
    ]);
    const nonsense = { ...LGG, mutationDataFilters: [{ hugoGeneSymbol: 'TP53', profileType: 'mutations', categorization: 'MUTATION_TYPE', values: [[{ value: 'Nonsense_Mutation' }]] }] };
    // awk: the single TP53-Nonsense sample P05_Rec has TP53 Missense + Nonsense and ATRX Missense; the
    // TP53 filter is kept (no self-exclusion in this mode)
    const one = await mut(['TP53', 'ATRX'], nonsense, '?projection=DETAILED');
    expect(one.body.map((i: Item) => [i.hugoGeneSymbol, i.counts.map((c) => [c.value, c.count, c.uniqueCount])])).toEqual([
      ['TP53', [['Missense_Mutation', 1, 1], ['Nonsense_Mutation', 1, 1]]], ['ATRX', [['Missense_Mutation', 1, 1]]],
    ]);
    expect((await mut(['TP53'], NOBODY, '?projection=DETAILED')).body).toEqual([]);
  });

  it('rejects bad input with 400', async () => {
    expect((await mut(['TP53'], LGG, '?includeSampleIds=maybe')).status).toBe(400);
    expect((await mut(['TP53'], {})).status).toBe(400);
  });
});

type GaItem = { stableId: string; counts: { value: string; count: number }[] };
const ga = (body: unknown) => post('/generic-assay-data-counts/fetch', body);
const gaPairs = (body: GaItem[]) => body.map((i) => [i.stableId, i.counts.map((c) => [c.value, c.count])]);
const CAT = 'generic_assay_categorical';
const gaFilters = (...ids: string[]) => ids.map((stableId) => ({ stableId, profileType: CAT }));

describe('POST /api/generic-assay-data-counts/fetch', () => {
  it('with filters: raw values per entity over filtered samples, NA = the rest (always present)', async () => {
    const { status, body } = await ga({ genericAssayDataFilters: gaFilters('test_patient_generic_assay_3', 'test_patient_generic_assay_4'), studyViewFilter: ES });
    expect(status).toBe(200);
    // awk: _3 = Active (A0SB), Inactive (A0SD); _4 = Active twice; 845 samples
    expect(gaPairs(body)).toEqual([
      ['test_patient_generic_assay_3', [['Active', 1], ['Inactive', 1], ['NA', 843]]],
      ['test_patient_generic_assay_4', [['Active', 2], ['NA', 843]]],
    ]);
    const luminalA = { ...ES, clinicalDataFilters: [{ attributeId: 'SUBTYPE', values: [{ value: 'Luminal A' }] }] };
    // A0SD is Luminal A (235 samples), A0SB has SUBTYPE NA
    expect(gaPairs((await ga({ genericAssayDataFilters: gaFilters('test_patient_generic_assay_3'), studyViewFilter: luminalA })).body))
      .toEqual([['test_patient_generic_assay_3', [['Inactive', 1], ['NA', 234]]]]);
    expect(gaPairs((await ga({ genericAssayDataFilters: gaFilters('test_patient_generic_assay_3'), studyViewFilter: NOBODY })).body))
      .toEqual([['test_patient_generic_assay_3', [['NA', 0]]]]);
  });

  it('removes its own filter (same stableId) only when one entity is asked for', async () => {
    const active = { ...ES, genericAssayDataFilters: [{ stableId: 'test_patient_generic_assay_3', profileType: CAT, values: [{ value: 'Active' }] }] };
    expect(gaPairs((await ga({ genericAssayDataFilters: gaFilters('test_patient_generic_assay_3'), studyViewFilter: active })).body))
      .toEqual([['test_patient_generic_assay_3', [['Active', 1], ['Inactive', 1], ['NA', 843]]]]);
    expect(gaPairs((await ga({ genericAssayDataFilters: gaFilters('test_patient_generic_assay_4'), studyViewFilter: active })).body))
      .toEqual([['test_patient_generic_assay_4', [['Active', 1], ['NA', 0]]]]);
    expect(gaPairs((await ga({ genericAssayDataFilters: gaFilters('test_patient_generic_assay_3', 'test_patient_generic_assay_4'), studyViewFilter: active })).body))
      .toEqual([['test_patient_generic_assay_3', [['Active', 1], ['NA', 0]]], ['test_patient_generic_assay_4', [['Active', 1], ['NA', 0]]]]);
  });

  it('without filters: every entity of the profile type with data, NA only when > 0', async () => {
    const { body } = await ga({ profileType: 'generic_assay_binary', studyViewFilter: ES });
    expect(gaPairs(body)).toEqual([
      ['test_patient_generic_assay_5', [['no', 1], ['yes', 1]]],
      ['test_patient_generic_assay_6', [['false', 1], ['true', 1]]],
    ]);
    const lgg = await ga({ profileType: 'mutational_signature_binary_SBS', studyViewFilter: LGG });
    // awk: 30 entities; SBS1 true in 57 of 61 samples, false in 4
    expect(lgg.body).toHaveLength(30);
    // Counts by value (4.11: items by entity, then value).
    expect(gaPairs(lgg.body.filter((i: GaItem) => i.stableId === 'mutational_signature_binary_SBS1'))).toEqual([['mutational_signature_binary_SBS1', [['false', 4], ['true', 57]]]]);
    // awk: the 47 samples where category SBS1 is "highly significant" all have binary SBS1 true
    const hs = { ...LGG, genericAssayDataFilters: [{ stableId: 'mutational_signature_category_SBS1', profileType: 'mutational_signature_category_SBS', values: [{ value: 'highly significant' }] }] };
    const filtered = await ga({ profileType: 'mutational_signature_binary_SBS', studyViewFilter: hs });
    expect(gaPairs(filtered.body.filter((i: GaItem) => i.stableId === 'mutational_signature_binary_SBS1'))).toEqual([['mutational_signature_binary_SBS1', [['true', 47]]]]);
    expect((await ga({ profileType: 'generic_assay_binary', studyViewFilter: NOBODY })).body).toEqual([]);
  });

  it('patient-level profile types count patients, not samples', async () => {
    // awk: patient A0SB (2 samples) = 0.370266873, A0SD = 0.010373016; study_es_0 has 841 patients
    const { body } = await ga({ genericAssayDataFilters: [{ stableId: 'test_patient_generic_assay_1', profileType: 'generic_assay_patient_test' }], studyViewFilter: ES });
    expect(gaPairs(body)).toEqual([['test_patient_generic_assay_1', [['0.010373016', 1], ['0.370266873', 1], ['NA', 839]]]]);
  });

  it('rejects a request with neither filters nor profile type, or without a body, with 400', async () => {
    expect((await ga({ studyViewFilter: ES })).status).toBe(400);
    expect((await ga({ genericAssayDataFilters: [], profileType: '  ', studyViewFilter: ES })).status).toBe(400);
    expect((await ga({ profileType: 'generic_assay_binary', studyViewFilter: {} })).status).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/generic-assay-data-counts/fetch' })).statusCode).toBe(400);
  });
});
