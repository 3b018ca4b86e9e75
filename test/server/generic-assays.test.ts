// Generic assay meta and data (api.md 20) over study_es_0 (treatment IC50/EC50, a patient-level
// profile) and lgg_ucsf_2014_test_generic_assay (mutational signatures).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await openTestApp(['study_es_0', 'lgg_ucsf_2014_test_generic_assay']);
});
afterAll(() => app.close());

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
const ids = (items: { stableId: string }[]) => items.map((i) => i.stableId);
const SBS = 'lgg_ucsf_2014_test_generic_assay_mutational_signature_binary_SBS';

describe('generic assay meta', () => {
  it('answers a profile\'s entities with their properties, ordered by leading number then id', async () => {
    const res = (await post('/api/generic-assay-meta/fetch', { molecularProfileIds: [SBS] })).json();
    // data_mutational_signature_binary_SBS.txt: 30 entity rows (awk 'END{print NR-1}').
    expect(res).toHaveLength(30);
    // Its first data row; the store's entity type is MUTATIONAL_SIGNATURE_TEST, the wire says GENERIC_ASSAY.
    expect(res[0]).toEqual({
      stableId: 'mutational_signature_binary_SBS1', entityType: 'GENERIC_ASSAY',
      genericEntityMetaProperties: { NAME: 'SBS1 (Age)', DESCRIPTION: 'Number of mutations corellated with age', URL: 'https://cancer.sanger.ac.uk/cosmic/signatures/SBS/SBS1.tt' },
    });
    // No id starts with a digit: plain id order (cut -f1 | sort).
    expect(ids(res).slice(0, 4)).toEqual(['mutational_signature_binary_SBS1', 'mutational_signature_binary_SBS10a', 'mutational_signature_binary_SBS10b', 'mutational_signature_binary_SBS11']);
    expect((await app.inject(`/api/generic-assay-meta/${SBS}`)).json()).toEqual(res);
    // The classic underscore path answers the same.
    expect((await post('/api/generic_assay_meta/fetch', { molecularProfileIds: [SBS] })).json()).toEqual(res);
  });

  it('intersects profiles and stable ids, searches, pages with total-count', async () => {
    const both = (await post('/api/generic-assay-meta/fetch', { molecularProfileIds: ['study_es_0_treatment_ic50'], genericAssayStableIds: ['AEW541', '17-AAG', 'mutational_signature_binary_SBS1'] })).json();
    // The leading digits of 17-AAG sort it after the ids without any (0).
    expect(ids(both)).toEqual(['AEW541', '17-AAG']);
    // searchTerm matches NAME too ("Name of AEW541" in data_treatment_ic50.txt); ID projection only the id.
    const byName = (await post('/api/generic-assay-meta/fetch?searchTerm=%20name%20of%20aew', { molecularProfileIds: ['study_es_0_treatment_ic50'] })).json();
    expect(ids(byName)).toEqual(['AEW541']);
    expect((await post('/api/generic-assay-meta/fetch?searchTerm=name%20of&projection=ID', { molecularProfileIds: ['study_es_0_treatment_ic50'] })).json()).toEqual([]);
    // "sbs1" is in SBS1, SBS10a, SBS10b, SBS11 … SBS19 (13 ids, grep -ci 'SBS1' on column 1).
    const page = await post(`/api/generic-assay-meta/fetch?projection=ID&searchTerm=SBS1&pageSize=3&pageNumber=1`, { molecularProfileIds: [SBS] });
    expect(page.headers['total-count']).toBe('13');
    expect(page.json()).toEqual([{ stableId: 'mutational_signature_binary_SBS11' }, { stableId: 'mutational_signature_binary_SBS12' }, { stableId: 'mutational_signature_binary_SBS13' }]);
    expect((await post('/api/generic-assay-meta/fetch?pageSize=3', { molecularProfileIds: [SBS] })).json()).toEqual({ message: 'pageSize and pageNumber must both be supplied together' });
    expect((await post('/api/generic-assay-meta/fetch', {})).json()).toEqual([]);
    expect((await post('/api/generic-assay-meta/fetch', { molecularProfileIds: [] })).statusCode).toBe(400);
    expect((await post('/api/generic-assay-meta/fetch', { molecularProfileIds: ['nope'] })).json()).toEqual([]);
  });

  it('answers one entity by stable id, or []', async () => {
    const res = (await app.inject('/api/generic-assay-meta/generic-assay/AEW541?projection=ID')).json();
    expect(res).toEqual([{ stableId: 'AEW541' }]);
    expect((await app.inject('/api/generic-assay-meta/generic-assay/nope')).json()).toEqual([]);
  });
});

describe('generic assay data', () => {
  it('GET: every profiled sample in import order, values normalised, limit values kept', async () => {
    const res = (await app.inject('/api/generic-assay-data/study_es_0_treatment_ic50/generic-assay/AEW541')).json();
    // Row AEW541 of data_treatment_ic50.txt, samples in data_clinical_samples.txt order.
    expect(res.map((d: { sampleId: string; value: string }) => [d.sampleId, d.value])).toEqual([
      ['TCGA-A2-A04U-01', '1.7362'], ['TCGA-BH-A18P-01', '7.6131'], ['TCGA-B6-A0RS-01', '4.2608'], ['TCGA-BH-A0HP-01', '>8'],
      ['TCGA-A1-A0SE-01', '2.6821'], ['TCGA-A1-A0SD-01', '2.3299'], ['TCGA-A1-A0SH-01', '5.0023'], ['TCGA-A1-A0SB-01', '>8'],
    ]);
    expect(res[0]).toEqual({
      uniqueSampleKey: 'VENHQS1BMi1BMDRVLTAxOnN0dWR5X2VzXzA', uniquePatientKey: 'VENHQS1BMi1BMDRVOnN0dWR5X2VzXzA',
      molecularProfileId: 'study_es_0_treatment_ic50', sampleId: 'TCGA-A2-A04U-01', patientId: 'TCGA-A2-A04U', studyId: 'study_es_0',
      genericAssayStableId: 'AEW541', stableId: 'AEW541', value: '1.7362', patientLevel: false,
    });
    const meta = await app.inject('/api/generic-assay-data/study_es_0_treatment_ic50/generic-assay/AEW541?projection=META');
    expect(meta.headers['total-count']).toBe('8');
    expect((await app.inject('/api/generic-assay-data/study_es_0_mrna/generic-assay/AEW541')).json()).toEqual({ message: 'Molecular profile not found: study_es_0_mrna' });
  });

  it('POST in a profile: by sample ids (sampleId order) or sample list, at both spellings', async () => {
    const body = { sampleIds: ['TCGA-A1-A0SD-01', 'TCGA-A1-A0SB-01', 'nope'], genericAssayStableIds: ['17-AAG'] };
    const res = (await post('/api/generic_assay_data/study_es_0_treatment_ic50/fetch', body)).json();
    // 17-AAG: 0.22807844 (A0SB), 0.329701692 (A0SD)
    expect(res.map((d: { sampleId: string; value: string }) => [d.sampleId, d.value])).toEqual([['TCGA-A1-A0SB-01', '0.2281'], ['TCGA-A1-A0SD-01', '0.3297']]);
    expect((await post('/api/generic-assay-data/study_es_0_treatment_ic50/fetch', body)).json()).toEqual(res);
    expect((await post('/api/generic_assay_data/study_es_0_treatment_ic50/fetch', { sampleListId: 'nope' })).json()).toEqual([]);
    const viaList = (await post('/api/generic_assay_data/study_es_0_treatment_ic50/fetch?projection=META', { sampleListId: 'study_es_0_all' }));
    // All 76 non-empty, non-NA cells of data_treatment_ic50.txt (awk over columns 5-12).
    expect(viaList.headers['total-count']).toBe('76');
    expect((await post('/api/generic_assay_data/study_es_0_treatment_ic50/fetch', { sampleListId: 'x', sampleIds: ['y'] })).json())
      .toEqual({ message: 'eitherSampleListIdOrSampleIdsPresent must be true' });
    expect((await post('/api/generic_assay_data/study_es_0_treatment_ic50/fetch', {})).statusCode).toBe(400);
    expect((await post('/api/generic_assay_data/study_es_0_treatment_ic50/fetch', { sampleIds: [] })).json()).toEqual({ message: 'sampleIds size must be between 1 and 10000000' });
  });

  it('patient-level profiles answer each sample of the patient, patientLevel true', async () => {
    const res = (await app.inject('/api/generic-assay-data/study_es_0_generic_assay_patient_test/generic-assay/test_patient_generic_assay_1')).json();
    // data_generic_assay_patient_test.txt: A0SB 0.370266873, A0SD 0.010373016; A0SB has samples -01 and -02.
    expect(res.map((d: { sampleId: string; value: string; patientLevel: boolean }) => [d.sampleId, d.value, d.patientLevel])).toEqual([
      ['TCGA-A1-A0SD-01', '0.0104', true], ['TCGA-A1-A0SB-01', '0.3703', true], ['TCGA-A1-A0SB-02', '0.3703', true],
    ]);
  });

  it('multi-profile fetch: by profiles, or (profile, sample) pairs with the cross-profile quirk', async () => {
    const byProfiles = await post('/api/generic_assay_data/fetch?projection=META', { molecularProfileIds: ['study_es_0_treatment_ic50', 'nope'] });
    expect(byProfiles.headers['total-count']).toBe('76');
    const pairs = (await post('/api/generic_assay_data/fetch', {
      sampleMolecularIdentifiers: [
        { molecularProfileId: 'study_es_0_treatment_ic50', sampleId: 'TCGA-A1-A0SD-01' },
        { molecularProfileId: 'study_es_0_treatment_ec50', sampleId: 'TCGA-A1-A0SB-01' },
      ],
      genericAssayStableIds: ['17-AAG'],
    })).json();
    // Each sample in both listed profiles; data_treatment_ec50.txt has the same 17-AAG values.
    expect(pairs.map((d: { sampleId: string; molecularProfileId: string; value: string }) => [d.sampleId, d.molecularProfileId, d.value])).toEqual([
      ['TCGA-A1-A0SB-01', 'study_es_0_treatment_ec50', '0.2281'], ['TCGA-A1-A0SB-01', 'study_es_0_treatment_ic50', '0.2281'],
      ['TCGA-A1-A0SD-01', 'study_es_0_treatment_ec50', '0.3297'], ['TCGA-A1-A0SD-01', 'study_es_0_treatment_ic50', '0.3297'],
    ]);
    expect((await post('/api/generic-assay-data/fetch', { molecularProfileIds: ['study_es_0_treatment_ic50'], genericAssayStableIds: ['17-AAG'] })).json()).toHaveLength(8);
    const both = await post('/api/generic_assay_data/fetch', { molecularProfileIds: ['a'], sampleMolecularIdentifiers: [{ molecularProfileId: 'a', sampleId: 'b' }] });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: 'eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent must be true' });
    expect((await post('/api/generic_assay_data/fetch', {})).statusCode).toBe(400);
    expect((await post('/api/generic_assay_data/fetch', { molecularProfileIds: ['a'], extra: 1 })).statusCode).toBe(400);
  });
});
