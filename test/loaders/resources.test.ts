// Resources of study_es_0 (all four kinds); only the clinical and resource metas are kept.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy } from '../../loaders/load-study.js';
import { countRows, openReferenceStore } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';

let store: { db: Db; genes: GeneResolver };
const METAS = ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_clinical_patients.txt',
  'meta_resource_definition.txt', 'meta_resource_sample.txt', 'meta_resource_patient.txt', 'meta_resource_study.txt'];

beforeAll(async () => {
  store = await openReferenceStore();
  await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: METAS }));
});

describe('study_es_0 resources', () => {
  it('stores the three definitions', async () => {
    // data_resource_definition.txt: 3 data lines.
    const rows = await store.db.all(sql`SELECT resource_id, display_name, description, resource_type, open_by_default, priority, custom_metadata
      FROM resource_definition ORDER BY priority`);
    expect(rows).toEqual([
      { resource_id: 'PATHOLOGY_SLIDE', display_name: 'Pathology Slide', description: 'The pathology slide for the sample', resource_type: 'SAMPLE', open_by_default: true, priority: 1, custom_metadata: null },
      { resource_id: 'PATIENT_NOTES', display_name: 'Patient Notes', description: 'Notes about the patient', resource_type: 'PATIENT', open_by_default: false, priority: 2, custom_metadata: null },
      { resource_id: 'STUDY_SPONSORS', display_name: 'Study Sponsors', description: 'Sponsors of this study', resource_type: 'STUDY', open_by_default: true, priority: 3, custom_metadata: null },
    ]);
  });

  it('stores sample, patient and study resources', async () => {
    // Data lines: sample file 3, patient file 3, study file 1 (all samples/patients exist).
    expect(await countRows(store.db, 'resource_data', 'study_es_0')).toBe(7);
    const rows = await store.db.all(sql`SELECT d.resource_type, s.sample_id, p.patient_id, d.resource_id, d.url FROM resource_data d
      LEFT JOIN sample s USING (sample_key) LEFT JOIN patient p ON p.patient_key = d.patient_key
      WHERE d.url LIKE '%1' OR d.resource_type = 'STUDY' ORDER BY d.resource_type`);
    expect(rows).toEqual([
      { resource_type: 'PATIENT', sample_id: null, patient_id: 'TCGA-A2-A04P', resource_id: 'PATIENT_NOTES', url: 'http://url-to-patient-notes-patient1' },
      { resource_type: 'SAMPLE', sample_id: 'TCGA-A2-A04P-01', patient_id: 'TCGA-A2-A04P', resource_id: 'PATHOLOGY_SLIDE', url: 'http://url-to-slide-sample1' },
      { resource_type: 'STUDY', sample_id: null, patient_id: null, resource_id: 'STUDY_SPONSORS', url: 'http://url-to-study-sponsors' },
    ]);
  });
});

describe('bad resource input', () => {
  it('aborts on a resource id without a definition of that type', async () => {
    // Line 2 of data_resource_patient.txt names PATIENT_NOTES; PATHOLOGY_SLIDE is a SAMPLE resource.
    const dir = copyStudy('study_es_0', {
      keepMetas: METAS,
      edit: { 'data_resource_patient.txt': (t) => replaceLine(t, 2, (l) => l.replace('PATIENT_NOTES', 'PATHOLOGY_SLIDE')) },
    });
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/data_resource_patient\.txt:2 \(column RESOURCE_ID\): resource PATHOLOGY_SLIDE has no PATIENT definition/);
  });

  it('aborts on a duplicated row', async () => {
    const dir = copyStudy('study_es_0', { keepMetas: METAS, edit: { 'data_resource_study.txt': (t) => `${t}\nSTUDY_SPONSORS\thttp://url-to-study-sponsors\n` } });
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/data_resource_study\.txt:3: duplicated study resource STUDY_SPONSORS/);
  });

  it('aborts on a bad RESOURCE_TYPE', async () => {
    const dir = copyStudy('study_es_0', { keepMetas: METAS, edit: { 'data_resource_definition.txt': (t) => t.replace('\tSTUDY\t', '\tstudy\t') } });
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/data_resource_definition\.txt:4 \(column RESOURCE_TYPE\): RESOURCE_TYPE must be SAMPLE, PATIENT or STUDY, found 'study'/);
  });
});
