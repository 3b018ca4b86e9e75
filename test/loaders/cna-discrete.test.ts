// Wide discrete CNA files: genepanel_test_study and ascn-test-study, and study_es_0_inc's file
// (with its pd annotations) loaded incrementally over study_es_0's long-format `gistic` profile.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy, type LoadSummary } from '../../loaders/load-study.js';
import { countRows, loadTestStudy, openReferenceStore } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';

let store: { db: Db; genes: GeneResolver };

beforeAll(async () => {
  store = await openReferenceStore();
});

const inProfile = (stableId: string) => `AND profile_key = (SELECT profile_key FROM molecular_profile WHERE stable_id = '${stableId}')`;

async function events(studyId: string): Promise<string[]> {
  const rows = await store.db.all<{ symbol: string; sample_id: string; alteration: number; driver: string | null; tiers: string | null }>(sql`
    SELECT g.hugo_gene_symbol AS symbol, s.sample_id, e.alteration, e.driver_filter AS driver, e.driver_tiers_filter AS tiers
    FROM cna_event e JOIN gene g USING (entrez_gene_id) JOIN sample s USING (sample_key)
    WHERE e.study_key = (SELECT study_key FROM cancer_study WHERE study_id = ${studyId}) ORDER BY 1, 2`);
  return rows.map((r) => `${r.symbol} ${r.sample_id} ${r.alteration}${r.driver === null ? '' : ` ${r.driver}/${r.tiers}`}`);
}

async function cell(stableId: string, entrez: number, sampleId: string): Promise<string | undefined> {
  const row = await store.db.one<{ value: string }>(sql`SELECT v.value FROM gene_value v
    JOIN molecular_profile p USING (profile_key) JOIN sample s USING (sample_key)
    WHERE p.stable_id = ${stableId} AND v.entrez_gene_id = ${entrez} AND s.sample_id = ${sampleId}`);
  return row?.value;
}

describe('genepanel_test_study', () => {
  it('stores the matrix and the ±2 cells as events', async () => {
    await loadTestStudy(store, 'genepanel_test_study');
    // 4 genes (all symbols resolve) × 5 samples.
    expect(await countRows(store.db, 'gene_value', 'teststudy_genepanels')).toBe(20);
    // Cells equal to 2 or -2 (awk over columns 3-7): four.
    expect(await events('teststudy_genepanels')).toEqual(['CADM2 sample2 -2', 'CADM2 sample5 -2', 'ERBB2 sample4 2', 'PIEZO1 sample2 -2']);
    expect(await countRows(store.db, 'sample_profile', 'teststudy_genepanels', inProfile('teststudy_genepanels_gistic'))).toBe(5);
  });

  it('gives no events when the profile is not shown in the analysis tab', async () => {
    const dir = copyStudy('genepanel_test_study', {
      edit: { 'meta_cna_discrete.txt': (t) => t.replace('show_profile_in_analysis_tab: true', 'show_profile_in_analysis_tab: false') },
    });
    await loadStudy(store.db, store.genes, dir);
    expect(await countRows(store.db, 'gene_value', 'teststudy_genepanels')).toBe(20);
    expect(await countRows(store.db, 'cna_event', 'teststudy_genepanels')).toBe(0);
  });
});

describe('ascn-test-study', () => {
  it('loads the cna profile', async () => {
    await loadTestStudy(store, 'ascn-test-study');
    // data_CNA.txt: 468 genes (all resolve) × 6 samples; 174 cells are 2 or -2 (awk).
    expect(await countRows(store.db, 'gene_value', 'ascn_test_study', inProfile('ascn_test_study_cna'))).toBe(2808);
    expect(await countRows(store.db, 'cna_event', 'ascn_test_study')).toBe(174);
  });
});

describe('study_es_0_inc over study_es_0', () => {
  const BASE = [
    'meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_clinical_patients.txt', 'meta_mutations_extended.txt',
    'meta_cna_discrete.txt', 'meta_cna_log2.txt', 'meta_expression_median.txt', 'meta_expression_median_Zscores.txt',
    'meta_methylation_hm27.txt', 'meta_gene_panel_matrix.txt',
  ];
  const INC = [
    'meta_clinical_samples.txt', 'meta_clinical_patients.txt', 'meta_cna_discrete.txt', 'meta_cna_log2.txt',
    'meta_expression_median.txt', 'meta_methylation_hm27.txt', 'meta_gene_panel_matrix.txt',
  ];
  let summary: LoadSummary;

  beforeAll(async () => {
    await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: BASE }));
    summary = await loadStudy(store.db, store.genes, copyStudy('study_es_0_inc', { keepMetas: INC }));
  });

  it('replaces the columns of the file samples and keeps each matrix rectangular', async () => {
    // gistic: base long file 8 genes × 788 samples; the inc file adds TP53 and 2 new samples → 9 × 790.
    expect(await countRows(store.db, 'gene_value', 'study_es_0', inProfile('study_es_0_gistic'))).toBe(9 * 790);
    // Gene union × sample union of the base and inc files (TCGA-BH-NEW read as TCGA-BH-NEW-01).
    expect(await countRows(store.db, 'gene_value', 'study_es_0', inProfile('study_es_0_log2CNA'))).toBe(9 * 780);
    expect(await countRows(store.db, 'gene_value', 'study_es_0', inProfile('study_es_0_mrna'))).toBe(13 * 529);
    expect(await countRows(store.db, 'gene_value', 'study_es_0', inProfile('study_es_0_methylation_hm27'))).toBe(16 * 314);
    expect(await countRows(store.db, 'gene_value', 'study_es_0', inProfile('study_es_0_mrna_median_Zscores'))).toBe(5 * 526);
    // Cells written by the inc load: 4 files × 8 genes × 3 samples, plus the '' cells that square
    // the four matrices (790 + 1557 + 3697 + 2512).
    expect(summary.rows.gene_value).toBe(4 * 24 + 790 + 1557 + 3697 + 2512);
  });

  it('stores the new values, and empty text where a gene or sample is missing', async () => {
    expect(await cell('study_es_0_log2CNA', 116983, 'TCGA-A1-A0SB-01')).toBe('0.751');
    expect(await cell('study_es_0_gistic', 7157, 'TCGA-BH-NEW-01')).toBe('-2');
    expect(await cell('study_es_0_gistic', 7157, 'TCGA-A1-A0SD-01')).toBe('');
    // AURKAIP1 (54998) is in the base long file but not in the inc file; base row for A0SD-01: -1.
    expect(await cell('study_es_0_gistic', 54998, 'TCGA-A1-A0SB-01')).toBe('');
    expect(await cell('study_es_0_gistic', 54998, 'TCGA-A1-A0SD-01')).toBe('-1');
  });

  it('recomputes the events of the file samples; the pd row for TCGA-BH-NEW matches no sample', async () => {
    // Base: 63 events, none of TCGA-A1-A0SB-01; inc: ATAD3B of A0SB-01, and ATAD3A, ERCC5, TP53 of BH-NEW-01.
    expect(await countRows(store.db, 'cna_event', 'study_es_0', inProfile('study_es_0_gistic'))).toBe(67);
    expect((await events('study_es_0')).filter((e) => /A0SB-0[13]|BH-NEW/.test(e))).toEqual([
      'ATAD3A TCGA-BH-NEW-01 -2', 'ATAD3B TCGA-A1-A0SB-01 -2', 'ERCC5 TCGA-BH-NEW-01 -2', 'TP53 TCGA-BH-NEW-01 -2',
    ]);
    expect(summary.warnings.join('\n')).toMatch(/data_cna_pd_annotations\.txt \(line 5\): SAMPLE_ID matches no sample/);
  });

  it('attaches a pd annotation to the event of its sample and gene', async () => {
    const dir = copyStudy('study_es_0_inc', {
      keepMetas: INC,
      edit: { 'data_cna_pd_annotations.txt': (t) => replaceLine(t, 5, (l) => l.replace('TCGA-BH-NEW', 'TCGA-BH-NEW-01')) },
    });
    await loadStudy(store.db, store.genes, dir);
    const row = await store.db.one(sql`SELECT driver_filter, driver_filter_annotation, driver_tiers_filter, driver_tiers_filter_annotation
      FROM cna_event e JOIN sample s USING (sample_key) WHERE s.sample_id = 'TCGA-BH-NEW-01' AND e.entrez_gene_id = 2073`);
    // Empty tier cells are kept as written (the annotation is recorded because cbp_driver is set).
    expect(row).toEqual({ driver_filter: 'Putative_Driver', driver_filter_annotation: 'Test driver', driver_tiers_filter: '', driver_tiers_filter_annotation: '' });
    expect(await countRows(store.db, 'cna_event', 'study_es_0', inProfile('study_es_0_gistic'))).toBe(67);
  });
});
