// Wide gene matrices: study_es_0's log2 CNA, expression, Z-score and methylation files, gene row
// resolution on the reference gene table, and small synthetic studies for RPPA/phospho rows and
// the file-level rules (comments, blank lines, CRLF, normals, unknown samples, field counts).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';
import { resolveMatrixRow } from '../../loaders/formats/gene-matrix.js';
import type { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy } from '../../loaders/load-study.js';
import { countRows, openReferenceStore } from '../helpers/store.js';
import { copyStudy } from '../helpers/study-copy.js';

let store: { db: Db; genes: GeneResolver };
const MATRICES = [
  'meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', 'meta_clinical_patients.txt',
  'meta_cna_log2.txt', 'meta_expression_median.txt', 'meta_expression_median_Zscores.txt', 'meta_methylation_hm27.txt',
];

beforeAll(async () => {
  store = await openReferenceStore();
  await loadStudy(store.db, store.genes, copyStudy('study_es_0', { keepMetas: MATRICES }));
});

async function profileRows(table: string, studyId: string, stableId: string): Promise<number> {
  return countRows(store.db, table, studyId, `AND profile_key = (SELECT profile_key FROM molecular_profile WHERE stable_id = '${stableId}')`);
}

async function cell(stableId: string, entrez: number, sampleId: string): Promise<string | undefined> {
  const row = await store.db.one<{ value: string }>(sql`SELECT v.value FROM gene_value v
    JOIN molecular_profile p USING (profile_key) JOIN sample s USING (sample_key)
    WHERE p.stable_id = ${stableId} AND v.entrez_gene_id = ${entrez} AND s.sample_id = ${sampleId}`);
  return row?.value;
}

describe('study_es_0 matrices', () => {
  it('stores one row per cell', async () => {
    // Data rows × sample columns (awk: lines after the header × (NF - 2)); every gene resolves.
    expect(await profileRows('gene_value', 'study_es_0', 'study_es_0_log2CNA')).toBe(7 * 778);
    expect(await profileRows('gene_value', 'study_es_0', 'study_es_0_mrna')).toBe(6 * 526);
    expect(await profileRows('gene_value', 'study_es_0', 'study_es_0_mrna_median_Zscores')).toBe(5 * 526);
    expect(await profileRows('gene_value', 'study_es_0', 'study_es_0_methylation_hm27')).toBe(8 * 311);
  });

  it('gives the same cells when the matrix is inserted a few lines at a time', async () => {
    const sliced = await openReferenceStore();
    process.env.DUCKPORTAL_MATRIX_SLICE_CELLS = '1000'; // one or two lines per statement
    try {
      await loadStudy(sliced.db, sliced.genes, copyStudy('study_es_0', { keepMetas: MATRICES }));
    } finally {
      delete process.env.DUCKPORTAL_MATRIX_SLICE_CELLS;
    }
    const cells = (db: Db) => db.all(sql`SELECT p.stable_id, v.entrez_gene_id, s.sample_id, v.value FROM gene_value v
      JOIN molecular_profile p USING (profile_key) JOIN sample s USING (sample_key) ORDER BY ALL`);
    const expected = await cells(store.db);
    expect(expected.length).toBe(7 * 778 + 6 * 526 + 5 * 526 + 8 * 311);
    expect(await cells(sliced.db)).toEqual(expected);
    sliced.db.close();
  });

  it('keeps the cell text and resolves ERCC5|aaa by its Entrez id', async () => {
    // First data line of each file, first sample column.
    expect(await cell('study_es_0_log2CNA', 116983, 'TCGA-A1-A0SB-01')).toBe('-0.005');
    expect(await cell('study_es_0_mrna', 90993, 'TCGA-A1-A0SD-01')).toBe('1.4345');
    expect(await cell('study_es_0_methylation_hm27', 487, 'TCGA-A1-A0SD-01')).toBe('0.609122203');
    expect(await cell('study_es_0_mrna_median_Zscores', 6205, 'TCGA-A1-A0SD-01')).toBe('0.7393');
    // data_cna_log2.txt line 8: ERCC5|aaa 2073, first value -0.005.
    expect(await cell('study_es_0_log2CNA', 2073, 'TCGA-A1-A0SB-01')).toBe('-0.005');
  });

  it('marks every sample column profiled, without panel', async () => {
    expect(await profileRows('sample_profile', 'study_es_0', 'study_es_0_log2CNA')).toBe(778);
    expect(await profileRows('sample_profile', 'study_es_0', 'study_es_0_mrna')).toBe(526);
    expect(await profileRows('sample_profile', 'study_es_0', 'study_es_0_methylation_hm27')).toBe(311);
    expect(await countRows(store.db, 'sample_profile', 'study_es_0', 'AND panel_key IS NOT NULL')).toBe(0);
  });
});

describe('resolveMatrixRow', () => {
  const genesOf = (symbol: string, entrez: string) => {
    const r = resolveMatrixRow(store.genes, symbol, entrez);
    return 'skip' in r ? r.skip : { ids: r.genes.map((g) => g.entrezGeneId), single: r.single };
  };

  it('takes a known Entrez id first, then the symbol before a pipe', () => {
    expect(genesOf('WRONG', '7157')).toEqual({ ids: [7157], single: true });
    expect(genesOf('TP53', '')).toEqual({ ids: [7157], single: true });
    expect(genesOf('TP53|extra', '999999999')).toEqual({ ids: [7157], single: true });
    expect(genesOf('', '0')).toBe('gene not found, row skipped');
  });

  it('skips rows as ImportTabDelimData does', () => {
    expect(genesOf('TP53', 'NA')).toBe('Entrez_Gene_Id is not a number, row skipped');
    expect(genesOf('TP53', '-7157')).toBe('Entrez_Gene_Id is not a number, row skipped');
    expect(genesOf('A///B', '')).toBe("symbol names several genes ('///'), row skipped");
    expect(genesOf('---', '')).toBe("symbol is an unknown gene ('---'), row skipped");
    expect(genesOf('', '')).toBe('no Hugo_Symbol and no Entrez_Gene_Id, row skipped');
    // ACTL6 is an alias of 86 and 51412 in the reference gene table.
    expect(genesOf('ACTL6', '')).toBe('ambiguous gene symbol, row skipped');
  });

  it('stores a microRNA row for its microRNA gene(s), never as a CNA event gene', () => {
    // MIR758 is a miRNA gene (768212) of the reference gene table.
    expect(genesOf('MIR758', '')).toEqual({ ids: [768212], single: false });
  });
});

/** A study folder with one sample file (samples S1, S2) and the given extra files. */
function syntheticStudy(id: string, files: Record<string, string>): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'duckportal-matrix-')), id);
  const all: Record<string, string> = {
    'meta_study.txt': `cancer_study_identifier: ${id}\ntype_of_cancer: brca\nname: ${id}\ndescription: ${id}\n`,
    'meta_clinical_samples.txt': `cancer_study_identifier: ${id}\ngenetic_alteration_type: CLINICAL\ndatatype: SAMPLE_ATTRIBUTES\ndata_filename: data_clinical_samples.txt\n`,
    'data_clinical_samples.txt': '#Patient\tSample\n#Patient\tSample\n#STRING\tSTRING\n#1\t1\nPATIENT_ID\tSAMPLE_ID\nP1\tS1\nP2\tS2\n',
    ...files,
  };
  mkdirSync(dir);
  for (const [name, text] of Object.entries(all)) writeFileSync(join(dir, name), text);
  return dir;
}

const profileMeta = (id: string, gat: string, datatype: string, stableId: string) =>
  `cancer_study_identifier: ${id}\ngenetic_alteration_type: ${gat}\ndatatype: ${datatype}\nstable_id: ${stableId}\n` +
  `show_profile_in_analysis_tab: false\nprofile_name: ${stableId}\nprofile_description: ${stableId}\ndata_filename: data_matrix.txt\n`;

async function studyCells(studyId: string): Promise<string[]> {
  const rows = await store.db.all<{ entrez_gene_id: number; sample_id: string; value: string }>(sql`
    SELECT v.entrez_gene_id, s.sample_id, v.value FROM gene_value v JOIN sample s USING (sample_key)
    WHERE v.study_key = (SELECT study_key FROM cancer_study WHERE study_id = ${studyId}) ORDER BY 1, 2`);
  return rows.map((r) => `${r.entrez_gene_id} ${r.sample_id} '${r.value}'`);
}

describe('RPPA files (Composite.Element.REF)', () => {
  const rppa = [
    'Composite.Element.REF\tS1\tS2',
    'AKT1 AKT2 AKT3|Akt_pS473\t0.5\tNA', // three phosphoprotein pseudo-genes
    'AKT1|Akt\t1.2\t ', // the plain protein; a blank cell is stored as ''
    'NA|na_antibody\t1\t2', // 'NA' is not available: no gene, row skipped
    'EGFR|Akt\t1\t2', // repeated antibody id: skipped
    'BRAF|BRAF_pS445_T450\t3\t4',
    'CDK1 NOSUCHGENE|CDK1_pT14\t5\t6', // unknown symbol dropped, CDK1 kept
    'AKT1|Akt_pS473_bis\t7\t8', // AKT1_PS473 again: duplicated gene, skipped
    'AKT1\t0\t0', // no antibody id: skipped
  ].join('\n');
  const files = { 'meta_rppa.txt': profileMeta('rppa_test', 'PROTEIN_LEVEL', 'LOG2-VALUE', 'rppa'), 'data_matrix.txt': `${rppa}\n` };

  it('stores each gene of an antibody, as phosphoprotein pseudo-genes for phospho-sites', async () => {
    const summary = await loadStudy(store.db, store.genes, syntheticStudy('rppa_test', files));
    const phospho = await store.db.all<{ entrez_gene_id: number; hugo_gene_symbol: string }>(
      sql`SELECT entrez_gene_id, hugo_gene_symbol FROM gene WHERE type = 'phosphoprotein' ORDER BY entrez_gene_id DESC`);
    // The reference gene table has no negative ids: the pseudo-genes get -1, -2, ... in creation order.
    expect(phospho).toEqual([
      { entrez_gene_id: -1, hugo_gene_symbol: 'AKT1_PS473' },
      { entrez_gene_id: -2, hugo_gene_symbol: 'AKT2_PS473' },
      { entrez_gene_id: -3, hugo_gene_symbol: 'AKT3_PS473' },
      { entrez_gene_id: -4, hugo_gene_symbol: 'BRAF_PS445_T450' },
      { entrez_gene_id: -5, hugo_gene_symbol: 'CDK1_PT14' },
    ]);
    const aliases = await store.db.all<{ gene_alias: string }>(sql`SELECT gene_alias FROM gene_alias WHERE entrez_gene_id = -1 ORDER BY 1`);
    expect(aliases.map((a) => a.gene_alias)).toEqual(['phosphoAKT1', 'phosphoprotein', 'rppa-phospho']);
    expect(await studyCells('rppa_test')).toEqual([
      "-5 S1 '5'", "-5 S2 '6'", "-4 S1 '3'", "-4 S2 '4'", "-3 S1 '0.5'", "-3 S2 'NA'", "-2 S1 '0.5'", "-2 S2 'NA'",
      "-1 S1 '0.5'", "-1 S2 'NA'", "207 S1 '1.2'", "207 S2 ''",
    ]);
    expect(summary.rows.gene_value).toBe(12);
  });

  it('reuses the pseudo-genes when the study is loaded again', async () => {
    await loadStudy(store.db, store.genes, syntheticStudy('rppa_test', files));
    expect((await store.db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM gene WHERE type = 'phosphoprotein'`))?.n).toBe(5);
    expect(await studyCells('rppa_test')).toHaveLength(12);
  });
});

describe('file-level rules', () => {
  const meta = { 'meta_log2.txt': profileMeta('matrix_rules', 'COPY_NUMBER_ALTERATION', 'LOG2-VALUE', 'log2CNA') };
  const load = (matrix: string) => loadStudy(store.db, store.genes, syntheticStudy('matrix_rules', { ...meta, 'data_matrix.txt': matrix }));

  it('skips comment and blank lines, reads CRLF, drops TCGA normal columns, keeps the first of a repeated gene', async () => {
    const matrix = [
      '#a comment before the header',
      'Hugo_Symbol\tEntrez_Gene_Id\tS1\tTCGA-AA-0001-11\tS2',
      'TP53\t7157\t0.1\t9\t NA ',
      '',
      '#comment\tline',
      'KRAS\t\t-0.2\t9\t',
      'TP53\t7157\t5\t5\t5',
      'UNKNOWN_GENE_X\t\t1\t1\t1',
      'BRCA1///BRCA2\t\t1\t1\t1',
    ].join('\r\n');
    const summary = await load(`${matrix}\r\n`);
    expect(await studyCells('matrix_rules')).toEqual(["3845 S1 '-0.2'", "3845 S2 ''", "7157 S1 '0.1'", "7157 S2 'NA'"]);
    expect(summary.warnings.join('\n')).toMatch(/gene already loaded from an earlier row/);
    expect(summary.warnings.join('\n')).toMatch(/data_matrix\.txt \(line 8\): gene not found, row skipped/);
  });

  it('aborts on a sample column that is not a sample of the study', async () => {
    await expect(load('Hugo_Symbol\tS1\tS3\nTP53\t1\t2\n')).rejects.toThrow(/data_matrix\.txt:1 \(column S3\): sample 'S3' is not defined/);
  });

  it('aborts on a line with a wrong number of fields', async () => {
    await expect(load('Hugo_Symbol\tS1\tS2\nTP53\t1\t2\nKRAS\t1\n')).rejects.toThrow(/data_matrix\.txt:3: expected 3 fields, found 2/);
  });
});
