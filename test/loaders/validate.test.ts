// `validate` (loaders/validate/): every shared study, with and without a store, and broken copies
// of small studies, one rule each, with the exact message (file, line, column, value) load gives;
// several broken files report every error; the store given is never written.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../../engine/sql/db.js';
import { raw, sql } from '../../engine/sql/sql.js';
import { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy, type LoadSummary } from '../../loaders/load-study.js';
import { importGenes } from '../../loaders/reference/genes-import.js';
import { importGenesets } from '../../loaders/reference/genesets-import.js';
import { StudyRefused, type StudyReport } from '../../loaders/report/load-report.js';
import { validateStudies, type StudyValidation } from '../../loaders/validate/validate-studies.js';
import { storeFingerprint } from '../helpers/fingerprint.js';
import { REFERENCE, STUDIES, studyDir } from '../helpers/store.js';
import { copyStudy, replaceLine, setCell } from '../helpers/study-copy.js';

let tmp: string;
let store: string;
let loaded: LoadSummary;
let fingerprint: Record<string, string>;

async function withStoreDb<T>(work: (db: Db) => Promise<T>, readOnly = true): Promise<T> {
  const db = await Db.open(store, { readOnly });
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'duckportal-validate-'));
  store = join(tmp, 'store.duckdb');
  loaded = await withStoreDb(async (db) => {
    await importGenes(db, REFERENCE);
    await importGenesets(db, join(STUDIES, 'genesets'));
    return loadStudy(db, await GeneResolver.load(db), studyDir('study_es_0'));
  }, false);
  fingerprint = await withStoreDb(storeFingerprint);
}, 120_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const messages = (s: StudyValidation) => (s.report?.errors ?? []).map((e) => e.message);
const warningsOf = (s: StudyValidation) => (s.report?.warnings ?? []).map((w) => `${w.file}: ${w.message}`);
const fileOf = (report: StudyReport | undefined, name: string) => report?.files.find((f) => f.file === name);

async function validateOne(dir: string, withStore = false): Promise<StudyValidation & { exitCode: number }> {
  const v = await validateStudies([dir], withStore ? { store } : {});
  return { ...v.studies[0], exitCode: v.exitCode };
}

const cells = (line: string) => line.split('\t');

describe('the load summary', () => {
  it('says per file how many rows were read, loaded and skipped, and why', () => {
    const maf = fileOf(loaded.report, 'data_mutations_extended.maf');
    expect(maf).toEqual({ file: 'data_mutations_extended.maf', rowsRead: 36, rowsLoaded: 34, skipped: [{ reason: 'Silent mutations filtered', rows: 2 }], errors: 0, warnings: 0 });
    expect(fileOf(loaded.report, 'data_clinical_samples.txt')).toMatchObject({ rowsRead: 845, rowsLoaded: 845, skipped: [] });
    expect(fileOf(loaded.report, 'data_cna_discrete.txt')).toMatchObject({ rowsRead: 6304, rowsLoaded: 6304 });
  });

  it('counts as loaded only the rows that became rows: duplicates merged and normal samples left out are skipped', async () => {
    const mafRow = (text: string) => text.split('\n')[2];
    const dir = copyStudy('study_es_0', {
      edit: {
        // the first data row twice more, and once for the patient's normal sample
        'data_mutations_extended.maf': (text) => `${text.replace(/\n+$/, '')}\n${mafRow(text)}\n${mafRow(text)}\n${setCell(15, 'TCGA-A1-A0SB-11')(mafRow(text))}\n`,
        'data_cna_hg19.seg': (text) => `${text.replace(/\n+$/, '')}\nTCGA-A2-A04P-11\t1\t100\t200\t2\t0.1\n`,
        'data_clinical_samples.txt': (text) => `${text.replace(/\n+$/, '')}\nTCGA-A2-A04P\tTCGA-A2-A04P-11\tbasal-like\n`,
      },
    });
    const copyStore = join(tmp, 'rows-loaded.duckdb');
    const db = await Db.open(copyStore);
    try {
      await importGenes(db, REFERENCE);
      await importGenesets(db, join(STUDIES, 'genesets'));
      const { report } = await loadStudy(db, await GeneResolver.load(db), dir);
      // the store holds this study only
      const count = async (table: string) => (await db.one<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM ${raw(table)}`))!.n;
      expect(fileOf(report, 'data_mutations_extended.maf')).toEqual({
        file: 'data_mutations_extended.maf', rowsRead: 39, rowsLoaded: 34, errors: 0, warnings: 0,
        skipped: [{ reason: 'Silent mutations filtered', rows: 2 }, { reason: 'rows of normal samples left out', rows: 1 }, { reason: 'duplicate rows merged (same sample and event)', rows: 2 }],
      });
      expect(await count('mutation')).toBe(34);
      expect(fileOf(report, 'data_cna_hg19.seg')).toMatchObject({ rowsRead: 10, rowsLoaded: 9, skipped: [{ reason: 'rows of normal samples left out', rows: 1 }] });
      expect(await count('copy_number_seg')).toBe(9);
      expect(fileOf(report, 'data_clinical_samples.txt')).toMatchObject({ rowsRead: 846, rowsLoaded: 845, skipped: [{ reason: 'rows of normal samples left out', rows: 1 }] });
      expect(await count('sample')).toBe(845);
    } finally {
      db.close();
    }
  });
});

describe('validate on the shared studies', () => {
  it('with the store: all valid, the warnings being those load gives; the store is not written', async () => {
    const names = ['study_es_0', 'study_es_0_inc', 'study_hg38', 'ascn-test-study', 'genepanel_test_study', 'lgg_ucsf_2014_test_generic_assay'];
    const v = await validateStudies(names.map(studyDir), { store });
    expect(v.studies.map((s) => [s.status, messages(s)])).toEqual([
      ['warnings', []], ['warnings', []], ['valid', []], ['valid', []], ['warnings', []], ['warnings', []],
    ]);
    expect(v.exitCode).toBe(3);
    expect(v.skippedChecks).toEqual([]);
    // The store holds study_es_0 (and its cancer type and panels): the warnings of loading over it.
    expect(v.studies.map(warningsOf)).toEqual([
      ["data_cancer_type.txt: cancer type 'brca-es0' exists already and is kept as it is"],
      [
        "data_mutations_extended.maf: NCBI_Build 'GRCh38' does not match the study genome GRCh37 (17 row(s))",
        'data_cna_pd_annotations.txt: SAMPLE_ID matches no sample of the study (compared without TCGA normalisation), row ignored',
      ],
      [],
      [],
      [
        'data_gene_panel_testpanel1.txt: gene panel TESTPANEL1 exists with another gene list and is used by study study_es_0: not replaced',
        'data_gene_panel_testpanel2.txt: gene panel TESTPANEL2 exists with another gene list and is used by study study_es_0: not replaced',
        "data_cancer_type.txt: cancer type 'brca-es0' exists already and is kept as it is",
      ],
      [
        'data_mutations_extended.txt: 48 row(s) skipped: gene symbol unknown or ambiguous (first: AXDMT-ND1 [])',
        'data_mutations_extended.txt: 77 row(s) skipped: Variant_Classification RNA (first: RNA)',
      ],
    ]);
    expect(fileOf(v.studies[5].report, 'data_mutations_extended.txt')).toMatchObject({ rowsRead: 15155, warnings: 2 });
    expect(await withStoreDb(storeFingerprint)).toEqual(fingerprint);
  }, 120_000);

  it('without a store: the gene checks are skipped (no unknown-gene warning), an incremental folder cannot be checked (2)', async () => {
    const v = await validateStudies(['study_es_0_inc', 'study_hg38', 'lgg_ucsf_2014_test_generic_assay'].map(studyDir));
    expect(v.studies.map((s) => [s.status, s.reason])).toEqual([
      ['not run', 'an incremental folder (no meta_study file) is checked against its study: give --db <store>'],
      ['valid', undefined],
      ['warnings', undefined],
    ]);
    expect(warningsOf(v.studies[2])).toEqual(['data_mutations_extended.txt: 77 row(s) skipped: Variant_Classification RNA (first: RNA)']);
    expect(v.skippedChecks.length).toBeGreaterThan(0);
    expect(v.exitCode).toBe(2);
  }, 120_000);

  it('a folder that does not exist could not be validated (2)', async () => {
    expect(await validateOne(join(tmp, 'absent'))).toMatchObject({ status: 'not run', reason: 'no such folder', exitCode: 2 });
    expect(await validateStudies([studyDir('study_hg38')], { store: join(tmp, 'absent.duckdb') })).toMatchObject({ exitCode: 2 });
    writeFileSync(join(tmp, 'not-a-store.duckdb'), 'not a DuckDB file');
    const unreadable = await validateStudies([studyDir('study_hg38')], { store: join(tmp, 'not-a-store.duckdb') });
    expect(unreadable.exitCode).toBe(2);
    expect(unreadable.studies[0].reason).toMatch(/^cannot read the store .*not-a-store\.duckdb: /);
  });
});

interface BrokenCase {
  name: string;
  study: string;
  edit: Record<string, (text: string) => string>;
  /** Only these meta files are kept (a small copy of a large study). */
  keepMetas?: string[];
  /** The errors: a file that fails may make another fail too (its study's cancer type, a panel). */
  messages: string[];
  withStore?: boolean;
}

/** One rule each, as load enforces it: the exact message, naming file, line, column and value. */
const BROKEN: BrokenCase[] = [
  { name: 'a malformed meta file line', study: 'study_hg38', edit: { 'meta_mutations_extended.txt': (t) => replaceLine(t, 4, () => 'stable_id mutations') },
    messages: ['meta_mutations_extended.txt:4: expected "key: value", found "stable_id mutations"'] },
  { name: 'an unknown data type in a meta file', study: 'study_hg38', edit: { 'meta_mutations_extended.txt': (t) => replaceLine(t, 2, () => 'genetic_alteration_type: MUTATION_XYZ') },
    messages: ["meta_mutations_extended.txt: unknown genetic_alteration_type/datatype 'MUTATION_XYZ/MAF'"] },
  { name: 'meta files naming two studies', study: 'study_hg38', edit: { 'meta_mutations_extended.txt': (t) => replaceLine(t, 1, () => 'cancer_study_identifier: other_study') },
    messages: ['study_hg38: meta files disagree on cancer_study_identifier: study_hg38, other_study'] },
  { name: 'an unknown reference genome', study: 'study_hg38', edit: { 'meta_study.txt': (t) => replaceLine(t, 2, () => 'reference_genome: hg99') },
    messages: ["meta_study.txt:2: unknown reference_genome 'hg99' (hg19, hg38 or mm10)"] },
  { name: 'a pmid that is not numbers', study: 'study_hg38', edit: { 'meta_study.txt': (t) => replaceLine(t, 6, () => 'pmid: 12,abc') },
    messages: ["meta_study.txt:6: pmid must be comma-separated integers: '12,abc'"] },
  { name: 'an unknown cancer type (with the store)', study: 'study_hg38', withStore: true, edit: { 'meta_study.txt': (t) => replaceLine(t, 1, () => 'type_of_cancer: nosuchtype') },
    messages: ["meta_study.txt:1: unknown cancer type 'nosuchtype' (import the gene reference first, or define it in a cancer type file)"] },
  { name: 'whitespace in a sample id', study: 'study_hg38', edit: { 'data_clinical_samples.txt': (t) => replaceLine(t, 6, setCell(1, 'TCGA-A2-A04P 01')) },
    messages: ["data_clinical_samples.txt:6 (column SAMPLE_ID): whitespace in sample id 'TCGA-A2-A04P 01'"] },
  { name: 'a TCGA sample of another patient', study: 'study_hg38', edit: { 'data_clinical_samples.txt': (t) => replaceLine(t, 6, setCell(0, 'TCGA-A2-A04Q')) },
    messages: ["data_clinical_samples.txt:6 (column PATIENT_ID): PATIENT_ID 'TCGA-A2-A04Q' does not match the TCGA barcode of sample 'TCGA-A2-A04P-01'"] },
  { name: 'a text in a NUMBER column', study: 'study_hg38', edit: { 'data_clinical_patients.txt': (t) => replaceLine(t, 6, setCell(2, 'twelve')) },
    messages: ["data_clinical_patients.txt:6 (column OS_MONTHS): value 'twelve' is not a number (datatype NUMBER)"] },
  { name: 'a MAF sample missing from the clinical file', study: 'study_hg38', edit: { 'data_mutations_extended.maf': (t) => replaceLine(t, 3, setCell(15, 'NOT-A-SAMPLE')) },
    messages: ["data_mutations_extended.maf:3 (column Tumor_Sample_Barcode): sample 'NOT-A-SAMPLE' is not defined in the clinical sample file"] },
  { name: 'a truncated MAF row', study: 'study_hg38', edit: { 'data_mutations_extended.maf': (t) => replaceLine(t, 3, (l) => cells(l).slice(0, 20).join('\t')) },
    messages: ['data_mutations_extended.maf:3: expected 166 fields, found 20 (truncated row?)'] },
  { name: 'a case list of another study', study: 'study_hg38', edit: { 'case_lists/cases_sequenced.txt': (t) => replaceLine(t, 1, () => 'cancer_study_identifier: other_study') },
    messages: ["cases_sequenced.txt:1: cancer_study_identifier 'other_study' differs from the study 'study_hg38'"] },
  { name: 'a cancer type line without a parent', study: 'genepanel_test_study', edit: { 'data_cancer_type.txt': (t) => replaceLine(t, 1, (l) => cells(l).slice(0, 3).join('\t')) },
    messages: ['data_cancer_type.txt:1: expected 4 fields (id, name, color, parent), found 3', "meta_study.txt:1: unknown cancer type 'brca-es0' (import the gene reference first, or define it in a cancer type file)"] },
  { name: 'a gene listed twice in a gene panel', study: 'genepanel_test_study', edit: { 'data_gene_panel_testpanel1.txt': (t) => replaceLine(t, 3, (l) => `${l}\tABLIM1`) },
    messages: ["data_gene_panel_testpanel1.txt:3: gene 'ABLIM1' is listed twice in gene panel TESTPANEL1", "data_gene_panel_matrix.txt:2 (column mutations): gene panel 'TESTPANEL1' is not loaded"] },
  { name: 'an unknown gene in a gene panel (with the store)', study: 'genepanel_test_study', withStore: true, edit: { 'data_gene_panel_testpanel1.txt': (t) => replaceLine(t, 3, (l) => `${l}\tNOTAGENE`) },
    messages: ["data_gene_panel_testpanel1.txt:3: gene 'NOTAGENE' of gene panel TESTPANEL1 is unknown"] },
  { name: 'a gene panel matrix column naming no profile', study: 'genepanel_test_study', edit: { 'data_gene_panel_matrix.txt': (t) => replaceLine(t, 1, setCell(2, 'nosuchprofile')) },
    messages: ["data_gene_panel_matrix.txt:1 (column nosuchprofile): 'nosuchprofile' names no molecular profile of the study"] },
  { name: 'a panel that is not loaded (with the store)', study: 'genepanel_test_study', withStore: true, edit: { 'data_gene_panel_matrix.txt': (t) => replaceLine(t, 2, setCell(1, 'NOPANEL')) },
    messages: ["data_gene_panel_matrix.txt:2 (column mutations): gene panel 'NOPANEL' is not loaded"] },
  { name: 'a SEG file starting with a comment', study: 'genepanel_test_study', edit: { 'data_cna_hg19.seg': (t) => `#comment\n${t}` },
    messages: ['data_cna_hg19.seg:1: a SEG file must start with its header line (no # lines)'] },
  { name: 'a segment mean that is not a number', study: 'genepanel_test_study', edit: { 'data_cna_hg19.seg': (t) => replaceLine(t, 3, setCell(5, 'high')) },
    messages: ["data_cna_hg19.seg:3 (column seg.mean): seg.mean 'high' is not a number"] },
  { name: 'a sample listed twice', study: 'genepanel_test_study', edit: { 'data_clinical_samples.txt': (t) => replaceLine(t, 6, (l) => `${l}\n${l}`) },
    messages: ["data_clinical_samples.txt:7 (column SAMPLE_ID): sample 'sample1' is listed twice"] },
  { name: 'an unknown case list category', study: 'study_hg38', edit: { 'case_lists/cases_sequenced.txt': (t) => `${t.trimEnd()}\ncase_list_category: nonsense\n` },
    messages: ["cases_sequenced.txt:6: invalid case_list_category 'nonsense'"] },
  { name: 'a timeline START_DATE that is not an integer', study: 'lgg_ucsf_2014_test_generic_assay', keepMetas: ['meta_study.txt', 'meta_clinical_sample.txt', 'meta_timeline_surgery.txt'],
    edit: { 'data_timeline_surgery.txt': (t) => replaceLine(t, 2, setCell(1, 'day one')) },
    messages: ["data_timeline_surgery.txt:2 (column START_DATE): START_DATE 'day one' is not an integer"] },
  ...[
    { name: 'a structural variant file without Sample_Id', meta: 'meta_structural_variants.txt', file: 'data_structural_variants.txt', column: 0, value: 'Sample',
      message: 'data_structural_variants.txt:1: missing required column Sample_Id' },
    { name: 'a generic assay file not starting with ENTITY_STABLE_ID', meta: 'meta_generic_assay_binary.txt', file: 'data_generic_assay_binary.txt', column: 0, value: 'ENTITY',
      message: 'data_generic_assay_binary.txt:1 (column ENTITY): the first column of a generic assay file must be ENTITY_STABLE_ID' },
    { name: 'a repeated sample column in an expression matrix', meta: 'meta_expression_median.txt', file: 'data_expression_median.txt', column: 3, value: 'TCGA-A1-A0SD-01',
      message: "data_expression_median.txt:1 (column TCGA-A1-A0SD-01): column header 'TCGA-A1-A0SD-01' is repeated" },
    { name: 'a resource definition file without RESOURCE_TYPE', meta: 'meta_resource_definition.txt', file: 'data_resource_definition.txt', column: 3, value: 'KIND',
      message: 'data_resource_definition.txt:1: missing column RESOURCE_TYPE' },
    { name: 'a GISTIC file without q_value', meta: 'meta_gistic_genes_amp.txt', file: 'data_gistic_genes_amp.txt', column: 17, value: 'q',
      message: 'data_gistic_genes_amp.txt:1: missing column q_value' },
  ].map(({ meta, file, column, value, ...c }) => ({
    ...c, study: 'study_es_0', keepMetas: ['meta_study.txt', 'meta_cancer_type.txt', 'meta_clinical_samples.txt', meta],
    edit: { [file]: (t: string) => replaceLine(t, 1, setCell(column, value)) }, messages: [c.message],
  })),
];

describe('validate on broken copies: one error each, with the message load gives (exit 1)', () => {
  for (const c of BROKEN) {
    it(c.name, async () => {
      const result = await validateOne(copyStudy(c.study, { edit: c.edit, keepMetas: c.keepMetas }), c.withStore);
      expect([result.status, result.exitCode, messages(result)]).toEqual(['errors', 1, c.messages]);
    });
  }

  it('the checks that need a store are skipped without one', async () => {
    for (const c of BROKEN.filter((b) => b.withStore)) expect((await validateOne(copyStudy(c.study, { edit: c.edit }))).status, c.name).toBe('valid');
  });

  it('an error in the clinical sample file leaves the files that name samples unchecked', async () => {
    const result = await validateOne(copyStudy('study_hg38', { edit: BROKEN.find((b) => b.name === 'whitespace in a sample id')!.edit }));
    expect(fileOf(result.report, 'data_mutations_extended.maf')).toMatchObject({ notChecked: 'the clinical sample file has errors', errors: 0 });
  });
});

describe('after an error in one file the others are still checked', () => {
  const [panel, matrix, seg] = ['a gene listed twice in a gene panel', 'a gene panel matrix column naming no profile', 'a SEG file starting with a comment'].map((name) => BROKEN.find((b) => b.name === name)!);
  const edit = { ...panel.edit, ...matrix.edit, ...seg.edit };
  // The panel file first (panels are imported before the study), then the data files in load order.
  const expected = [panel.messages[0], seg.messages[0], matrix.messages[0]];

  it('validate reports the errors of three files, and reads the others through', async () => {
    const result = await validateOne(copyStudy('genepanel_test_study', { edit }));
    expect(messages(result)).toEqual(expected);
    expect(fileOf(result.report, 'data_mutations_extended.maf')).toMatchObject({ rowsRead: 7, rowsLoaded: 7, errors: 0 });
    expect(fileOf(result.report, 'data_cna_hg19.seg')).toMatchObject({ errors: 1 });
  });

  it('load refuses the study naming every error, and writes nothing', async () => {
    const dir = copyStudy('genepanel_test_study', { edit });
    await withStoreDb(async (db) => {
      const before = await storeFingerprint(db);
      const refusal = await loadStudy(db, await GeneResolver.load(db), dir).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(StudyRefused);
      expect((refusal as StudyRefused).report.errors.map((e) => e.message)).toEqual(expected);
      expect((refusal as StudyRefused).message).toBe(expected.join('\n'));
      expect(await storeFingerprint(db)).toEqual(before);
    }, false);
  }, 60_000);
});
