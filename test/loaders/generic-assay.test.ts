// Generic assay profiles of the shared studies: entities, properties, cells, patient-level copies,
// profiled samples and incremental column replacement. Only the clinical and generic assay meta
// files are kept in the copies, so the counts below are this loader's alone.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { raw, sql } from '../../engine/sql/sql.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy } from '../../loaders/load-study.js';
import { countRows, openReferenceStore } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';

let store: { db: Db; genes: GeneResolver };
const ES0_CLINICAL = ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_clinical_patients.txt'];
const ES0_ASSAYS = [
  'meta_treatment_ic50.txt', 'meta_treatment_ec50.txt', 'meta_mutational_signature.txt',
  'meta_generic_assay_binary.txt', 'meta_generic_assay_categorical.txt', 'meta_generic_assay_patient_test.txt',
];
const LGG_CLINICAL = ['meta_study.txt', 'meta_clinical_sample.txt', 'meta_clinical_patient.txt'];
const LGG_ASSAYS = [
  'meta_HLA.txt', 'meta_armlevel_CNA.txt', 'meta_mutational_signature_binary_SBS.txt',
  ...['category_DBS', 'category_SBS', 'contribution_DBS', 'contribution_ID', 'contribution_SBS', 'counts_DBS', 'counts_ID', 'counts_SBS', 'pvalue_DBS', 'pvalue_ID', 'pvalue_SBS']
    .map((s) => `meta_mutational_signature_${s}.txt`),
];

const profileCells = async (stableId: string, where = '') =>
  (await store.db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM generic_assay_value v JOIN molecular_profile p USING (profile_key)
    WHERE p.stable_id = ${stableId} ${raw(where)}`))?.n;
const cell = async (profile: string, entity: string, sample: string) =>
  (await store.db.one<{ value: string }>(sql`SELECT v.value FROM generic_assay_value v JOIN molecular_profile p USING (profile_key)
    JOIN generic_entity e USING (entity_key) JOIN sample s USING (sample_key)
    WHERE p.stable_id = ${profile} AND e.stable_id = ${entity} AND s.sample_id = ${sample}`))?.value;

beforeAll(async () => {
  store = await openReferenceStore();
  await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: [...ES0_CLINICAL, ...ES0_ASSAYS] }));
  await loadStudy(store.db, store.genes, copyStudy('lgg_ucsf_2014_test_generic_assay', { keepMetas: [...LGG_CLINICAL, ...LGG_ASSAYS] }));
});

describe('study_es_0 generic assays', () => {
  it('stores every cell of the six files', async () => {
    // awk rows × sample columns: ic50 10×8, ec50 10×8, mutational signature 60×8 (CRLF file),
    // binary 2×2, categorical 2×2, patient-level 2 entities × 3 samples (TCGA-A1-A0SB-01/-02, TCGA-A1-A0SD-01).
    expect(await countRows(store.db, 'generic_assay_value', 'study_es_0')).toBe(80 + 80 + 480 + 4 + 4 + 6);
    expect(await profileCells('study_es_0_mutational_signature')).toBe(480);
    expect(await profileCells('study_es_0_generic_assay_patient_test')).toBe(6);
  });

  it('keeps values as text: >8, NA, and no CR from the CRLF file', async () => {
    // awk over data_treatment_ic50.txt: 40 cells are exactly '>8'.
    expect(await profileCells('study_es_0_treatment_ic50', "AND v.value = '>8'")).toBe(40);
    expect(await cell('study_es_0_treatment_ic50', 'Irinotecan', 'TCGA-A1-A0SB-01')).toBe('NA');
    // Last column of the first data line of data_mutational_signature.txt (ends with \r\n).
    expect(await cell('study_es_0_mutational_signature', 'mean_1', 'TCGA-BH-A18P-01')).toBe('0.104214723');
    expect(await cell('study_es_0_generic_assay_binary', 'test_patient_generic_assay_6', 'TCGA-A1-A0SB-01')).toBe('true');
  });

  it('copies a patient-level value to each sample of the patient', async () => {
    // data_generic_assay_patient_test.txt: TCGA-A1-A0SB = 0.370266873 for entity 1.
    expect(await cell('study_es_0_generic_assay_patient_test', 'test_patient_generic_assay_1', 'TCGA-A1-A0SB-01')).toBe('0.370266873');
    expect(await cell('study_es_0_generic_assay_patient_test', 'test_patient_generic_assay_1', 'TCGA-A1-A0SB-02')).toBe('0.370266873');
  });

  it('creates global entities once, with the declared properties', async () => {
    // Distinct ENTITY_STABLE_IDs over the six files: 10 drugs (same in ic50/ec50) + 60 signatures + 6 test entities.
    const row = await store.db.one(sql`SELECT count(DISTINCT entity_key)::INTEGER AS entities,
      (SELECT count(*)::INTEGER FROM generic_entity_property WHERE entity_key IN (SELECT entity_key FROM generic_assay_value WHERE study_key = v.study_key)) AS properties
      FROM generic_assay_value v WHERE study_key = (SELECT study_key FROM cancer_study WHERE study_id = 'study_es_0') GROUP BY study_key`);
    // Properties: 10 drugs × NAME,DESCRIPTION,URL + 60 signatures × 3 + 6 test entities × name,description.
    expect(row).toEqual({ entities: 76, properties: 30 + 180 + 12 });
    const props = await store.db.all(sql`SELECT p.name, p.value FROM generic_entity_property p JOIN generic_entity e USING (entity_key)
      WHERE e.stable_id = 'mean_1' ORDER BY p.name`);
    // Property names as declared in the meta file (name,description,confidenceStatement).
    expect(props).toEqual([
      { name: 'confidenceStatement', value: 'Signature 1, the aging signature, is detected in this case.' },
      { name: 'description', value: 'mean_1' },
      { name: 'name', value: 'mean_1' },
    ]);
  });

  it('records the profile attributes and the profiled samples', async () => {
    const profile = await store.db.one(sql`SELECT generic_assay_type, pivot_threshold, sort_order, patient_level FROM molecular_profile WHERE stable_id = 'study_es_0_treatment_ic50'`);
    expect(profile).toEqual({ generic_assay_type: 'TREATMENT_RESPONSE', pivot_threshold: 0.1, sort_order: 'ASC', patient_level: false });
    const profiled = await store.db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM sample_profile sp JOIN molecular_profile p USING (profile_key)
      WHERE p.stable_id = 'study_es_0_generic_assay_patient_test'`);
    expect(profiled?.n).toBe(3);
  });
});

describe('lgg_ucsf_2014_test_generic_assay generic assays', () => {
  it('loads the 14 profiles', async () => {
    expect(await countRows(store.db, 'molecular_profile', 'lgg_ucsf_2014_test_generic_assay')).toBe(14);
    // Sample-level: 469 entity rows over 13 files × 61 sample columns; HLA: 8 rows × 23 patients = 61 samples.
    expect(await countRows(store.db, 'generic_assay_value', 'lgg_ucsf_2014_test_generic_assay')).toBe(469 * 61 + 8 * 61);
    expect(await profileCells('lgg_ucsf_2014_test_generic_assay_hla')).toBe(488);
  });

  it('creates 437 entities with 750 properties', async () => {
    // awk in load order (meta file names sorted): first occurrence of each ENTITY_STABLE_ID, counting
    // the declared properties of that file (all are columns).
    // No ENTITY_STABLE_ID is shared with study_es_0 (comm over the sorted id lists), so all are new.
    const row = await store.db.one(sql`SELECT (SELECT count(*)::INTEGER FROM generic_entity) AS entities,
      (SELECT count(*)::INTEGER FROM generic_entity_property) AS properties`);
    expect(row).toEqual({ entities: 76 + 437, properties: 222 + 750 });
  });

  it('copies HLA alleles to both samples of a patient (CRLF file)', async () => {
    // data_HLA.txt, HLA-A of P01; P01 has samples P01_Pri and P01_Rec.
    expect(await cell('lgg_ucsf_2014_test_generic_assay_hla', 'HLA-A', 'P01_Pri')).toBe('A0201/A3101');
    expect(await cell('lgg_ucsf_2014_test_generic_assay_hla', 'HLA-A', 'P01_Rec')).toBe('A0201/A3101');
  });
});

describe('incremental IC50 (study_es_0_inc)', () => {
  beforeAll(async () => {
    const inc = copyStudy('study_es_0_inc', { keepMetas: ['meta_clinical_samples.txt', 'meta_clinical_patients.txt', 'meta_treatment_ic50.txt'] });
    await loadStudy(store.db, store.genes, inc);
  });

  it('replaces the file samples\' columns and appends the new samples', async () => {
    // 10 entities × (8 old + TCGA-A1-A0SB-03 + TCGA-BH-NEW-01) samples.
    expect(await profileCells('study_es_0_treatment_ic50')).toBe(100);
    expect(await cell('study_es_0_treatment_ic50', '17-AAG', 'TCGA-A1-A0SB-01')).toBe('0.315');
    expect(await cell('study_es_0_treatment_ic50', 'AEW541', 'TCGA-A1-A0SB-03')).toBe('2.353');
    expect(await cell('study_es_0_treatment_ic50', 'AZD0530', 'TCGA-BH-NEW-01')).toBe('4.597949505');
    // Lapatinib is not in the incremental file: blank for its samples, untouched elsewhere.
    expect(await cell('study_es_0_treatment_ic50', 'Lapatinib', 'TCGA-A1-A0SB-01')).toBe('');
    expect(await cell('study_es_0_treatment_ic50', 'Lapatinib', 'TCGA-BH-NEW-01')).toBe('');
    expect(await cell('study_es_0_treatment_ic50', 'Lapatinib', 'TCGA-A1-A0SD-01')).toBe('7.847305298');
    // The other profiles of the study are untouched.
    expect(await profileCells('study_es_0_treatment_ec50')).toBe(80);
  });
});

describe('bad generic assay input', () => {
  it('requires pivot_threshold_value for TREATMENT_RESPONSE', async () => {
    const dir = copyStudy('study_es_0', {
      keepMetas: [...ES0_CLINICAL, 'meta_treatment_ic50.txt'],
      edit: { 'meta_treatment_ic50.txt': (t) => t.replace(/pivot_threshold_value:.*\n/, '') },
    });
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/meta_treatment_ic50\.txt: TREATMENT_RESPONSE profiles need the key 'pivot_threshold_value'/);
  });

  it('aborts on an unknown patient column', async () => {
    const dir = copyStudy('study_es_0', {
      keepMetas: [...ES0_CLINICAL, 'meta_generic_assay_patient_test.txt'],
      edit: { 'data_generic_assay_patient_test.txt': (t) => replaceLine(t, 1, (l) => l.replace('TCGA-A1-A0SD', 'NO-SUCH-PATIENT')) },
    });
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/data_generic_assay_patient_test\.txt:1 \(column NO-SUCH-PATIENT\): patient 'NO-SUCH-PATIENT' is not a patient/);
  });

  it('aborts on an unknown sample column', async () => {
    const dir = copyStudy('study_es_0', {
      keepMetas: [...ES0_CLINICAL, 'meta_generic_assay_binary.txt'],
      edit: { 'data_generic_assay_binary.txt': (t) => replaceLine(t, 1, (l) => l.replace('TCGA-A1-A0SD-01', 'XYZ-1')) },
    });
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/data_generic_assay_binary\.txt:1 \(column XYZ-1\): sample 'XYZ-1' is not defined/);
  });

  it('refuses a patient-level file in an incremental load', async () => {
    const dir = copyStudy('study_es_0_inc', { keepMetas: ['meta_clinical_samples.txt'] });
    const { copyFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const es0 = copyStudy('study_es_0');
    for (const f of ['meta_generic_assay_patient_test.txt', 'data_generic_assay_patient_test.txt']) copyFileSync(join(es0, f), join(dir, f));
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/cannot be loaded incrementally/);
  });
});
