// study_es_0_inc loaded on top of study_es_0 (study-format 24): new and existing samples, replaced
// patient attributes, case lists extended and pruned, per-sample replacement of the data.
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy, type LoadSummary } from '../../loaders/load-study.js';
import { countRows, loadTestStudy, openReferenceStore } from '../helpers/store.js';
import { copyStudy } from '../helpers/study-copy.js';

let db: Db;
let summary: LoadSummary;

beforeAll(async () => {
  const store = await openReferenceStore();
  db = store.db;
  await loadTestStudy(store, 'study_es_0');
  summary = await loadTestStudy(store, 'study_es_0_inc');
});

const listSize = async (stableId: string) =>
  (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM sample_list_member m JOIN sample_list l USING (list_key) WHERE l.stable_id = ${stableId}`))?.n;

describe('incremental load of study_es_0_inc', () => {
  it('is reported as incremental and adds two samples and one patient', async () => {
    expect(summary).toMatchObject({ studyId: 'study_es_0', incremental: true });
    // The inc sample file: TCGA-A1-A0SB-01 (existing), TCGA-A1-A0SB-03 and TCGA-BH-NEW-01 (new).
    expect(await countRows(db, 'sample', 'study_es_0')).toBe(847);
    expect(await countRows(db, 'patient', 'study_es_0')).toBe(842);
  });

  it('replaces the attributes of the patients it names', async () => {
    const values = await db.all(sql`SELECT attr_id, attr_value FROM clinical_patient JOIN patient USING (patient_key)
      WHERE patient_id = 'TCGA-BH-A18K' ORDER BY attr_id`);
    // Its row: OS 1:DECEASED / 96.74, DFS NA / [Not Available] (not stored); SAMPLE_COUNT recomputed.
    expect(values).toEqual([
      { attr_id: 'OS_MONTHS', attr_value: '96.74' },
      { attr_id: 'OS_STATUS', attr_value: '1:DECEASED' },
      { attr_id: 'SAMPLE_COUNT', attr_value: '1' },
    ]);
  });

  it('extends _all and the named list, and removes the file\'s samples from the other lists', async () => {
    // Base sizes: ids on each case_list_ids line (sequenced 31, cna 788, cnaseq 788, custom 778).
    expect(await listSize('study_es_0_all')).toBe(847);
    expect(await listSize('study_es_0_sequenced')).toBe(33); // + TCGA-A1-A0SB-03, TCGA-BH-NEW-01
    expect(await listSize('study_es_0_cna')).toBe(787); // − TCGA-A1-A0SB-01
    expect(await listSize('study_es_0_cnaseq')).toBe(787);
    expect(await listSize('study_es_0_custom')).toBe(777);
  });

  it('replaces the mutations of the samples in its MAF', async () => {
    // 34 base rows − 13 of TCGA-A1-A0SB-01 and TCGA-A1-A0SK-01 + 17 of the 18 inc rows (one Silent).
    expect(await countRows(db, 'mutation', 'study_es_0')).toBe(38);
    // 48 base SVs − 2 of TCGA-A1-A0SB-01 + 9 inc rows.
    expect(await countRows(db, 'structural_variant', 'study_es_0')).toBe(55);
  });

  it('fails, changing nothing, when a meta type cannot be loaded incrementally', async () => {
    const before = await countRows(db, 'sample', 'study_es_0');
    const dir = copyStudy('study_es_0_inc');
    writeFileSync(`${dir}/meta_gistic_extra.txt`, 'cancer_study_identifier: study_es_0\ngenetic_alteration_type: GISTIC_GENES_AMP\ndatatype: Q-VALUE\nreference_genome_id: hg19\ndata_filename: x.txt\n');
    await expect(loadStudy(db, await GeneResolver.load(db), dir)).rejects.toThrow(/meta_gistic_extra\.txt: gistic files cannot be loaded incrementally/);
    expect(await countRows(db, 'sample', 'study_es_0')).toBe(before);
  });
});
