// Timeline files: lgg_ucsf_2014_test_generic_assay's four files, study_es_0_inc's incremental file
// (which replaces a patient's whole timeline) and bad dates. Only clinical and timeline metas are kept.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy } from '../../loaders/load-study.js';
import { countRows, openReferenceStore } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';

let store: { db: Db; genes: GeneResolver };
const LGG = 'lgg_ucsf_2014_test_generic_assay';
const LGG_METAS = ['meta_study.txt', 'meta_clinical_sample.txt', 'meta_clinical_patient.txt',
  'meta_timeline_specimen.txt', 'meta_timeline_status.txt', 'meta_timeline_surgery.txt', 'meta_timeline_treatment.txt'];
const ES0_CLINICAL = ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_clinical_patients.txt'];

const eventsOf = (patientId: string) =>
  store.db.all(sql`SELECT e.event_type, e.start_date, e.stop_date,
      (SELECT list(d.key || '=' || d.value ORDER BY d.key) FROM clinical_event_data d WHERE d.event_key = e.event_key) AS attributes
    FROM clinical_event e JOIN patient p USING (patient_key) WHERE p.patient_id = ${patientId} ORDER BY e.start_date, e.event_type`);

beforeAll(async () => {
  store = await openReferenceStore();
  await loadStudy(store.db, store.genes, copyStudy(LGG, { keepMetas: LGG_METAS }));
  await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: ES0_CLINICAL }));
});

describe('lgg_ucsf_2014_test_generic_assay timelines', () => {
  it('stores one event per row of the four files', async () => {
    // awk data rows: specimen 60, status 30, surgery 54, treatment 20 (every PATIENT_ID is a study patient).
    expect(await countRows(store.db, 'clinical_event', LGG)).toBe(60 + 30 + 54 + 20);
    // awk non-empty cells after EVENT_TYPE: specimen 120, status 30, surgery 54, treatment 51.
    expect(await countRows(store.db, 'clinical_event_data', LGG)).toBe(120 + 30 + 54 + 51);
    // awk: 20 rows have a STOP_DATE (all of them treatments).
    expect(await countRows(store.db, 'clinical_event', LGG, 'AND stop_date IS NOT NULL')).toBe(20);
  });

  it('keeps attributes by column name and leaves empty cells out', async () => {
    // data_timeline_treatment.txt lines 2-3: P01 611-977 (SUBTYPE Chemotherapy), 977-1007 (SUBTYPE empty).
    const treatments = (await eventsOf('P01')).filter((e) => e.event_type === 'TREATMENT').slice(0, 2);
    expect(treatments).toEqual([
      { event_type: 'TREATMENT', start_date: 611, stop_date: 977, attributes: ['AGENT=TMZ', 'SUBTYPE=Chemotherapy', 'TREATMENT_TYPE=Medical Therapy'] },
      { event_type: 'TREATMENT', start_date: 977, stop_date: 1007, attributes: ['AGENT=TMZ + accutane', 'TREATMENT_TYPE=Medical Therapy'] },
    ]);
  });
});

describe('incremental timeline (study_es_0_inc)', () => {
  beforeAll(async () => {
    // study_es_0 has no timeline; give TCGA-BH-A18K an event first so that its replacement shows.
    const withTimeline = copyStudy('study_es_0', { keepMetas: ES0_CLINICAL });
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    writeFileSync(join(withTimeline, 'meta_timeline.txt'), 'cancer_study_identifier: study_es_0\ngenetic_alteration_type: CLINICAL\ndatatype: TIMELINE\ndata_filename: data_timeline.txt\n');
    writeFileSync(join(withTimeline, 'data_timeline.txt'), 'PATIENT_ID\tSTART_DATE\tEVENT_TYPE\nTCGA-BH-A18K\t-5\tLAB_TEST\nTCGA-A1-A0SB\t7\tLAB_TEST\nNOT-A-PATIENT\t1\tLAB_TEST\n');
    await loadStudy(store.db, store.genes, withTimeline);
    const inc = copyStudy('study_es_0_inc', { keepMetas: ['meta_clinical_samples.txt', 'meta_clinical_patients.txt', 'meta_timeline.txt'] });
    await loadStudy(store.db, store.genes, inc);
  });

  it('replaces the whole timeline of each patient in the file', async () => {
    // data_timeline.txt of study_es_0_inc: 2 events of TCGA-BH-A18K, 1 of the new TCGA-BH-NEW;
    // TCGA-A1-A0SB is not in the file and keeps its event.
    expect(await eventsOf('TCGA-BH-A18K')).toEqual([
      { event_type: 'STATUS', start_date: 10, stop_date: 20, attributes: ['SOURCE=test_source_4'] },
      { event_type: 'SPECIMEN', start_date: 20, stop_date: 60, attributes: ['SOURCE=test_source_3', 'SPECIMEN_SITE=test_specimen_site_1', 'SPECIMEN_TYPE=test_specimen_type'] },
    ]);
    expect(await eventsOf('TCGA-BH-NEW')).toEqual([{ event_type: 'STATUS', start_date: 100, stop_date: 200, attributes: ['SOURCE=test_source_1'] }]);
    expect(await eventsOf('TCGA-A1-A0SB')).toEqual([{ event_type: 'LAB_TEST', start_date: 7, stop_date: null, attributes: null }]);
    expect(await countRows(store.db, 'clinical_event', 'study_es_0')).toBe(4);
  });
});

describe('bad timeline input', () => {
  it('rejects a START_DATE that is not an integer, naming the line', async () => {
    // Line 3 of data_timeline_status.txt is P01 1041.
    const dir = copyStudy(LGG, {
      keepMetas: LGG_METAS,
      edit: { 'data_timeline_status.txt': (t) => replaceLine(t, 3, (l) => l.replace('\t1041\t', '\t1041.5\t')) },
    });
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/data_timeline_status\.txt:3 \(column START_DATE\): START_DATE '1041\.5' is not an integer/);
  });

  it('rejects a header out of order', async () => {
    const dir = copyStudy(LGG, {
      keepMetas: LGG_METAS,
      edit: { 'data_timeline_surgery.txt': (t) => replaceLine(t, 1, () => 'PATIENT_ID\tSTOP_DATE\tSTART_DATE\tEVENT_TYPE\tEVENT_TYPE_DETAILED') },
    });
    await expect(loadStudy(store.db, store.genes, dir)).rejects.toThrow(/data_timeline_surgery\.txt:1: the header must start with PATIENT_ID, START_DATE/);
  });
});
