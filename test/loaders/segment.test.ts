// SEG files of the shared studies (study_es_0 and its incremental directory, genepanel_test_study,
// ascn-test-study), loaded with the clinical sample file only; plus damaged copies.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy } from '../../loaders/load-study.js';
import { countRows, openReferenceStore } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';

let store: { db: Db; genes: GeneResolver };
const ES0 = ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_cna_hg19_seg.txt'];
const segmentsOf = (studyId: string, where = '') => countRows(store.db, 'copy_number_seg', studyId, where);
const load = (name: string, keepMetas: string[], edit?: Record<string, (t: string) => string>) =>
  loadStudy(store.db, store.genes, copyStudy(name, { keepMetas, edit }));

beforeAll(async () => {
  store = await openReferenceStore();
});

describe('segments of the shared studies', () => {
  it('loads study_es_0 and its SEG file record', async () => {
    await load('study_es_0', ES0);
    // awk 'NR>1' data_cna_hg19.seg | wc -l → 9 segments, all of TCGA-A2-A04P-01, start < end.
    expect(await segmentsOf('study_es_0')).toBe(9);
    const files = await store.db.all(sql`SELECT reference_genome_id, description, filename FROM copy_number_seg_file`);
    expect(files).toEqual([{
      reference_genome_id: 'hg19',
      description: 'Somatic CNA data (copy number ratio from tumor samples minus ratio from matched normals) from TCGA.',
      filename: 'data_cna_hg19.seg',
    }]);
    const first = await store.db.one(sql`SELECT chr, start_position, end_position, num_probes, segment_mean FROM copy_number_seg ORDER BY start_position LIMIT 1`);
    expect(first).toEqual({ chr: '1', start_position: 3218610, end_position: 95674710, num_probes: 53225, segment_mean: 0.0055 });
  });

  it('replaces the segments of the samples of an incremental file', async () => {
    await load('study_es_0_inc', ['meta_clinical_samples.txt', 'meta_cna_hg19_seg.txt']);
    // The inc file has 9 rows: TCGA-A2-A04P-01 3, TCGA-A1-A0SB-01 2, TCGA-A1-A0SB-03 2, TCGA-BH-NEW-01 2
    // (awk -F'\t' 'NR>1{print $1}' | sort | uniq -c); A04P's 9 old segments are all replaced.
    expect(await segmentsOf('study_es_0')).toBe(9);
    expect(await segmentsOf('study_es_0', `AND sample_key = (SELECT sample_key FROM sample WHERE sample_id = 'TCGA-A2-A04P-01')`)).toBe(3);
    expect(await countRows(store.db, 'copy_number_seg_file', 'study_es_0')).toBe(1);
  });

  it('loads genepanel_test_study and ascn-test-study (meta file ascn_test_study_meta_cna_hg19_seg.txt)', async () => {
    await load('genepanel_test_study', ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_cna_hg19_seg.txt']);
    // awk 'NR>1' data_cna_hg19.seg | wc -l → 5 (one segment for each of sample1..sample5).
    expect(await segmentsOf('teststudy_genepanels')).toBe(5);
    await load('ascn-test-study', ['meta_study.txt', 'meta_clinical_sample.txt', 'ascn_test_study_meta_cna_hg19_seg.txt']);
    // awk 'NR>1' ascn_test_study_data_cna_hg19.seg | wc -l → 239, all with start < end and in hg19 bounds.
    expect(await segmentsOf('ascn_test_study')).toBe(239);
    // chrom 23 is stored as written (awk '$2==23' → 10 rows).
    expect(await segmentsOf('ascn_test_study', `AND chr = '23'`)).toBe(10);
  });
});

describe('damaged SEG files', () => {
  const SEG = 'data_cna_hg19.seg';
  const setCell = (line: number, column: number, value: string) => (t: string) =>
    replaceLine(t, line, (l) => l.split('\t').map((c, i) => (i === column ? value : c)).join('\t'));

  it('skips start >= end, warns beyond the chromosome end and loads those segments', async () => {
    const summary = await load('study_es_0', ES0, {
      [SEG]: (t) => setCell(4, 2, '167057184')(setCell(3, 3, '95676511')(setCell(10, 3, '249250622')(t))),
    });
    expect(summary.rows.copy_number_seg).toBe(7); // 9 - line 3 (start = end) - line 4 (start > end)
    const warnings = summary.warnings.join('\n');
    expect(warnings).toMatch(/line 3\): zero-length segment/);
    expect(warnings).toMatch(/line 4\): loc\.start is greater than loc\.end/);
    expect(warnings).toMatch(/line 10\): loc\.end 249250622 is beyond the length of chromosome 1 in hg19/);
  });

  it('fails on a non-numeric num.mark, naming file, line and column', async () => {
    await expect(load('study_es_0', ES0, { [SEG]: setCell(5, 4, 'NA') })).rejects.toThrow(/data_cna_hg19\.seg:5 \(column num\.mark\): num\.mark 'NA' is not a number/);
  });

  it('fails on an unknown sample and on a chr-prefixed chromosome', async () => {
    await expect(load('study_es_0', ES0, { [SEG]: setCell(2, 0, 'NOT-A-SAMPLE') })).rejects.toThrow(/data_cna_hg19\.seg:2 \(column ID\): sample 'NOT-A-SAMPLE' is not defined/);
    await expect(load('study_es_0', ES0, { [SEG]: setCell(2, 1, 'chr1') })).rejects.toThrow(/data_cna_hg19\.seg:2 \(column chrom\)/);
  });
});
