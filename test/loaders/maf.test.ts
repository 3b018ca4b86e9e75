// End-to-end MAF loads of the shared test studies. Each study is copied (meta_study, clinical,
// cancer type and MAF files only) to a temp folder so that only the mutation loader is exercised.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../engine/sql/sql.js';
import { loadStudy, type LoadSummary } from '../../loaders/load-study.js';
import { dataFilePath, readStudyDir } from '../../loaders/study-dir.js';
import { openReferenceStore, studyDir } from '../helpers/store.js';

type Store = Awaited<ReturnType<typeof openReferenceStore>>;

const KINDS = new Set(['study', 'cancer-type', 'clinical-sample', 'clinical-patient', 'mutation', 'mutation-uncalled']);

/** A temp copy of a shared study with only the files the MAF loader needs; `edit` rewrites files by name. */
function mafStudy(name: string, edit: Record<string, (text: string) => string> = {}): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'duckportal-maf-')), name);
  mkdirSync(dir);
  for (const meta of readStudyDir(studyDir(name)).metas.filter((m) => KINDS.has(m.kind))) {
    cpSync(meta.path, join(dir, basename(meta.path)));
    for (const key of ['data_filename', 'tags_file'])
      if (meta.values.has(key)) cpSync(dataFilePath(meta, key), join(dir, meta.values.get(key) ?? ''));
  }
  for (const [file, change] of Object.entries(edit)) writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));
  return dir;
}

const load = (store: Store, dir: string): Promise<LoadSummary> => loadStudy(store.db, store.genes, dir);

async function count(store: Store, studyId: string, where = sql`TRUE`): Promise<number> {
  const row = await store.db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM mutation m JOIN sample s USING (sample_key)
    WHERE m.study_key = (SELECT study_key FROM cancer_study WHERE study_id = ${studyId}) AND ${where}`);
  return row?.n ?? 0;
}

async function profiledSamples(store: Store, studyId: string): Promise<number> {
  const row = await store.db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM sample_profile sp JOIN molecular_profile mp USING (profile_key)
    WHERE mp.stable_id = ${`${studyId}_mutations`}`);
  return row?.n ?? 0;
}

describe('MAF loader, shared test studies', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openReferenceStore();
  });

  it('study_es_0: 34 of 36 rows (2 Silent), then study_es_0_inc replaces the mutations of its samples', async () => {
    const summary = await load(store, mafStudy('study_es_0'));
    // awk -F'\t' 'NR>2' data_mutations_extended.maf | wc -l → 36; cut -f9 | grep -c Silent → 2
    expect(summary.rows.mutation).toBe(34);
    expect(await count(store, 'study_es_0')).toBe(34);
    expect(await count(store, 'study_es_0', sql`m.mutation_type = 'Silent'`)).toBe(0);
    // cut -f16 | sort -u: 21 samples, each with a non-Silent row
    expect(await profiledSamples(store, 'study_es_0')).toBe(21);
    const tp53 = await store.db.one<Record<string, unknown>>(sql`SELECT * FROM mutation WHERE entrez_gene_id = 7157 AND mutation_type = 'Splice_Site'`);
    expect(tp53).toMatchObject({ protein_change: 'X331_splice', keyword: 'TP53 truncating', protein_pos_start: 331, chr: '17', driver_filter: null });
    const brca1 = await store.db.one<Record<string, unknown>>(sql`SELECT m.* FROM mutation m JOIN sample s USING (sample_key)
      WHERE s.sample_id = 'TEST_SAMPLE_SOMATIC_HOMOZYGOUS'`);
    expect(brca1).toMatchObject({
      protein_change: 'S1436S', driver_filter: 'Putative_Driver', driver_filter_annotation: 'Test driver',
      driver_tiers_filter: 'Class 1', uniprot_accession: 'BRCA1_HUMAN', protein_pos_start: 1323, protein_pos_end: 1436,
    });
    expect(JSON.parse(String(brca1?.namespace_columns))).toEqual({ Zygosity: { name: 'Homozygous', code: 2 } });

    const inc = await load(store, mafStudy('study_es_0_inc'));
    // 18 rows, 1 Silent (KAT2A) → 17 added
    expect(inc.rows.mutation).toBe(17);
    // the incremental MAF says GRCh38 on every row; the importer only warns
    expect(inc.warnings.join('\n')).toMatch(/NCBI_Build 'GRCh38' does not match the study genome GRCh37 \(17 row\(s\)\)/);
    // study_es_0 rows of TCGA-A1-A0SB-01 (12) and TCGA-A1-A0SK-01 (1) are replaced: 34 − 13 + 17
    expect(await count(store, 'study_es_0')).toBe(38);
    expect(await count(store, 'study_es_0', sql`s.sample_id = 'TCGA-A1-A0SB-01'`)).toBe(7);
    expect(await count(store, 'study_es_0', sql`s.sample_id = 'TCGA-BH-NEW-01'`)).toBe(2);
    expect(await profiledSamples(store, 'study_es_0')).toBe(23);
  });

  it('lgg_ucsf_2014_test_generic_assay: 10,161 of 15,155 rows', async () => {
    const summary = await load(store, mafStudy('lgg_ucsf_2014_test_generic_assay'));
    // Counted with awk over the MAF and shared/reference/gene-info-Oct-07-2025.txt (symbols, then
    // unambiguous synonyms): 77 RNA, 48 unresolved genes, 4,857 Silent/Intron/UTR/3'Flank and 12
    // non-TERT 5'Flank rows dropped: 15,155 − 4,994 = 10,161 (no duplicate events).
    expect(summary.rows.mutation).toBe(10161);
    expect(await count(store, 'lgg_ucsf_2014_test_generic_assay')).toBe(10161);
    expect(summary.warnings.join('\n')).toMatch(/48 row\(s\) skipped: gene symbol unknown or ambiguous/);
    expect(summary.warnings.join('\n')).toMatch(/77 row\(s\) skipped: Variant_Classification RNA/);
  });

  it('ascn-test-study: all 23 rows (TERT 5\'Flank kept as Promoter), ASCN values in the ascn_* columns', async () => {
    await load(store, mafStudy('ascn-test-study'));
    expect(await count(store, 'ascn_test_study')).toBe(23);
    const tert = await count(store, 'ascn_test_study', sql`m.entrez_gene_id = 7015 AND m.protein_change = 'Promoter'`);
    expect(tert).toBe(5);
    // line 3: KMT2C, FAKE_P001_S2: 2 1 1 0.541 (lower 0.506) 0.577 0 FACETS CLONAL; counts 1015 263 1547 0
    const kmt2c = await store.db.one<Record<string, unknown>>(sql`SELECT m.* FROM mutation m JOIN sample s USING (sample_key)
      WHERE s.sample_id = 'FAKE_P001_S2' AND m.entrez_gene_id = 58508`);
    expect(kmt2c).toMatchObject({
      total_copy_number: 2, minor_copy_number: 1, expected_alt_copies: 1, ccf_expected_copies: 0.541,
      ccf_expected_copies_upper: 0.577, ascn_integer_copy_number: 0, ascn_method: 'FACETS', clonal: 'CLONAL',
      namespace_columns: null, tumor_ref_count: 1015, tumor_alt_count: 263, normal_ref_count: 1547, normal_alt_count: 0,
    });
    // cut -f54 | sort | uniq -c → 20 CLONAL, 3 SUBCLONAL
    expect(await count(store, 'ascn_test_study', sql`m.clonal = 'SUBCLONAL'`)).toBe(3);
    expect(await profiledSamples(store, 'ascn_test_study')).toBe(5);
  });

  it('study_hg38 and genepanel_test_study load every row', async () => {
    await load(store, mafStudy('study_hg38'));
    // one data row (GRCh38, the study genome: no build warning)
    expect(await count(store, 'study_hg38')).toBe(1);
    await load(store, mafStudy('genepanel_test_study'));
    // 7 data rows, none filtered
    expect(await count(store, 'teststudy_genepanels')).toBe(7);
  });

  it('marks #sequenced_samples as profiled, with the meta gene_panel', async () => {
    const dir = mafStudy('genepanel_test_study', {
      'data_mutations_extended.maf': (t) => `#sequenced_samples: SAMPLE_NO_MUTATIONS\n${t}`,
      'meta_mutations_extended.txt': (t) => `${t.trimEnd()}\ngene_panel: TESTPANEL1\n`,
      'data_clinical_samples.txt': (t) => `${t.trimEnd()}\n${t.trimEnd().split('\n').at(-1)?.replace('sample5', 'SAMPLE_NO_MUTATIONS')}\n`,
    });
    for (const panel of ['data_gene_panel_testpanel1.txt']) cpSync(join(studyDir('study_es_0'), panel), join(dir, panel));
    await load(store, dir);
    const rows = await store.db.all<{ sample_id: string; panel_id: string | null }>(sql`
      SELECT s.sample_id, gp.panel_id FROM sample_profile sp JOIN sample s USING (sample_key) LEFT JOIN gene_panel gp USING (panel_key)
      JOIN molecular_profile mp ON mp.profile_key = sp.profile_key WHERE mp.stable_id = 'teststudy_genepanels_mutations' ORDER BY 1`);
    expect(rows.find((r) => r.sample_id === 'SAMPLE_NO_MUTATIONS')).toEqual({ sample_id: 'SAMPLE_NO_MUTATIONS', panel_id: 'TESTPANEL1' });
    expect(rows.every((r) => r.panel_id === 'TESTPANEL1')).toBe(true);
  });
});

describe('MAF loader, edited copies', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openReferenceStore();
  });

  const MAF = 'data_mutations_extended.maf';

  it('fails on a truncated row, naming file and line', async () => {
    const truncateLastRow = (t: string) => {
      const lines = t.trimEnd().split('\n');
      lines[lines.length - 1] = lines[lines.length - 1].split('\t').slice(0, 20).join('\t');
      return lines.join('\n');
    };
    const dir = mafStudy('study_hg38', { [MAF]: truncateLastRow });
    await expect(load(store, dir)).rejects.toThrow(/data_mutations_extended\.maf:3: expected \d+ fields, found 20/);
  });

  it('fails on an unknown sample, naming file and line', async () => {
    const dir = mafStudy('study_hg38', { [MAF]: (t) => t.replace('\tTCGA-A2-A04P-01\t', '\tNOT_A_SAMPLE\t') });
    const text = readFileSync(join(dir, MAF), 'utf8');
    expect(text).toContain('NOT_A_SAMPLE');
    await expect(load(store, dir)).rejects.toThrow(/data_mutations_extended\.maf:3 \(column Tumor_Sample_Barcode\): sample 'NOT_A_SAMPLE'/);
  });

  it('merges duplicate events of a sample (grouped and interleaved), unioning centers', async () => {
    // ascn-test-study's MAF is ordered by gene, so rows of one sample are not contiguous; lines 3
    // and 4 are the same KMT2C event in FAKE_P001_S2 and FAKE_P001_S3.
    const dir = mafStudy('ascn-test-study', {
      'data_mutations_extended.txt': (t) => {
        const lines = t.trimEnd().split('\n');
        const copy = (line: number, center: string) => {
          const cells = lines[line - 1].split('\t');
          cells[2] = center;
          return cells.join('\t');
        };
        // a grouped duplicate right after line 3, interleaved ones at the end
        return [...lines.slice(0, 3), copy(3, 'broad.mit.edu'), ...lines.slice(3), copy(3, 'NA'), copy(4, 'broad.mit.edu'), copy(3, 'wustl.edu')].join('\n');
      },
    });
    const summary = await load(store, dir);
    expect(summary.rows.mutation).toBe(23);
    expect(await count(store, 'ascn_test_study')).toBe(23);
    const centers = await store.db.all<{ sample_id: string; center: string; clonal: string }>(sql`
      SELECT s.sample_id, m.center, m.clonal FROM mutation m JOIN sample s USING (sample_key)
      WHERE m.entrez_gene_id = 58508 AND s.sample_id IN ('FAKE_P001_S2', 'FAKE_P001_S3', 'FAKE_P001_S4') ORDER BY 1`);
    expect(centers).toEqual([
      { sample_id: 'FAKE_P001_S2', center: 'broad.mit.edu;mskcc.org;wustl.edu', clonal: 'CLONAL' },
      { sample_id: 'FAKE_P001_S3', center: 'broad.mit.edu;mskcc.org', clonal: 'SUBCLONAL' },
      { sample_id: 'FAKE_P001_S4', center: 'mskcc.org', clonal: 'CLONAL' },
    ]);
  });
});
