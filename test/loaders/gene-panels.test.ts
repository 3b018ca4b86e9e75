// Gene panel definition files (study-format 16.1): study_es_0's TESTPANEL1/2, replacement by
// genepanel_test_study's older versions (not while loaded data uses them), gene tokens, and which
// files of a folder are panel files.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { Warnings } from '../../loaders/errors.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { findGenePanelFiles, importGenePanelFile } from '../../loaders/reference/gene-panels.js';
import { loadTestStudy, openReferenceStore, studyDir } from '../helpers/store.js';

let store: { db: Db; genes: GeneResolver };

beforeAll(async () => {
  store = await openReferenceStore();
});

async function panelGenes(panelId: string): Promise<number[]> {
  const rows = await store.db.all<{ entrez_gene_id: number }>(sql`
    SELECT entrez_gene_id FROM gene_panel_gene JOIN gene_panel USING (panel_key) WHERE panel_id = ${panelId} ORDER BY 1`);
  return rows.map((r) => r.entrez_gene_id);
}

function panelFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'duckportal-panel-')), 'panel.txt');
  writeFileSync(path, text);
  return path;
}

describe('importGenePanelFile', () => {
  it("imports study_es_0's panels", async () => {
    const warnings = new Warnings();
    const one = await importGenePanelFile(store.db, store.genes, join(studyDir('study_es_0'), 'data_gene_panel_testpanel1.txt'), warnings);
    const two = await importGenePanelFile(store.db, store.genes, join(studyDir('study_es_0'), 'data_gene_panel_testpanel2.txt'), warnings);
    expect([one, two]).toEqual([{ panelId: 'TESTPANEL1', replaced: false }, { panelId: 'TESTPANEL2', replaced: false }]);
    // gene_list tokens (tab-separated): 17 and 11, all known symbols.
    expect(await panelGenes('TESTPANEL1')).toHaveLength(17);
    expect(await panelGenes('TESTPANEL2')).toHaveLength(11);
    expect((await panelGenes('TESTPANEL1')).includes(7157)).toBe(true);
    const row = await store.db.one(sql`SELECT description FROM gene_panel WHERE panel_id = 'TESTPANEL1'`);
    expect(row).toEqual({ description: 'Example gene panel meta file for testing purposes.' });
    expect(warnings.list).toEqual([]);
  });

  it('leaves an identical panel alone and replaces one with another gene list, with a warning', async () => {
    const warnings = new Warnings();
    const same = await importGenePanelFile(store.db, store.genes, join(studyDir('study_es_0'), 'data_gene_panel_testpanel1.txt'), warnings);
    expect(same).toEqual({ panelId: 'TESTPANEL1', replaced: false });
    expect(warnings.list).toEqual([]);
    const older = await importGenePanelFile(store.db, store.genes, join(studyDir('genepanel_test_study'), 'data_gene_panel_testpanel1.txt'), warnings);
    expect(older).toEqual({ panelId: 'TESTPANEL1', replaced: true });
    expect(await panelGenes('TESTPANEL1')).toHaveLength(10);
    expect(warnings.summary()).toEqual(['data_gene_panel_testpanel1.txt: gene panel TESTPANEL1 existed with another gene list and was replaced']);
    expect((await store.db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM gene_panel WHERE panel_id = 'TESTPANEL1'`))?.n).toBe(1);
  });

  it('reads all-digit tokens as Entrez ids and other tokens as symbols or aliases', async () => {
    // 7157 = TP53; KRAS official; ACTL6 is an ambiguous alias (86, 51412): the first match is taken.
    await importGenePanelFile(store.db, store.genes, panelFile('stable_id: P_TOKENS\ndescription: d\ngene_list: 7157\tKRAS\tACTL6\n'), new Warnings());
    const genes = await panelGenes('P_TOKENS');
    expect(genes.filter((g) => g !== 86 && g !== 51412)).toEqual([3845, 7157]);
    expect(genes).toHaveLength(3);
  });

  it('rejects a panel with an unknown or repeated gene, naming it', async () => {
    const unknown = panelFile('stable_id: P_BAD\ndescription: d\ngene_list: TP53\tNOT_A_GENE\n');
    await expect(importGenePanelFile(store.db, store.genes, unknown, new Warnings())).rejects.toThrow(/panel\.txt:3: gene 'NOT_A_GENE' of gene panel P_BAD is unknown/);
    const repeated = panelFile('stable_id: P_BAD\ndescription: d\ngene_list: TP53\t7157\n');
    await expect(importGenePanelFile(store.db, store.genes, repeated, new Warnings())).rejects.toThrow(/gene '7157' is listed twice in gene panel P_BAD/);
    expect(await panelGenes('P_BAD')).toEqual([]);
  });
});

describe('a gene panel in use', () => {
  it('is not replaced by another gene list, except by a reload of the one study using it', async () => {
    const used = await openReferenceStore();
    const genesOf = async (panelId: string) => (await used.db.all<{ n: number }>(sql`
      SELECT count(*)::INTEGER AS n FROM gene_panel_gene JOIN gene_panel USING (panel_key) WHERE panel_id = ${panelId}`))[0].n;
    await loadTestStudy(used, 'study_es_0');
    // genepanel_test_study's TESTPANEL1 (10 genes) and TESTPANEL2 (10) are not loaded over study_es_0's (17, 11).
    const { warnings } = await loadTestStudy(used, 'genepanel_test_study');
    expect(warnings).toEqual(expect.arrayContaining([
      'data_gene_panel_testpanel1.txt: gene panel TESTPANEL1 exists with another gene list and is used by study study_es_0: not replaced',
      'data_gene_panel_testpanel2.txt: gene panel TESTPANEL2 exists with another gene list and is used by study study_es_0: not replaced',
    ]));
    expect([await genesOf('TESTPANEL1'), await genesOf('TESTPANEL2')]).toEqual([17, 11]);
    // Reloading study_es_0 does not count its own use; teststudy_genepanels' still counts.
    const older = join(studyDir('genepanel_test_study'), 'data_gene_panel_testpanel1.txt');
    const refused = new Warnings();
    expect(await importGenePanelFile(used.db, used.genes, older, refused, 'study_es_0')).toEqual({ panelId: 'TESTPANEL1', replaced: false });
    expect(refused.summary()).toEqual(['data_gene_panel_testpanel1.txt: gene panel TESTPANEL1 exists with another gene list and is used by study teststudy_genepanels: not replaced']);
    const alone = await openReferenceStore();
    await loadTestStudy(alone, 'study_es_0');
    expect(await importGenePanelFile(alone.db, alone.genes, older, new Warnings())).toEqual({ panelId: 'TESTPANEL1', replaced: false });
    expect(await importGenePanelFile(alone.db, alone.genes, older, new Warnings(), 'study_es_0')).toEqual({ panelId: 'TESTPANEL1', replaced: true });
    used.db.close();
    alone.db.close();
  });
});

describe('findGenePanelFiles', () => {
  it('finds the key/value files with stable_id and gene_list, not meta files or data files', () => {
    const names = (dir: string) => findGenePanelFiles(studyDir(dir)).map((p) => p.split('/').pop());
    expect(names('study_es_0')).toEqual(['data_gene_panel_testpanel1.txt', 'data_gene_panel_testpanel2.txt']);
    expect(names('genepanel_test_study')).toEqual(['data_gene_panel_testpanel1.txt', 'data_gene_panel_testpanel2.txt']);
    expect(names('ascn-test-study')).toEqual([]);
  });
});
