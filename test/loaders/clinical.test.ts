// Clinical sample/patient files, case lists and the computed SAMPLE_COUNT, on study_es_0's own
// clinical files (the other data files are left out of the copy).
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../engine/sql/sql.js';
import { loadStudy } from '../../loaders/load-study.js';
import { countRows, openReferenceStore } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';
import type { Db } from '../../engine/sql/db.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';

let store: { db: Db; genes: GeneResolver };
const CLINICAL = ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_clinical_patients.txt'];

beforeAll(async () => {
  store = await openReferenceStore();
  await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: CLINICAL }));
});

describe('clinical files of study_es_0', () => {
  it('creates every sample and patient', async () => {
    // data_clinical_samples.txt: 846 lines without '#' = header + 845 samples, none a TCGA normal.
    expect(await countRows(store.db, 'sample', 'study_es_0')).toBe(845);
    // 841 distinct PATIENT_ID values in the sample file; the patient file adds no other patient.
    expect(await countRows(store.db, 'patient', 'study_es_0')).toBe(841);
  });

  it('stores non-NA values only', async () => {
    // SUBTYPE: 845 cells, of which 338 'NA' and 1 empty → 506 stored.
    expect(await countRows(store.db, 'clinical_sample', 'study_es_0')).toBe(506);
    // Patient file: awk over columns 2-5 counting cells other than '', 'NA', '[Not Available]' → 3117,
    // plus one computed SAMPLE_COUNT per patient (841).
    expect(await countRows(store.db, 'clinical_patient', 'study_es_0', "AND attr_id <> 'SAMPLE_COUNT'")).toBe(3117);
    expect(await countRows(store.db, 'clinical_patient', 'study_es_0', "AND attr_id = 'SAMPLE_COUNT'")).toBe(841);
  });

  it('defines the attributes with their header metadata', async () => {
    const attrs = await store.db.all(sql`SELECT attr_id, display_name, datatype, patient_attribute, priority FROM clinical_attribute_meta
      WHERE study_key = (SELECT study_key FROM cancer_study WHERE study_id = 'study_es_0') ORDER BY attr_id`);
    expect(attrs).toEqual([
      { attr_id: 'DFS_MONTHS', display_name: 'Disease Free (Months)', datatype: 'NUMBER', patient_attribute: true, priority: '1' },
      { attr_id: 'DFS_STATUS', display_name: 'Disease Free Status', datatype: 'STRING', patient_attribute: true, priority: '1' },
      { attr_id: 'OS_MONTHS', display_name: 'Overall Survival (Months)', datatype: 'NUMBER', patient_attribute: true, priority: '1' },
      { attr_id: 'OS_STATUS', display_name: 'Overall Survival Status', datatype: 'STRING', patient_attribute: true, priority: '1' },
      { attr_id: 'SAMPLE_COUNT', display_name: 'Number of Samples Per Patient', datatype: 'STRING', patient_attribute: true, priority: '1' },
      { attr_id: 'SUBTYPE', display_name: 'Subtype', datatype: 'STRING', patient_attribute: false, priority: '1' },
    ]);
  });

  it('counts samples per patient', async () => {
    // TCGA-A1-A0SB has samples -01 and -02 in the sample file (grep -c 'TCGA-A1-A0SB-0').
    const row = await store.db.one(sql`SELECT cp.attr_value FROM clinical_patient cp JOIN patient p USING (patient_key)
      WHERE p.patient_id = 'TCGA-A1-A0SB' AND cp.attr_id = 'SAMPLE_COUNT'`);
    expect(row).toEqual({ attr_value: '2' });
  });

  it('loads the case lists and the generated _all list', async () => {
    const lists = await store.db.all(sql`SELECT stable_id, category, (SELECT count(*)::INTEGER FROM sample_list_member m WHERE m.list_key = l.list_key) AS n
      FROM sample_list l WHERE study_key = (SELECT study_key FROM cancer_study WHERE study_id = 'study_es_0') ORDER BY stable_id`);
    // Sizes: the number of tab-separated ids on each case_list_ids line (all known samples);
    // _all = every sample (add_global_case_list: true).
    expect(lists.map((l) => l.stable_id)).toEqual([
      'study_es_0_all', 'study_es_0_cna', 'study_es_0_cnaseq', 'study_es_0_custom', 'study_es_0_sequenced', 'study_es_0_testprofiled',
    ]);
    expect(lists.find((l) => l.stable_id === 'study_es_0_all')).toMatchObject({ n: 845, category: 'all_cases_in_study' });
  });

  it('stores the study record with its tags', async () => {
    const study = await store.db.one(sql`SELECT type_of_cancer_id, groups, pmid, reference_genome, tags FROM cancer_study WHERE study_id = 'study_es_0'`);
    expect(study).toMatchObject({ type_of_cancer_id: 'brca-es0', groups: 'PUBLIC;GDAC;SU2C-PI3K', reference_genome: 'hg19' });
    expect(JSON.parse(String(study?.tags))).toBeTypeOf('object');
  });
});

describe('bad clinical input', () => {
  it('rejects a non-numeric value in a NUMBER column, naming file, line and column', async () => {
    // Line 7 of the patient file is the second patient; OS_MONTHS is its third column.
    const bad = copyStudy('study_es_0', {
      keepMetas: CLINICAL,
      edit: { 'data_clinical_patients.txt': (t) => replaceLine(t, 7, (l) => l.split('\t').map((c, i) => (i === 2 ? 'abc' : c)).join('\t')) },
    });
    await expect(loadStudy(store.db, store.genes, bad)).rejects.toThrow(/data_clinical_patients\.txt:7 \(column OS_MONTHS\): value 'abc' is not a number/);
  });

  it('rejects a header block with a missing line', async () => {
    const bad = copyStudy('study_es_0', { keepMetas: CLINICAL, edit: { 'data_clinical_samples.txt': (t) => replaceLine(t, 2, () => '') } });
    await expect(loadStudy(store.db, store.genes, bad)).rejects.toThrow(/data_clinical_samples\.txt:5: expected 4 header lines/);
  });
});

