// GISTIC amplification regions of study_es_0 (loaded with the clinical sample file only), plus a
// damaged copy for the regions and genes the reference importer drops.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy } from '../../loaders/load-study.js';
import { countRows, openReferenceStore } from '../helpers/store.js';
import { copyStudy, replaceLine } from '../helpers/study-copy.js';

let store: { db: Db; genes: GeneResolver };
const KEEP = ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_gistic_genes_amp.txt'];
const FILE = 'data_gistic_genes_amp.txt';

beforeAll(async () => {
  store = await openReferenceStore();
});

describe('GISTIC regions of study_es_0', () => {
  beforeAll(async () => {
    await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: KEEP }));
  });

  it('loads every region and its genes', async () => {
    // awk 'NR>1' data_gistic_genes_amp.txt | wc -l → 11 regions, all on chromosomes 1-20, amp = 1.
    expect(await countRows(store.db, 'gistic', 'study_es_0')).toBe(11);
    expect(await countRows(store.db, 'gistic', 'study_es_0', 'AND amp')).toBe(11);
    // awk: genes_in_region ($10) split on ',' without empty tokens → 33 symbols, each the official
    // symbol of one gene in gene-info (PLAC9|ENSG00000dummy.1 counts as PLAC9), none a miRNA or repeated.
    expect(await countRows(store.db, 'gistic_gene', 'study_es_0')).toBe(33);
  });

  it('stores the peak, the cytoband and the q-value', async () => {
    const region = await store.db.one(sql`SELECT chromosome, cytoband, wide_peak_start, wide_peak_end, q_value,
      (SELECT list(entrez_gene_id ORDER BY entrez_gene_id) FROM gistic_gene gg WHERE gg.gistic_key = g.gistic_key) AS genes
      FROM gistic g WHERE cytoband = '8q24.21'`);
    // Line 6: MYC (4609), peak 128754837-128754871, q 8.6006e-92.
    expect(region).toEqual({ chromosome: 8, cytoband: '8q24.21', wide_peak_start: 128754837, wide_peak_end: 128754871, q_value: 8.6006e-92, genes: [4609] });
  });
});

describe('regions and genes the importer drops', () => {
  const setCell = (line: number, column: number, value: string) => (t: string) =>
    replaceLine(t, line, (l) => l.split('\t').map((c, i) => (i === column ? value : c)).join('\t'));

  it('skips X/Y regions, regions without a known gene, miRNAs and repeated genes', async () => {
    const edit = (t: string) =>
      [
        setCell(2, 1, 'X'), // DDAH1 region moved to X: ValidateGistic accepts chromosomes 1-22 only
        setCell(3, 9, 'NOTAGENE1,NOTAGENE2,'),
        setCell(4, 9, 'MIR21,ANKRD17,COX18,ankrd17,'), // miRNA and a repeat dropped: 2 genes left
        setCell(5, 5, '37550875'), // peak_end = peak_start: zero-length peak
      ].reduce((text, change) => change(text), t);
    const summary = await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: KEEP, edit: { [FILE]: edit } }));
    expect(summary.rows.gistic).toBe(8); // 11 - lines 2, 3, 5
    // 33 genes - line 2 (DDAH1) - line 3 (5 genes) - line 4 (had 4 genes, keeps ANKRD17, COX18) - line 5 (2 genes).
    expect(summary.rows.gistic_gene).toBe(33 - 1 - 5 - 2 - 2);
    const warnings = summary.warnings.join('\n');
    expect(warnings).toMatch(/line 2\): chromosome 23 is outside 1-22/);
    expect(warnings).toMatch(/line 3\): no gene of genes_in_region is known; region skipped/);
    expect(warnings).toMatch(/line 4\): miRNA gene 'MIR21' skipped/);
    expect(warnings).toMatch(/line 4\): gene 'ankrd17' repeated/);
    expect(warnings).toMatch(/line 5\): zero-length peak/);
  });

  it('fails on a non-integer peak, naming file, line and column', async () => {
    const bad = copyStudy('study_es_0', { keepMetas: KEEP, edit: { [FILE]: setCell(7, 4, '4.2e7') } });
    await expect(loadStudy(store.db, store.genes, bad)).rejects.toThrow(/data_gistic_genes_amp\.txt:7 \(column peak_start\): '4\.2e7' is not a valid peak_start/);
  });
});
