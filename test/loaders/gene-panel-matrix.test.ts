// Gene panel matrices: which samples are profiled in which profile, with which panel (study_es_0,
// its incremental directory, genepanel_test_study), and the inputs that abort a load.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { panelMatrixProfileId } from '../../loaders/formats/gene-panel-matrix.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy } from '../../loaders/load-study.js';
import { openReferenceStore } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';

let store: { db: Db; genes: GeneResolver };
const ES0 = [
  'meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_clinical_patients.txt',
  'meta_mutations_extended.txt', 'meta_cna_discrete.txt', 'meta_gene_panel_matrix.txt',
];
const INC = ['meta_clinical_samples.txt', 'meta_clinical_patients.txt', 'meta_cna_discrete.txt', 'meta_gene_panel_matrix.txt'];

beforeAll(async () => {
  store = await openReferenceStore();
});

/** Panel id (or '-' for none) → number of profiled samples, for one profile. */
async function panels(profileId: string): Promise<Record<string, number>> {
  const rows = await store.db.all<{ panel: string; n: number }>(sql`
    SELECT coalesce(g.panel_id, '-') AS panel, count(*)::INTEGER AS n FROM sample_profile sp
    JOIN molecular_profile p USING (profile_key) LEFT JOIN gene_panel g USING (panel_key)
    WHERE p.stable_id = ${profileId} GROUP BY ALL ORDER BY 1`);
  return Object.fromEntries(rows.map((r) => [r.panel, r.n]));
}

async function panelOf(profileId: string, sampleId: string): Promise<string | null | undefined> {
  const row = await store.db.one<{ panel_id: string | null }>(sql`
    SELECT g.panel_id FROM sample_profile sp JOIN molecular_profile p USING (profile_key) JOIN sample s USING (sample_key)
    LEFT JOIN gene_panel g USING (panel_key) WHERE p.stable_id = ${profileId} AND s.sample_id = ${sampleId}`);
  return row === undefined ? undefined : row.panel_id;
}

it('names profiles as ImportGenePanelProfileMap does (no "_" in its prefix test)', () => {
  expect(panelMatrixProfileId('study_es_0', 'mutations')).toBe('study_es_0_mutations');
  expect(panelMatrixProfileId('study_es_0', 'study_es_0_gistic')).toBe('study_es_0_gistic');
  expect(panelMatrixProfileId('study_es_0', 'study_es_0x')).toBe('study_es_0x');
});

describe('study_es_0 and study_es_0_inc', () => {
  beforeAll(async () => {
    await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: ES0 }));
  });

  it('assigns the matrix panels; NA cells leave the data file’s assignment', async () => {
    // gistic column: 10 TESTPANEL1 cells, all samples of the long CNA file (788 samples).
    expect(await panels('study_es_0_gistic')).toEqual({ '-': 778, TESTPANEL1: 10 });
    // mutations column: 9 × TESTPANEL1, 3 × TESTPANEL2; the other profiled samples come from the MAF.
    const mutations = await panels('study_es_0_mutations');
    expect([mutations.TESTPANEL1, mutations.TESTPANEL2]).toEqual([9, 3]);
    // NA cells: TEST_SAMPLE_1 has a MAF row (profiled, no panel); TEST_SAMPLE_5 has none.
    expect(await panelOf('study_es_0_mutations', 'TEST_SAMPLE_1')).toBeNull();
    expect(await panelOf('study_es_0_mutations', 'TEST_SAMPLE_5')).toBeUndefined();
  });

  it('upserts the assignments of an incremental matrix', async () => {
    await loadStudy(store.db, store.genes, copyStudy('study_es_0_inc', { keepMetas: INC }));
    // + TCGA-BH-NEW-01 and TCGA-A1-A0SK-01 on TESTPANEL1; TCGA-A1-A0SB-03 (CNA file only) without panel.
    expect(await panels('study_es_0_gistic')).toEqual({ '-': 778, TESTPANEL1: 12 });
    expect(await panelOf('study_es_0_mutations', 'TCGA-A1-A0SB-01')).toBe('TESTPANEL2');
    expect(await panelOf('study_es_0_mutations', 'TCGA-A1-A0SK-01')).toBe('TESTPANEL2');
    expect(await panelOf('study_es_0_mutations', 'TCGA-BH-NEW-01')).toBe('TESTPANEL1');
    // NA in the inc matrix: TEST_SAMPLE_3 keeps its mutations state (profiled by its MAF row, no panel).
    expect(await panelOf('study_es_0_mutations', 'TEST_SAMPLE_3')).toBeNull();
    expect(await panelOf('study_es_0_gistic', 'TEST_SAMPLE_3')).toBe('TESTPANEL1');
  });
});

describe('genepanel_test_study', () => {
  it('mixes panels and NA across mutations and gistic', async () => {
    await loadStudy(store.db, store.genes, copyStudy('genepanel_test_study'));
    const gistic = await Promise.all(['sample1', 'sample2', 'sample3', 'sample4', 'sample5'].map((s) => panelOf('teststudy_genepanels_gistic', s)));
    expect(gistic).toEqual(['TESTPANEL1', 'TESTPANEL2', null, null, 'TESTPANEL1']);
    const mutations = await Promise.all(['sample1', 'sample2', 'sample3'].map((s) => panelOf('teststudy_genepanels_mutations', s)));
    expect(mutations).toEqual(['TESTPANEL1', 'TESTPANEL1', 'TESTPANEL2']);
  });

  it('lets a matrix panel or WXS override the meta gene_panel', async () => {
    const dir = copyStudy('genepanel_test_study', {
      edit: {
        'meta_cna_discrete.txt': (t) => `${t.trimEnd()}\ngene_panel: TESTPANEL2\n`,
        // Line 4: sample3 (mutations TESTPANEL2, gistic NA → WXS).
        'data_gene_panel_matrix.txt': (t) => replaceLine(t, 4, () => 'sample3\tTESTPANEL2\tWXS'),
      },
    });
    await loadStudy(store.db, store.genes, dir);
    const gistic = await Promise.all(['sample1', 'sample2', 'sample3', 'sample4', 'sample5'].map((s) => panelOf('teststudy_genepanels_gistic', s)));
    expect(gistic).toEqual(['TESTPANEL1', 'TESTPANEL2', null, 'TESTPANEL2', 'TESTPANEL1']);
  });

  const failing = (line: number, text: string) =>
    loadStudy(store.db, store.genes, copyStudy('genepanel_test_study', { edit: { 'data_gene_panel_matrix.txt': (t) => replaceLine(t, line, () => text) } }));

  it('aborts on a column that names no profile', async () => {
    await expect(failing(1, 'SAMPLE_ID\tmutations\tcna')).rejects.toThrow(/data_gene_panel_matrix\.txt:1 \(column cna\): 'cna' names no molecular profile/);
  });

  it('aborts on a panel that is not loaded', async () => {
    await expect(failing(2, 'sample1\tTESTPANEL9\tNA')).rejects.toThrow(/data_gene_panel_matrix\.txt:2 \(column mutations\): gene panel 'TESTPANEL9' is not loaded/);
  });

  it('aborts on an unknown sample with a panel, not on one with NA only', async () => {
    await expect(failing(6, 'sample9\tNA\tTESTPANEL1')).rejects.toThrow(/data_gene_panel_matrix\.txt:6 \(column SAMPLE_ID\): sample 'sample9' is not defined/);
    await expect(failing(6, 'sample9\tNA\tNA')).resolves.toBeDefined();
  });
});
