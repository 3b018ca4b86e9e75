// `validate` on broken copies of study_hg38, one row per rule `load` enforces (issue 25): each
// LoadError site and each warning site of loaders/, in the order of study-format.md's sections, with
// the exact messages (file, line, column, value) and the status (errors: exit 1; warnings only: exit 3).
// Rows that need a store name one ('genes': the gene reference; 'full': also the gene sets and STORE_STUDY).
// The copies of one store kind are validated in one run, as `validate a b c` does (one scratch store,
// not one per row): a later copy sees what earlier ones left there (assumed cancer types, panels and
// gene sets; a copy with warnings only, loaded); every row's expected messages are still those of its copy alone.
//
// Inventory (loaders/ at 6588665, the MAF module with its rewrite in progress; lines move, the rows
// name the site they cover):
// - `grep -rn "LoadError(" loaders --include=*.ts | grep -v test`: 150 sites. 26 are in the reference
//   importers load never runs (reference/genes-import.ts 5, genesets-import.ts 13, cosmic-import.ts 3,
//   cosmic-vcf.ts 5; their commands have their own tests). Of the 124 that load can reach, 119 have a
//   row (23 rows with a store), all passing. Not covered: load-study.ts:141, generic-assay.ts:72 and
//   resources.ts:27 are dead code; gene-matrix.ts:222 (DuckDB's read failing whole: a line it cannot
//   read is set aside and reported at :226) and :235 were reached by no input tried (comments in RULES).
// - Warnings (ctx.warn, warnings.add, coerced values): 67 sites, each with a row (64 rows: one row of
//   resources.ts covers two sites, resources.ts:78 passes on the warning of :51, clinical.ts:48's and
//   maf.ts's coerced values are reported by coerced-values.ts:19). Rows left out by design, without
//   a warning (warnings.filter: a Silent mutation, a duplicate MAF event merged, rows of normal samples,
//   resource rows without an id or URL, panel-matrix rows of NA only), each have a test of their
//   own: counted as skipped in the file summary, exit 0.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../../engine/sql/db.js';
import { raw, sql } from '../../engine/sql/sql.js';
import { formatWarningGroup } from '../../loaders/errors.js';
import { GeneResolver } from '../../loaders/genes/gene-resolver.js';
import { loadStudy } from '../../loaders/load-study.js';
import { importGenes } from '../../loaders/reference/genes-import.js';
import { importGenesets } from '../../loaders/reference/genesets-import.js';
import { validateStudies, type StudyValidation } from '../../loaders/validate/validate-studies.js';
import { REFERENCE, STUDIES } from '../helpers/store.js';
import { copyStudy, replaceLine, setCell, type CopyOptions } from '../helpers/study-copy.js';

/** The base of every copy: study_hg38, one sample (S) of one patient (P), genome hg38. */
const STUDY = 'study_hg38';
const S = 'TCGA-A2-A04P-01';
const P = 'TCGA-A2-A04P';
const BASE_METAS = ['meta_study.txt', 'meta_clinical_samples.txt'];

type Store = 'genes' | 'full';

interface Rule extends CopyOptions {
  /** The LoadError (or warning) site, file:line under loaders/. */
  site: string;
  name: string;
  /** Validate against a store: 'genes' (the gene reference only) or 'full' (and gene sets, and STORE_STUDY). */
  store?: Store;
  /** Exact messages; none means the copy only has warnings (exit 3). */
  errors?: string[];
  /** Exact warning summaries ("file (line n): message"); checked when given. */
  warnings?: string[];
}

const tsv = (...rows: string[][]) => `${rows.map((r) => r.join('\t')).join('\n')}\n`;
const keyValues = (values: Record<string, string>) => `${Object.entries(values).map(([k, v]) => `${k}: ${v}`).join('\n')}\n`;
/** Files added to the copy (an object is a meta file); meta files are kept beside BASE_METAS. */
function withFiles(files: Record<string, string | Record<string, string>>, keep = BASE_METAS): CopyOptions {
  const add = Object.fromEntries(Object.entries(files).map(([name, content]) => [name, typeof content === 'string' ? content : keyValues(content)]));
  return { add, keepMetas: [...keep, ...Object.keys(files).filter((name) => /meta/.test(name))] };
}
/** One data file and its meta file (keys of a profile, then `meta`). */
function dataFile(meta: Record<string, string>, rows: string[][], keep = BASE_METAS): CopyOptions {
  const profile = { cancer_study_identifier: STUDY, stable_id: 'x', profile_name: 'X', profile_description: 'X', data_filename: 'data_x.txt' };
  return withFiles({ 'meta_x.txt': { ...profile, ...meta }, 'data_x.txt': tsv(...rows) }, keep);
}
const type = (gat: string, datatype: string) => ({ genetic_alteration_type: gat, datatype });
/** A clinical file with its 4+1 header (every attribute a STRING). */
function clinical(columns: string[], rows: string[][]): string {
  const header = [columns, columns, columns.map(() => 'STRING'), columns.map(() => '1')].map((r) => [`#${r[0]}`, ...r.slice(1)]);
  return tsv(...header, columns, ...rows);
}
const cells = (line: string) => line.split('\t');
const appendLine = (line: string) => (t: string) => `${t.trimEnd()}\n${line}\n`;
const PATIENT_METAS = [...BASE_METAS, 'meta_clinical_patients.txt'];
const patients = (change: (t: string) => string): CopyOptions => ({ keepMetas: PATIENT_METAS, edit: { 'data_clinical_patients.txt': change } });
const samples = (text: string, keepMetas = BASE_METAS): CopyOptions => ({ keepMetas, edit: { 'data_clinical_samples.txt': () => text } });
/** An incremental folder of STUDY (no meta_study file): checked against the 'full' store. */
const INCREMENTAL = ['meta_clinical_samples.txt'];

const SEG_HEADER = ['ID', 'chrom', 'loc.start', 'loc.end', 'num.mark', 'seg.mean'];
const segMeta = (genome = 'hg38') => ({
  cancer_study_identifier: STUDY, ...type('COPY_NUMBER_ALTERATION', 'SEG'), reference_genome_id: genome, description: 'segments', data_filename: 'data_seg.txt',
});
const segments = (rows: string[][], genome = 'hg38', keep = BASE_METAS): CopyOptions =>
  withFiles({ 'meta_seg.txt': segMeta(genome), 'data_seg.txt': tsv(SEG_HEADER, ...rows) }, keep);
const SEGMENT = [S, '1', '1000', '2000', '10', '0.5'];

const panelFile = (id: string, ...genes: string[]) => keyValues({ stable_id: id, description: `panel ${id}`, gene_list: genes.join('\t') });
const EXPRESSION = [['Hugo_Symbol', S], ['TP53', '1.5']];

/**
 * The study in the 'full' store: STUDY with a second, non-TCGA sample (S1 of P1), a SEG file, and
 * an expression profile on gene panel PANEL_USED; gene panel PANEL_FREE is used by no study.
 */
const STORE_STUDY: CopyOptions = {
  ...withFiles({
    'meta_seg.txt': segMeta(), 'data_seg.txt': tsv(SEG_HEADER, SEGMENT),
    'meta_expression.txt': { cancer_study_identifier: STUDY, ...type('MRNA_EXPRESSION', 'CONTINUOUS'), stable_id: 'rna', profile_name: 'RNA', profile_description: 'RNA', data_filename: 'data_expression.txt', gene_panel: 'PANEL_USED' },
    'data_expression.txt': tsv(...EXPRESSION),
    'data_gene_panel_used.txt': panelFile('PANEL_USED', 'TP53', 'BRCA1'),
    'data_gene_panel_free.txt': panelFile('PANEL_FREE', 'TP53', 'KRAS'),
  }),
  edit: { 'data_clinical_samples.txt': () => clinical(['PATIENT_ID', 'SAMPLE_ID'], [[P, S], ['P1', 'S1']]) },
};

const CANCER_TYPE_META = { genetic_alteration_type: 'CANCER_TYPE', datatype: 'CANCER_TYPE', data_filename: 'data_cancer_type.txt' };
const cancerTypes = (...rows: string[][]) => withFiles({ 'meta_cancer_type.txt': CANCER_TYPE_META, 'data_cancer_type.txt': tsv(...rows) });
const expressionMeta = (extra: Record<string, string> = {}) => ({ ...type('MRNA_EXPRESSION', 'CONTINUOUS'), ...extra });

const MAF_HEADER = ['Hugo_Symbol', 'Entrez_Gene_Id', 'NCBI_Build', 'Chromosome', 'Start_Position', 'End_Position', 'Variant_Classification', 'Reference_Allele', 'Tumor_Seq_Allele1', 'Tumor_Seq_Allele2', 'Tumor_Sample_Barcode'];
const MUTATION = ['TP53', '7157', 'GRCh38', '17', '7675994', '7675994', 'Missense_Mutation', 'C', 'C', 'T', S];
const mutation = (changes: Record<string, string>) => MAF_HEADER.map((c, i) => changes[c] ?? MUTATION[i]);
const maf = (rows: string[][], meta: Record<string, string> = {}) => dataFile({ ...type('MUTATION_EXTENDED', 'MAF'), stable_id: 'mutations', ...meta }, rows);

const PD_HEADER = ['sample_id', 'entrez_gene_id', 'cbp_driver', 'cbp_driver_annotation', 'cbp_driver_tiers', 'cbp_driver_tiers_annotation'];
const PD_ROW = [S, '7157', 'Putative_Driver', 'x', 'Class 1', 'y'];
/** A wide discrete CNA file (TP53: -2 in S) with a pd annotations file. */
const cnaWithAnnotations = (annotations: string[][]) => withFiles({
  'meta_x.txt': { cancer_study_identifier: STUDY, ...type('COPY_NUMBER_ALTERATION', 'DISCRETE'), stable_id: 'gistic', profile_name: 'CNA', profile_description: 'CNA', data_filename: 'data_x.txt', pd_annotations_filename: 'data_pd.txt' },
  'data_x.txt': tsv(['Hugo_Symbol', 'Entrez_Gene_Id', S], ['TP53', '7157', '-2']),
  'data_pd.txt': tsv(...annotations),
});
const LONG_HEADER = ['Hugo_Symbol', 'Entrez_Gene_Id', 'Sample_Id', 'Value'];
const LONG_ROW = ['TP53', '7157', S, '-2'];
const cnaLong = (rows: string[][], meta: Record<string, string> = {}) => dataFile({ ...type('COPY_NUMBER_ALTERATION', 'DISCRETE_LONG'), stable_id: 'cna', ...meta }, rows);

const expression = (rows: string[][]) => dataFile(expressionMeta(), rows);
const protein = (rows: string[][]) => dataFile(type('PROTEIN_LEVEL', 'LOG2-VALUE'), rows);

const GISTIC_HEADER = ['chromosome', 'peak_start', 'peak_end', 'genes_in_region', 'amp', 'cytoband', 'q_value'];
const GISTIC_ROW = ['17', '7000000', '8000000', 'TP53', '1', '17p13.1', '0.01'];
const gistic = (rows: string[][], genome = 'hg38') => withFiles({
  'meta_gistic.txt': { cancer_study_identifier: STUDY, ...type('GISTIC_GENES_AMP', 'Q-VALUE'), reference_genome_id: genome, data_filename: 'data_gistic.txt' },
  'data_gistic.txt': tsv(...rows),
});
const MUTSIG_HEADER = ['rank', 'gene', 'N', 'n', 'p', 'q'];
const MUTSIG_ROW = ['1', 'TP53', '1000', '5', '0.001', '0.01'];
const mutsig = (rows: string[][]) => withFiles({
  'meta_mutsig.txt': { cancer_study_identifier: STUDY, ...type('MUTSIG', 'Q-VALUE'), data_filename: 'data_mutsig.txt' },
  'data_mutsig.txt': tsv(...rows),
});

const SV_HEADER = ['Sample_Id', 'Site1_Hugo_Symbol', 'Site2_Hugo_Symbol', 'SV_Status', 'Event_Info'];
const SV_ROW = [S, 'TP53', 'BRCA1', 'SOMATIC', 'fusion'];
const svRow = (changes: Record<string, string>) => SV_HEADER.map((c, i) => changes[c] ?? SV_ROW[i]);
const sv = (rows: string[][], meta: Record<string, string> = {}) => dataFile({ ...type('STRUCTURAL_VARIANT', 'SV'), stable_id: 'structural_variants', ...meta }, rows);

/** A gene panel matrix over a MAF (profile 'mutations') and gene panel PANEL_X. */
const panelMatrix = (rows: string[][]) => withFiles({
  ...maf([MAF_HEADER, MUTATION]).add,
  'data_gene_panel_x.txt': panelFile('PANEL_X', 'TP53'),
  'meta_gene_panel_matrix.txt': { cancer_study_identifier: STUDY, ...type('GENE_PANEL_MATRIX', 'GENE_PANEL_MATRIX'), data_filename: 'data_gene_panel_matrix.txt' },
  'data_gene_panel_matrix.txt': tsv(...rows),
});

const ASSAY_HEADER = ['ENTITY_STABLE_ID', 'NAME', S];
const ASSAY_ROW = ['sig1', 'Sig 1', '0.5'];
const assay = (rows: string[][], meta: Record<string, string> = {}) =>
  dataFile({ ...type('GENERIC_ASSAY', 'LIMIT-VALUE'), stable_id: 'signatures', generic_assay_type: 'MUTATIONAL_SIGNATURE', generic_entity_meta_properties: 'NAME', ...meta }, rows);

const GSVA_HEADER = ['geneset_id', S];
const GSVA_ROW = ['GO_ACYLGLYCEROL_HOMEOSTASIS', '0.5'];
/** GSVA scores of the expression profile 'rna' (its meta keys in this order: source_stable_id is line 6). */
const gsva = (rows: string[][], meta: Record<string, string> = {}) => withFiles({
  'meta_expression.txt': { cancer_study_identifier: STUDY, ...expressionMeta(), stable_id: 'rna', profile_name: 'RNA', profile_description: 'RNA', data_filename: 'data_expression.txt' },
  'data_expression.txt': tsv(...EXPRESSION),
  'meta_gsva.txt': {
    cancer_study_identifier: STUDY, ...type('GENESET_SCORE', 'GSVA-SCORE'), stable_id: 'gsva_scores', profile_name: 'GSVA', source_stable_id: 'rna',
    geneset_def_version: 'msigdb_7.5.1', profile_description: 'GSVA', data_filename: 'data_gsva.txt', ...meta,
  },
  'data_gsva.txt': tsv(...rows),
});

const TIMELINE_HEADER = ['PATIENT_ID', 'START_DATE', 'STOP_DATE', 'EVENT_TYPE'];
const TIMELINE_ROW = [P, '0', '10', 'TREATMENT'];
const timeline = (rows: string[][]) => withFiles({
  'meta_timeline.txt': { cancer_study_identifier: STUDY, ...type('CLINICAL', 'TIMELINE'), data_filename: 'data_timeline.txt' },
  'data_timeline.txt': tsv(...rows),
});

const DEFINITION_HEADER = ['RESOURCE_ID', 'DISPLAY_NAME', 'RESOURCE_TYPE', 'DESCRIPTION', 'OPEN_BY_DEFAULT', 'PRIORITY'];
const definition = (changes: Record<string, string> = {}) => DEFINITION_HEADER.map((c, i) => changes[c] ?? ['PATHOLOGY', 'Pathology', 'SAMPLE', 'slides', 'true', '1'][i]);
const RESOURCE_HEADER = ['PATIENT_ID', 'SAMPLE_ID', 'RESOURCE_ID', 'URL'];
const RESOURCE_ROW = [P, S, 'PATHOLOGY', 'https://example.org/1'];
/** A resource definition file and, when given, a sample resource file. */
const resources = (definitions: string[][], sampleRows?: string[][]) => withFiles({
  'meta_resource_definition.txt': { cancer_study_identifier: STUDY, resource_type: 'DEFINITION', data_filename: 'data_resource_definition.txt' },
  'data_resource_definition.txt': tsv(...definitions),
  ...(sampleRows ? {
    'meta_resource_sample.txt': { cancer_study_identifier: STUDY, resource_type: 'SAMPLE', data_filename: 'data_resource_sample.txt' },
    'data_resource_sample.txt': tsv(...sampleRows),
  } : {}),
});

/** One more case list (keys in this order: case_list_category is line 6). */
const caseList = (changes: Record<string, string>, keep = BASE_METAS) => withFiles({
  'case_lists/cases_x.txt': keyValues({
    cancer_study_identifier: STUDY, stable_id: `${STUDY}_x`, case_list_name: 'x', case_list_description: 'x', case_list_ids: S, case_list_category: 'other', ...changes,
  }),
}, keep);

const RULES: Rule[] = [
  // §2 Folder anatomy
  { site: 'load-study.ts:109', name: 'two meta_study files', ...withFiles({ 'meta_study2.txt': { type_of_cancer: 'brca', cancer_study_identifier: STUDY, name: 'n', description: 'd' } }),
    errors: ['meta_study2.txt: a study folder may hold only one study file (also: <dir>/meta_study.txt)'] },
  { site: 'load-study.ts:119', name: 'no meta file', keepMetas: [], errors: ['study_hg38: no meta files found'] },
  { site: 'load-study.ts:120', name: 'meta files naming two studies', keepMetas: BASE_METAS,
    edit: { 'meta_clinical_samples.txt': (t) => t.replace(`cancer_study_identifier: ${STUDY}`, 'cancer_study_identifier: other_study') },
    errors: ['study_hg38: meta files disagree on cancer_study_identifier: other_study, study_hg38'] },
  { site: 'load-study.ts:138', name: 'no clinical sample file', keepMetas: ['meta_study.txt'],
    errors: ['study_hg38: the study has no clinical sample file (meta with datatype SAMPLE_ATTRIBUTES)'] },
  // load-study.ts:141 ('no loader for <kind>') is dead code: orderedDataMetas keeps only the kinds DATA_LOADERS lists.
  { site: 'load-study.ts:169', name: 'an incremental folder with a kind that cannot be added', store: 'full',
    ...withFiles({ 'meta_mutsig.txt': { cancer_study_identifier: STUDY, ...type('MUTSIG', 'Q-VALUE'), data_filename: 'data_mutsig.txt' }, 'data_mutsig.txt': tsv(['gene', 'N', 'n', 'p', 'q']) }, INCREMENTAL),
    errors: ['meta_mutsig.txt: mutsig files cannot be loaded incrementally (and there is no meta_study file)'] },
  { site: 'load-study.ts:172', name: 'an incremental folder of a study the store does not hold', store: 'full', keepMetas: INCREMENTAL,
    edit: { 'meta_clinical_samples.txt': (t) => t.replace(`cancer_study_identifier: ${STUDY}`, 'cancer_study_identifier: study_nowhere') },
    errors: ["study_hg38: no meta_study file, and study 'study_nowhere' is not loaded: an incremental load needs the study first"] },

  // §3.1 Meta files (key: value)
  { site: 'text/key-value-file.ts:19', name: 'a case list that cannot be read (a folder)', keepMetas: BASE_METAS, add: { 'case_lists/cases_folder/x.txt': '' },
    errors: ['cases_folder: cannot read file: EISDIR: illegal operation on a directory, read'] },
  { site: 'text/key-value-file.ts:24', name: 'a meta line without a colon', keepMetas: BASE_METAS, edit: { 'meta_study.txt': appendLine('no colon here') },
    errors: ['meta_study.txt:9: expected "key: value", found "no colon here"'] },
  { site: 'text/key-value-file.ts:35', name: 'a case list without case_list_name', keepMetas: BASE_METAS,
    edit: { 'case_lists/cases_sequenced.txt': (t) => t.replace(/^case_list_name:.*\n/m, '') },
    errors: ["cases_sequenced.txt: missing required key 'case_list_name'"] },

  // §3.2 Tab-separated data files
  { site: 'text/tsv.ts:61', name: 'an empty data file', ...patients(() => ''), errors: ['data_clinical_patients.txt: file has no header line'] },
  { site: 'text/tsv.ts:68', name: 'a repeated column header', ...patients((t) => replaceLine(t, 5, setCell(4, 'OS_MONTHS'))),
    errors: ["data_clinical_patients.txt:5 (column OS_MONTHS): column header 'OS_MONTHS' is repeated"] },
  { site: 'text/tsv.ts:86', name: 'a data line starting with #', ...patients(appendLine('#TCGA-A2-A04Q')), errors: ['data_clinical_patients.txt:7: data line starts with #'] },
  { site: 'text/tsv.ts:93', name: 'a truncated row', ...patients((t) => replaceLine(t, 6, (l) => cells(l).slice(0, 3).join('\t'))),
    errors: ['data_clinical_patients.txt:6: expected 5 fields, found 3 (truncated row?)'] },
  { site: 'text/tsv.ts:96', name: 'a row longer than the header', ...patients((t) => replaceLine(t, 6, (l) => `${l}\textra`)),
    errors: ['data_clinical_patients.txt:6: expected 5 fields, found 6'] },

  // §3.3 Identifiers
  { site: 'context.ts:95', name: 'a sample missing from the clinical sample file', ...segments([['NOT-A-SAMPLE', ...SEGMENT.slice(1)]]),
    errors: ["data_seg.txt:2 (column ID): sample 'NOT-A-SAMPLE' is not defined in the clinical sample file"] },

  // §4 Meta file types
  { site: 'meta-types.ts:98', name: 'an unknown genetic_alteration_type/datatype', ...dataFile(type('MUTATION_XYZ', 'MAF'), []),
    errors: ["meta_x.txt: unknown genetic_alteration_type/datatype 'MUTATION_XYZ/MAF'"] },
  { site: 'meta-types.ts:108', name: 'an unknown resource_type', ...withFiles({ 'meta_resource.txt': { cancer_study_identifier: STUDY, resource_type: 'BOGUS', data_filename: 'x' } }),
    errors: ["meta_resource.txt: unknown resource_type 'BOGUS'"] },
  { site: 'meta-types.ts:110', name: 'a meta file of no type', ...withFiles({ 'meta_x.txt': { cancer_study_identifier: STUDY, data_filename: 'x' } }),
    errors: ['meta_x.txt: could not determine the file type (no genetic_alteration_type/datatype)'] },
  { site: 'meta-types.ts:113', name: 'a meta file without a required key', keepMetas: BASE_METAS, edit: { 'meta_clinical_samples.txt': (t) => t.replace(/^data_filename:.*\n?/m, '') },
    errors: ["meta_clinical_samples.txt: missing required key 'data_filename'", 'study_hg38: the study has no clinical sample file (meta with datatype SAMPLE_ATTRIBUTES)'] },

  // §5 Molecular profiles
  { site: 'store/profiles.ts:17', name: 'two meta files with one stable_id',
    ...withFiles({
      'meta_x.txt': { cancer_study_identifier: STUDY, ...expressionMeta(), stable_id: 'rna', profile_name: 'X', profile_description: 'X', data_filename: 'data_x.txt' },
      'meta_y.txt': { cancer_study_identifier: STUDY, ...expressionMeta(), stable_id: 'rna', profile_name: 'Y', profile_description: 'Y', data_filename: 'data_x.txt' },
      'data_x.txt': tsv(['Hugo_Symbol', S], ['TP53', '1.5']),
    }),
    errors: ["meta_y.txt: stable_id 'rna' is used by two meta files"] },
  { site: 'store/profiles.ts:45', name: 'a gene_panel that is not loaded (with the store)', store: 'genes', ...dataFile(expressionMeta({ gene_panel: 'NOPANEL' }), [['Hugo_Symbol', S], ['TP53', '1.5']]),
    errors: ["meta_x.txt: gene_panel 'NOPANEL' is not a loaded gene panel"] },

  // §6 Study meta file
  { site: 'formats/study.ts:24', name: 'an invalid study id', keepMetas: BASE_METAS,
    edit: Object.fromEntries(BASE_METAS.map((m) => [m, (t: string) => t.replace(STUDY, 'Study_HG38')])),
    errors: ["meta_study.txt:3: invalid study id 'Study_HG38' (lower-case letters, digits and _ only)"] },
  { site: 'formats/study.ts:27', name: 'an unknown reference genome', keepMetas: BASE_METAS, edit: { 'meta_study.txt': (t) => replaceLine(t, 2, () => 'reference_genome: hg99') },
    errors: ["meta_study.txt:2: unknown reference_genome 'hg99' (hg19, hg38 or mm10)"] },
  { site: 'formats/study.ts:30', name: 'a pmid that is not numbers', keepMetas: BASE_METAS, edit: { 'meta_study.txt': appendLine('pmid: 12,abc') },
    errors: ["meta_study.txt:9: pmid must be comma-separated integers: '12,abc'"] },
  { site: 'formats/study.ts:43', name: 'an unknown cancer type (with the store)', store: 'genes', keepMetas: BASE_METAS, edit: { 'meta_study.txt': (t) => replaceLine(t, 1, () => 'type_of_cancer: nosuchtype') },
    errors: ["meta_study.txt:1: unknown cancer type 'nosuchtype' (import the gene reference first, or define it in a cancer type file)"] },
  { site: 'formats/study.ts:60', name: 'a tags file that is not YAML', keepMetas: BASE_METAS, edit: { 'meta_study.txt': appendLine('tags_file: tags.yml') }, add: { 'tags.yml': 'a: [1, 2\n' },
    errors: ['tags.yml: tags file is not valid YAML or JSON: Flow sequence in block collection must be sufficiently indented and end with a ] at line 2, column 1:\n\na: [1, 2\n\n^\n'] },

  // §7 Cancer types
  { site: 'formats/cancer-type.ts:14', name: 'a cancer type line of 3 fields', ...cancerTypes(['newtype', 'New type', 'Red']),
    errors: ['data_cancer_type.txt:1: expected 4 fields (id, name, color, parent), found 3'] },
  { site: 'formats/cancer-type.ts:15', name: 'a blank cancer type field', ...cancerTypes(['newtype', 'New type', '', 'tissue']), errors: ['data_cancer_type.txt:1: blank field'] },
  { site: 'formats/cancer-type.ts:17', name: 'a cancer type defined twice', ...cancerTypes(['newtype', 'New type', 'Red', 'tissue'], ['NewType', 'New type', 'Red', 'tissue']),
    errors: ["data_cancer_type.txt:2: cancer type 'newtype' is defined twice"] },
  { site: 'formats/cancer-type.ts:23', name: 'an unknown parent cancer type (with the store)', store: 'genes', ...cancerTypes(['newtype', 'New type', 'Red', 'nosuchparent']),
    errors: ["data_cancer_type.txt:1 (column 4): unknown parent cancer type 'nosuchparent'"] },
  { site: 'formats/cancer-type.ts:25', name: 'warning: a cancer type the store has (with the store)', store: 'genes', ...cancerTypes(['brca', 'Breast', 'HotPink', 'tissue']),
    warnings: ["data_cancer_type.txt (line 1): cancer type 'brca' exists already and is kept as it is"] },

  // §8 Clinical data: the 4+1 header
  { site: 'formats/clinical-header.ts:23', name: 'three header lines', ...patients((t) => t.split('\n').filter((_, i) => i !== 3).join('\n')),
    errors: ['data_clinical_patients.txt:4: expected 4 header lines starting with # (names, descriptions, datatypes, priorities), found 3'] },
  { site: 'formats/clinical-header.ts:27', name: 'a header line of fewer columns', ...patients((t) => replaceLine(t, 2, (l) => cells(l).slice(0, 3).join('\t'))),
    errors: ['data_clinical_patients.txt:2: header line has 3 columns, the attribute id line has 5'] },
  { site: 'formats/clinical-header.ts:32', name: 'an empty display name', ...patients((t) => replaceLine(t, 1, setCell(1, ''))),
    errors: ['data_clinical_patients.txt:1 (column OS_STATUS): empty display name'] },
  { site: 'formats/clinical-header.ts:33', name: 'an empty description', ...patients((t) => replaceLine(t, 2, setCell(1, ''))),
    errors: ['data_clinical_patients.txt:2 (column OS_STATUS): empty description'] },
  { site: 'formats/clinical-header.ts:35', name: 'an unknown datatype', ...patients((t) => replaceLine(t, 3, setCell(1, 'TEXT'))),
    errors: ["data_clinical_patients.txt:3 (column OS_STATUS): datatype must be STRING, NUMBER or BOOLEAN, found 'TEXT'"] },
  { site: 'formats/clinical-header.ts:37', name: 'a priority below -1', ...patients((t) => replaceLine(t, 4, setCell(1, '-2'))),
    errors: ["data_clinical_patients.txt:4 (column OS_STATUS): priority must be an integer >= -1, found '-2'"] },
  // §8 Clinical data: attributes, samples, patients, values
  { site: 'formats/clinical.ts:31', name: 'MUTATION_COUNT given', ...patients((t) => replaceLine(t, 5, setCell(1, 'MUTATION_COUNT'))),
    errors: ['data_clinical_patients.txt:5 (column MUTATION_COUNT): MUTATION_COUNT is computed by the loader and may not be given'] },
  { site: 'formats/clinical.ts:46', name: 'a text in a NUMBER column', ...patients((t) => replaceLine(t, 6, setCell(2, 'twelve'))),
    errors: ["data_clinical_patients.txt:6 (column OS_MONTHS): value 'twelve' is not a number (datatype NUMBER)"] },
  { site: 'formats/clinical.ts:67', name: 'an attribute of both levels', ...patients((t) => replaceLine(t, 5, setCell(1, 'SUBTYPE'))),
    errors: ['data_clinical_patients.txt (column SUBTYPE): attribute SUBTYPE is defined in both the sample and the patient file'] },
  { site: 'formats/clinical.ts:110', name: 'a sample file without PATIENT_ID', ...samples(clinical(['PATIENT', 'SAMPLE_ID'], [[P, S]])),
    errors: ['data_clinical_samples.txt: the sample file needs SAMPLE_ID and PATIENT_ID columns'] },
  { site: 'formats/clinical.ts:118', name: 'an empty SAMPLE_ID', ...samples(clinical(['PATIENT_ID', 'SAMPLE_ID', 'SUBTYPE'], [[P, S, 'x'], ['P1', '', 'x']])),
    errors: ['data_clinical_samples.txt:7 (column SAMPLE_ID): empty SAMPLE_ID'] },
  { site: 'formats/clinical.ts:120', name: 'whitespace in a sample id', ...samples(clinical(['PATIENT_ID', 'SAMPLE_ID'], [[P, 'TCGA-A2-A04P 01']])),
    errors: ["data_clinical_samples.txt:6 (column SAMPLE_ID): whitespace in sample id 'TCGA-A2-A04P 01'"] },
  { site: 'formats/clinical.ts:127', name: 'a (non-TCGA) sample listed twice', ...samples(clinical(['PATIENT_ID', 'SAMPLE_ID'], [[P, S], ['P1', 'S1'], ['P1', 'S1']])),
    errors: ["data_clinical_samples.txt:8 (column SAMPLE_ID): sample 'S1' is listed twice"] },
  { site: 'formats/clinical.ts:144', name: 'a sample file of normals only', ...samples(clinical(['PATIENT_ID', 'SAMPLE_ID'], [[P, 'TCGA-A2-A04P-11']])),
    errors: ['data_clinical_samples.txt: the sample file defines no sample'] },
  { site: 'formats/clinical.ts:152', name: 'a TCGA sample of another patient', ...samples(clinical(['PATIENT_ID', 'SAMPLE_ID'], [['TCGA-A2-A04Q', S]])),
    errors: ["data_clinical_samples.txt:6 (column PATIENT_ID): PATIENT_ID 'TCGA-A2-A04Q' does not match the TCGA barcode of sample 'TCGA-A2-A04P-01'"] },
  { site: 'formats/clinical.ts:155', name: 'an empty PATIENT_ID', ...samples(clinical(['PATIENT_ID', 'SAMPLE_ID'], [[P, S], ['', 'S1']])),
    errors: ['data_clinical_samples.txt:7 (column PATIENT_ID): empty PATIENT_ID'] },
  { site: 'formats/clinical.ts:162', name: 'an incremental sample moved to another patient (with the store)', store: 'full', ...samples(clinical(['PATIENT_ID', 'SAMPLE_ID'], [['P2', 'S1']]), INCREMENTAL),
    errors: ["data_clinical_samples.txt:6: sample 'S1' belongs to another patient already"] },
  { site: 'formats/clinical.ts:177', name: 'a patient file without PATIENT_ID', ...patients((t) => replaceLine(t, 5, setCell(0, 'PATIENT'))),
    errors: ['data_clinical_patients.txt: the patient file needs a PATIENT_ID column'] },
  { site: 'formats/clinical.ts:178', name: 'a patient file with SAMPLE_ID', ...patients((t) => replaceLine(t, 5, setCell(1, 'SAMPLE_ID'))),
    errors: ['data_clinical_patients.txt (column SAMPLE_ID): the patient file may not have a SAMPLE_ID column'] },
  { site: 'formats/clinical.ts:186', name: 'an empty PATIENT_ID in the patient file', ...patients((t) => replaceLine(t, 6, setCell(0, ''))),
    errors: ['data_clinical_patients.txt:6 (column PATIENT_ID): empty PATIENT_ID'] },
  { site: 'formats/clinical.ts:188', name: 'a patient listed twice', ...patients((t) => replaceLine(t, 6, (l) => `${l}\n${l}`)),
    errors: [`data_clinical_patients.txt:7 (column PATIENT_ID): patient '${P}' is listed twice`] },
  { site: 'formats/clinical.ts:208', name: 'a patient file of NA values only', ...patients((t) => replaceLine(t, 6, () => [P, 'NA', '', 'NA', ''].join('\t'))),
    errors: ['data_clinical_patients.txt: No data was added: the patient file stores no value'] },
  { site: 'formats/clinical.ts:48 (coerced-values.ts:19)', name: 'warning: a NUMBER value that is not finite', ...patients((t) => replaceLine(t, 6, setCell(2, 'inf'))),
    warnings: ["data_clinical_patients.txt (line 6): 1 OS_MONTHS value(s) not a finite number (datatype NUMBER): not stored (first: 'inf')"] },
  { site: 'formats/clinical.ts:128', name: 'warning: a TCGA sample listed twice', ...samples(clinical(['PATIENT_ID', 'SAMPLE_ID'], [[P, S], [P, S]])),
    warnings: ['data_clinical_samples.txt (line 7): TCGA sample listed twice; the first row is kept'] },
  { site: 'formats/clinical.ts:192', name: 'warning: a patient with no samples', ...patients(appendLine(['TCGA-A2-A04Q', 'LIVING', '1', '', ''].join('\t'))),
    warnings: ['data_clinical_patients.txt (line 7): clinical data for a patient with no samples'] },
  { site: 'formats/clinical.ts:210', name: 'warning: a patient without a row in the patient file',
    ...samples(clinical(['PATIENT_ID', 'SAMPLE_ID'], [[P, S], ['P1', 'S1']]), PATIENT_METAS),
    warnings: ['data_clinical_patients.txt: 1 patient(s) with samples have no row in the patient file'] },
  // §10 Mutations (MAF)
  { site: 'formats/maf/maf-header.ts:13', name: 'an unknown swissprot_identifier', ...maf([MAF_HEADER, MUTATION], { swissprot_identifier: 'uniprot' }),
    errors: ["meta_x.txt: swissprot_identifier must be 'name' or 'accession', not 'uniprot'"] },
  { site: 'formats/maf/maf-header.ts:24', name: 'a normal sample in #sequenced_samples', ...maf([['#sequenced_samples: TCGA-A2-A04P-11'], MAF_HEADER, MUTATION]),
    errors: ["data_x.txt: #sequenced_samples: sample 'TCGA-A2-A04P-11' is not defined in the clinical sample file"] },
  { site: 'formats/maf/maf-header.ts:32', name: 'a MAF without Tumor_Sample_Barcode', ...maf([MAF_HEADER.map((c) => (c === 'Tumor_Sample_Barcode' ? 'Sample' : c)), MUTATION]),
    errors: ['data_x.txt:1: the MAF has no Tumor_Sample_Barcode column'] },
  { site: 'formats/maf/maf-header.ts:33', name: 'a MAF without Hugo_Symbol and Entrez_Gene_Id', ...maf([MAF_HEADER.map((c) => c.replace(/^(Hugo_Symbol|Entrez_Gene_Id)$/, 'Gene $1')), MUTATION]),
    errors: ['data_x.txt:1: the MAF has neither a Hugo_Symbol nor an Entrez_Gene_Id column'] },
  { site: 'formats/maf/maf-header.ts:34', name: 'warning: a declared namespace without columns', ...maf([MAF_HEADER, MUTATION], { namespaces: 'zzz' }),
    warnings: ["meta_x.txt: namespace 'zzz' is declared but the MAF has no 'zzz.*' column"] },
  { site: 'formats/maf/maf-header.ts:38', name: 'warning: an ASCN namespace missing columns', ...maf([[...MAF_HEADER, 'ASCN.TOTAL_COPY_NUMBER'], [...MUTATION, '2']], { namespaces: 'ASCN' }),
    warnings: ['data_x.txt (line 1): ASCN namespace without column(s) ASCN.ASCN_METHOD, ASCN.ASCN_INTEGER_COPY_NUMBER, ASCN.MINOR_COPY_NUMBER, ASCN.CCF_EXPECTED_COPIES, ASCN.CCF_EXPECTED_COPIES_UPPER, ASCN.CLONAL, ASCN.EXPECTED_ALT_COPIES'] },
  { site: 'formats/maf/maf-header.ts:68', name: "warning: an NCBI_Build other than the study's genome", ...maf([MAF_HEADER, mutation({ NCBI_Build: 'GRCh37' })]),
    warnings: ["data_x.txt (line 2): NCBI_Build 'GRCh37' does not match the study genome GRCh38 (1 row(s))"] },
  { site: 'formats/maf.ts:65 (coerced-values.ts:19)', name: 'warning: a position that is not an integer', ...maf([MAF_HEADER, mutation({ Start_Position: 'abc' })]),
    warnings: ["data_x.txt (line 2): 1 Start_Position value(s) not a non-negative integer: stored as 0 (first: 'abc')"] },
  { site: 'formats/maf/skip-tally.ts:36', name: 'warning: rows skipped (a Variant_Classification not loaded)', ...maf([MAF_HEADER, mutation({ Variant_Classification: 'RNA' })]),
    warnings: ['data_x.txt (line 2): 1 row(s) skipped: Variant_Classification RNA (first: RNA)'] },

  // §11 Discrete copy number: wide with its pd annotations file, long
  { site: 'formats/cna-discrete.ts:48', name: 'a pd annotations file without a required column', ...cnaWithAnnotations([PD_HEADER.slice(0, 5), [S, '7157', 'Putative_Driver', 'x', 'Class 1']]),
    errors: ['data_pd.txt:1: the column cbp_driver_tiers_annotation is required in a pd annotations file'] },
  { site: 'formats/cna-discrete.ts:55', name: 'a pd annotation Entrez_Gene_Id that is not a number', ...cnaWithAnnotations([PD_HEADER, [S, 'TP53', 'Putative_Driver', 'x', 'Class 1', 'y']]),
    errors: ["data_pd.txt:2 (column entrez_gene_id): Entrez_Gene_Id 'TP53' is not a number"] },
  { site: 'formats/cna-discrete.ts:57', name: 'a sample and gene annotated twice', ...cnaWithAnnotations([PD_HEADER, PD_ROW, PD_ROW]),
    errors: [`data_pd.txt:3: sample ${S} and gene 7157 are annotated twice`] },
  { site: 'formats/cna-discrete.ts:60', name: 'warning: an annotation of no sample of the study', ...cnaWithAnnotations([PD_HEADER, ['NOT-A-SAMPLE', ...PD_ROW.slice(1)]]),
    warnings: ['data_pd.txt (line 2): SAMPLE_ID matches no sample of the study (compared without TCGA normalisation), row ignored'] },
  { site: 'formats/cna-discrete.ts:61', name: 'warning: an annotation of a gene not in the CNA file', ...cnaWithAnnotations([PD_HEADER, [S, '672', ...PD_ROW.slice(2)]]),
    warnings: ['data_pd.txt (line 2): gene not in the CNA data file, row ignored'] },
  { site: 'formats/cna-long.ts:59', name: 'a long CNA file without gene columns', ...cnaLong([['Gene', 'Sample_Id', 'Value'], ['TP53', S, '-2']]),
    errors: ['data_x.txt:1: at least one of the columns Hugo_Symbol and Entrez_Gene_Id is required'] },
  { site: 'formats/cna-long.ts:61', name: 'a long CNA file without Value', ...cnaLong([['Hugo_Symbol', 'Sample_Id', 'CNA'], ['TP53', S, '-2']]),
    errors: ['data_x.txt:1: the column Value is required'] },
  { site: 'formats/cna-long.ts:74', name: 'an alias of two genes in a long CNA file (with the store)', store: 'genes', ...cnaLong([LONG_HEADER, ['CYP1', '', S, '-2']]),
    errors: ["data_x.txt:2 (column Hugo_Symbol): gene symbol 'CYP1' is an alias of several genes"] },
  { site: 'formats/cna-long.ts:64', name: 'warning: a declared namespace without columns', ...cnaLong([LONG_HEADER, LONG_ROW], { namespaces: 'zzz' }),
    warnings: ["data_x.txt (line 1): namespace 'zzz' of the meta file has no column"] },
  { site: 'formats/cna-long.ts:72', name: 'warning: an Entrez_Gene_Id that is not a number', ...cnaLong([LONG_HEADER, ['TP53', 'p53', S, '-2']]),
    warnings: ['data_x.txt (line 2): Entrez_Gene_Id is not a number, the symbol is used'] },
  { site: 'formats/cna-long.ts:76', name: 'warning: a row without a gene', ...cnaLong([LONG_HEADER, LONG_ROW, ['', '', S, '-2']]),
    warnings: ['data_x.txt (line 3): no Hugo_Symbol and no usable Entrez_Gene_Id, row skipped'] },
  { site: 'formats/cna-long.ts:84', name: 'warning: a Value that is no CNA level', ...cnaLong([LONG_HEADER, LONG_ROW, ['BRCA1', '672', S, '3']]),
    warnings: ['data_x.txt (line 3): Value is not a discrete CNA level (-2, -1.5, -1, 0, 1, 2), row skipped'] },
  { site: 'formats/cna-long.ts:91', name: 'warning: a gene and sample given twice', ...cnaLong([LONG_HEADER, LONG_ROW, LONG_ROW]),
    warnings: ['data_x.txt (line 3): gene and sample already given on an earlier row, row skipped'] },

  // §12 Matrix data (here an expression file; protein files for the RPPA rules)
  { site: 'formats/gene-matrix.ts:146', name: 'a matrix row longer than the header', ...expression([['Hugo_Symbol', S], ['TP53', '1.5', '2']]),
    errors: ['data_x.txt:2: expected 2 fields, found 3'] },
  { site: 'formats/gene-matrix.ts:147', name: 'a control character in a matrix line', ...expression([['Hugo_Symbol', S], ['TP53', '1.5\u0001']]),
    errors: ['data_x.txt:2: the line holds a control character (\\u0001)'] },
  { site: 'formats/gene-matrix.ts:169', name: 'a matrix of comment lines only', ...expression([['#comment']]), errors: ['data_x.txt: file has no header line'] },
  { site: 'formats/gene-matrix.ts:176', name: 'a repeated matrix column', ...expression([['Hugo_Symbol', S, S], ['TP53', '1.5', '2']]),
    errors: [`data_x.txt:1 (column ${S}): column header '${S}' is repeated`] },
  { site: 'formats/gene-matrix.ts:180', name: 'a matrix without gene columns', ...expression([['Gene', S], ['TP53', '1.5']]),
    errors: ['data_x.txt:1: at least one of the columns Hugo_Symbol and Entrez_Gene_Id is required'] },
  { site: 'formats/gene-matrix.ts:180', name: 'a matrix without sample columns', ...expression([['Hugo_Symbol', 'Entrez_Gene_Id'], ['TP53', '7157']]),
    errors: ['data_x.txt:1: the file has no sample columns'] },
  { site: 'formats/gene-matrix.ts:226', name: 'a matrix line DuckDB cannot read (invalid UTF-8)',
    ...expression([]), add: { ...expression([]).add, 'data_x.txt': Buffer.concat([Buffer.from(`Hugo_Symbol\t${S}\nTP53\t1.5`), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]) },
    errors: ['data_x.txt:2: cannot read the matrix: Invalid unicode (byte sequence mismatch) detected. This file is not utf-8 encoded.'] },
  // gene-matrix.ts:235 (lines DuckDB and the line reader split apart) was reached by no input tried (a lone CR, CRLF mixed with LF: both readers agree).
  { site: 'formats/gene-matrix.ts:101', name: 'warning: no row could be loaded', ...expression([['Hugo_Symbol', S], ['---', '1.5']]),
    warnings: ["data_x.txt (line 2): symbol is an unknown gene ('---'), row skipped", 'data_x.txt: no row or no sample column of the file could be loaded'] },
  { site: 'formats/gene-matrix.ts:136', name: 'warning: a comment line after the header', ...expression([['Hugo_Symbol', S], ['#comment'], ['TP53', '1.5']]),
    warnings: ['data_x.txt (line 2): comment line after the header ignored'] },
  { site: 'formats/gene-matrix.ts:153', name: "warning: a row skipped for its gene ('///')", ...expression([['Hugo_Symbol', S], ['TP53', '1.5'], ['BRCA1///BRCA2', '2']]),
    warnings: ["data_x.txt (line 3): symbol names several genes ('///'), row skipped"] },
  { site: 'formats/gene-matrix.ts:158', name: 'warning: a gene given twice', ...expression([['Hugo_Symbol', S], ['TP53', '1.5'], ['TP53', '2']]),
    warnings: ['data_x.txt (line 3): gene already loaded from an earlier row of the file, row skipped for it'] },
  { site: 'formats/gene-matrix.ts:188', name: 'warning: two columns of one sample (after TCGA normalisation)', ...expression([['Hugo_Symbol', S, `${S}A`], ['TP53', '1.5', '2']]),
    warnings: [`data_x.txt (line 1): sample column repeated (after TCGA normalisation), column ignored`] },
  { site: 'formats/gene-matrix.ts:269', name: 'warning: a cell that is not a number', ...expression([['Hugo_Symbol', S], ['TP53', 'high']]),
    warnings: [`data_x.txt (line 2): 1 cell(s) neither a number nor NA: stored as written, read as no value (first: 'high', sample ${S})`] },
  { site: 'formats/rppa.ts:54', name: "warning: an antibody of gene 'NA'", ...protein([['Composite.Element.REF', S], ['NA|ab1', '1.5'], ['TP53|ab2', '1']]),
    warnings: ["data_x.txt (line 2): gene 'NA' read as not available, skipped for this row", 'data_x.txt (line 2): no gene of the antibody found, row skipped'] },
  { site: 'formats/rppa.ts:58', name: 'warning: an antibody of an unknown gene (with the store)', store: 'genes', ...protein([['Composite.Element.REF', S], ['NOTAGENE TP53|ab1', '1.5']]),
    warnings: ['data_x.txt (line 2): gene of the antibody not found, skipped for this row'] },
  { site: 'formats/rppa.ts:85', name: 'warning: a phosphoprotein added', ...protein([['Composite.Element.REF', S], ['TP53|TP53_pS15', '1.5']]),
    warnings: ['data_x.txt (line 2): phosphoprotein added to the gene table'] },

  // §13 Segmented copy number
  { site: 'formats/segment.ts:37', name: 'a SEG genome neither hg19 nor hg38', ...segments([SEGMENT], 'hg18'),
    errors: ["meta_seg.txt:4: reference_genome_id 'hg18' is not one of hg19, hg38"] },
  { site: 'formats/segment.ts:41', name: 'two SEG files', ...withFiles({ 'meta_seg.txt': segMeta(), 'meta_seg2.txt': segMeta(), 'data_seg.txt': tsv(SEG_HEADER, SEGMENT) }),
    errors: ['meta_seg2.txt: a study may have only one SEG file'] },
  { site: 'formats/segment.ts:44', name: 'an incremental SEG file of another genome (with the store)', store: 'full', ...segments([SEGMENT], 'hg19', INCREMENTAL),
    errors: ["meta_seg.txt:4: the study's segments are hg38 data; this file is hg19"] },
  { site: 'formats/segment.ts:54', name: 'a SEG file starting with a comment', ...withFiles({ 'meta_seg.txt': segMeta(), 'data_seg.txt': `#comment\n${tsv(SEG_HEADER, SEGMENT)}` }),
    errors: ['data_seg.txt:1: a SEG file must start with its header line (no # lines)'] },
  { site: 'formats/segment.ts:55', name: 'a SEG header of five columns', ...withFiles({ 'meta_seg.txt': segMeta(), 'data_seg.txt': tsv(SEG_HEADER.slice(0, 5), SEGMENT.slice(0, 5)) }),
    errors: ['data_seg.txt:1: the header must have the columns ID, chrom, loc.start, loc.end, num.mark, seg.mean'] },
  { site: 'formats/segment.ts:62', name: 'a segment on no chromosome', ...segments([[S, 'chr99', '1000', '2000', '10', '0.5']]),
    errors: ["data_seg.txt:2 (column chrom): chromosome 'chr99' is not one of 1-24, X, Y"] },
  { site: 'formats/segment.ts:39', name: "warning: a SEG genome other than the study's", ...segments([SEGMENT], 'hg19'),
    warnings: ["meta_seg.txt (line 4): reference_genome_id 'hg19' differs from the study's reference genome 'hg38'"] },
  { site: 'formats/segment.ts:57', name: 'warning: SEG header names other than the standard ones', ...withFiles({ 'meta_seg.txt': segMeta(), 'data_seg.txt': tsv(['sample', ...SEG_HEADER.slice(1)], SEGMENT) }),
    warnings: ['data_seg.txt (line 1): header should be ID, chrom, loc.start, loc.end, num.mark, seg.mean (columns are read by position)'] },
  { site: 'formats/segment.ts:63', name: 'warning: a zero-length segment', ...segments([SEGMENT, [S, '2', '1000', '1000', '10', '0.5']]),
    warnings: ['data_seg.txt (line 3): zero-length segment (loc.start = loc.end); row skipped'] },

  // §14 GISTIC and MutSig
  { site: 'formats/gistic.ts:67', name: 'a GISTIC file without q_value', ...gistic([GISTIC_HEADER.slice(0, 6), GISTIC_ROW.slice(0, 6)]),
    errors: ['data_gistic.txt:1: missing column q_value'] },
  { site: 'formats/gistic.ts:77', name: 'a GISTIC chromosome that is not one', ...gistic([GISTIC_HEADER, ['chr17', ...GISTIC_ROW.slice(1)]]),
    errors: ["data_gistic.txt:2 (column chromosome): 'chr17' is not a valid chromosome"] },
  { site: 'formats/gistic.ts:61', name: 'warning: a GISTIC genome neither hg19 nor hg38', ...gistic([GISTIC_HEADER, GISTIC_ROW], 'hg18'),
    warnings: ["meta_gistic.txt: reference_genome_id 'hg18' is not hg19 or hg38 (a validator ERROR)"] },
  { site: 'formats/gistic.ts:79', name: 'warning: a deletion in an amplification file', ...gistic([GISTIC_HEADER, GISTIC_ROW.map((c, i) => (i === 4 ? '0' : c))]),
    warnings: ['data_gistic.txt (line 2): amp 0 in a GISTIC_GENES_AMP file (a validator ERROR; stored as written)'] },
  { site: 'formats/gistic.ts:83', name: 'warning: a region on chromosome X', ...gistic([GISTIC_HEADER, ['X', ...GISTIC_ROW.slice(1)]]),
    warnings: ['data_gistic.txt (line 2): chromosome 23 is outside 1-22 (the reference importer skips X/Y regions); region skipped'] },
  { site: 'formats/gistic.ts:104', name: 'warning: an unknown gene in a region (with the store)', store: 'genes', ...gistic([GISTIC_HEADER, GISTIC_ROW.map((c, i) => (i === 3 ? 'TP53,NOTAGENE' : c))]),
    warnings: ["data_gistic.txt (line 2): gene 'NOTAGENE' not found or ambiguous; skipped"] },
  { site: 'formats/gistic.ts:105', name: 'warning: a miRNA gene in a region (with the store)', store: 'genes', ...gistic([GISTIC_HEADER, GISTIC_ROW.map((c, i) => (i === 3 ? 'TP53,MIR758' : c))]),
    warnings: ["data_gistic.txt (line 2): miRNA gene 'MIR758' skipped"] },
  { site: 'formats/gistic.ts:106', name: 'warning: a gene twice in a region', ...gistic([GISTIC_HEADER, GISTIC_ROW.map((c, i) => (i === 3 ? 'TP53,TP53' : c))]),
    warnings: ["data_gistic.txt (line 2): gene 'TP53' repeated in the region; skipped"] },
  { site: 'formats/mutsig.ts:42', name: 'a MutSig file without q', ...mutsig([MUTSIG_HEADER.slice(0, 5), MUTSIG_ROW.slice(0, 5)]), errors: ['data_mutsig.txt:1: missing column q'] },
  { site: 'formats/mutsig.ts:51', name: 'a MutSig N that is not an integer', ...mutsig([MUTSIG_HEADER, MUTSIG_ROW.map((c, i) => (i === 2 ? 'many' : c))]),
    errors: ["data_mutsig.txt:2 (column N): 'many' is not an integer"] },
  { site: 'formats/mutsig.ts:57', name: 'a MutSig p that is not a number', ...mutsig([MUTSIG_HEADER, MUTSIG_ROW.map((c, i) => (i === 4 ? 'low' : c))]),
    errors: ["data_mutsig.txt:2 (column p): 'low' is not a number"] },
  { site: 'formats/mutsig.ts:64', name: 'warning: q >= 0.1', ...mutsig([MUTSIG_HEADER, MUTSIG_ROW.map((c, i) => (i === 5 ? '0.5' : c))]),
    warnings: ['data_mutsig.txt (line 2): q >= 0.1; row skipped'] },
  { site: 'formats/mutsig.ts:69', name: 'warning: an unknown MutSig gene (with the store)', store: 'genes', ...mutsig([MUTSIG_HEADER, MUTSIG_ROW.map((c, i) => (i === 1 ? 'NOTAGENE' : c))]),
    warnings: ["data_mutsig.txt (line 2): gene 'NOTAGENE' not found or ambiguous; row skipped"] },
  { site: 'formats/mutsig.ts:73', name: 'warning: a MutSig gene twice', ...mutsig([MUTSIG_HEADER, MUTSIG_ROW, MUTSIG_ROW.map((c, i) => (i === 0 ? '2' : c))]),
    warnings: ["data_mutsig.txt (line 3): gene 'TP53' repeated; the first row is kept"] },

  // §15 Structural variants
  { site: 'formats/structural-variant.ts:39', name: 'a structural variant file without Sample_Id', ...sv([['Sample', ...SV_HEADER.slice(1)], SV_ROW]),
    errors: ['data_x.txt:1: missing required column Sample_Id'] },
  { site: 'formats/structural-variant.ts:40', name: 'warning: no SV_Status column', ...sv([SV_HEADER.filter((c) => c !== 'SV_Status'), SV_ROW.filter((_, i) => SV_HEADER[i] !== 'SV_Status')]),
    warnings: ['data_x.txt (line 1): no SV_Status column: the reference importer skips every row', 'data_x.txt (line 2): SV_Status missing (validator assumes SOMATIC, the reference importer skips the row)'] },
  { site: 'formats/structural-variant.ts:42', name: 'warning: a declared namespace without columns', ...sv([SV_HEADER, SV_ROW], { namespaces: 'zzz' }),
    warnings: ["meta_x.txt: namespace 'zzz' has no column in <dir>/data_x.txt"] },
  { site: 'formats/structural-variant.ts:53', name: 'warning: a row without Sample_Id', ...sv([SV_HEADER, SV_ROW, ['NA', ...SV_ROW.slice(1)]]),
    warnings: ['data_x.txt (line 3): no Sample_Id; row skipped'] },
  { site: 'formats/structural-variant.ts:57', name: 'warning: a row without SV_Status', ...sv([SV_HEADER, SV_ROW, svRow({ SV_Status: 'NA' })]),
    warnings: ['data_x.txt (line 3): SV_Status missing (validator assumes SOMATIC, the reference importer skips the row)'] },
  { site: 'formats/structural-variant.ts:60', name: 'warning: an SV_Status neither SOMATIC nor GERMLINE', ...sv([SV_HEADER, svRow({ SV_Status: 'OTHER' })]),
    warnings: ["data_x.txt (line 2): SV_Status 'OTHER' is neither SOMATIC nor GERMLINE"] },
  { site: 'context.ts:96', name: 'warning: a structural variant of an unknown sample', ...sv([SV_HEADER, SV_ROW, svRow({ Sample_Id: 'NOT-A-SAMPLE' })]),
    warnings: ['data_x.txt (line 3): sample not defined in the clinical sample file, row skipped'] },
  { site: 'formats/structural-variant.ts:66', name: 'warning: no gene at either site', ...sv([SV_HEADER, SV_ROW, svRow({ Site1_Hugo_Symbol: '', Site2_Hugo_Symbol: '' })]),
    warnings: ['data_x.txt (line 3): no gene identifier at either site; row skipped'] },
  { site: 'formats/structural-variant.ts:70', name: 'warning: an unknown site gene (with the store)', store: 'genes', ...sv([SV_HEADER, svRow({ Site2_Hugo_Symbol: 'NOTAGENE' })]),
    warnings: ['data_x.txt (line 2): site 2 gene not found or ambiguous; stored without a gene'] },
  { site: 'formats/structural-variant.ts:78', name: 'warning: a structural variant twice', ...sv([SV_HEADER, SV_ROW, SV_ROW]),
    warnings: ['data_x.txt (line 3): duplicate structural variant (same sample, sites and Event_Info); the first row is kept'] },

  // §16 Gene panels and the gene panel matrix
  { site: 'reference/gene-panels.ts:58', name: 'an unknown gene in a gene panel (with the store)', store: 'genes', ...withFiles({ 'data_gene_panel_x.txt': panelFile('PANEL_X', 'TP53', 'NOTAGENE') }),
    errors: ["data_gene_panel_x.txt:3: gene 'NOTAGENE' of gene panel PANEL_X is unknown"] },
  { site: 'reference/gene-panels.ts:59', name: 'a gene twice in a gene panel', ...withFiles({ 'data_gene_panel_x.txt': panelFile('PANEL_X', 'TP53', 'TP53') }),
    errors: ["data_gene_panel_x.txt:3: gene 'TP53' is listed twice in gene panel PANEL_X"] },
  { site: 'reference/gene-panels.ts:32', name: 'warning: a panel used by another study, with other genes (with the store)', store: 'full',
    keepMetas: BASE_METAS, add: { 'data_gene_panel_x.txt': panelFile('PANEL_USED', 'TP53') },
    edit: Object.fromEntries([...BASE_METAS, 'case_lists/cases_sequenced.txt'].map((f) => [f, (t: string) => t.replaceAll(STUDY, 'study_other')])),
    warnings: ['data_gene_panel_x.txt: gene panel PANEL_USED exists with another gene list and is used by study study_hg38: not replaced'] },
  { site: 'reference/gene-panels.ts:35', name: 'warning: a panel used by no study, with other genes (with the store)', store: 'full',
    ...withFiles({ 'data_gene_panel_x.txt': panelFile('PANEL_FREE', 'TP53') }),
    warnings: ['data_gene_panel_x.txt: gene panel PANEL_FREE existed with another gene list and was replaced'] },
  { site: 'formats/gene-panel-matrix.ts:23', name: 'a gene panel matrix without SAMPLE_ID', ...panelMatrix([['SAMPLE', 'mutations'], [S, 'PANEL_X']]),
    errors: ['data_gene_panel_matrix.txt:1: the column SAMPLE_ID is required'] },
  { site: 'formats/gene-panel-matrix.ts:28', name: 'a gene panel matrix column naming no profile', ...panelMatrix([['SAMPLE_ID', 'nosuchprofile'], [S, 'PANEL_X']]),
    errors: ["data_gene_panel_matrix.txt:1 (column nosuchprofile): 'nosuchprofile' names no molecular profile of the study"] },
  { site: 'formats/gene-panel-matrix.ts:63', name: 'a blank gene panel matrix cell', ...panelMatrix([['SAMPLE_ID', 'mutations'], [S, '']]),
    errors: ['data_gene_panel_matrix.txt:2 (column mutations): blank cell: write a gene panel id, WXS, WGS, WXS/WGS or NA'] },
  { site: 'formats/gene-panel-matrix.ts:67', name: 'a gene panel that is not loaded (with the store)', store: 'genes', ...panelMatrix([['SAMPLE_ID', 'mutations'], [S, 'NOPANEL']]),
    errors: ["data_gene_panel_matrix.txt:2 (column mutations): gene panel 'NOPANEL' is not loaded"] },
  { site: 'formats/gene-panel-matrix.ts:39', name: 'warning: a sample twice in the gene panel matrix', ...panelMatrix([['SAMPLE_ID', 'mutations'], [S, 'PANEL_X'], [S, 'PANEL_X']]),
    warnings: ['data_gene_panel_matrix.txt (line 3): sample listed twice, row ignored'] },

  // §17 Generic assay
  { site: 'formats/generic-assay.ts:36', name: 'a generic assay file not starting with ENTITY_STABLE_ID', ...assay([['ENTITY', 'NAME', S], ASSAY_ROW]),
    errors: ['data_x.txt:1 (column ENTITY): the first column of a generic assay file must be ENTITY_STABLE_ID'] },
  { site: 'formats/generic-assay.ts:48', name: 'a generic assay file without sample columns', ...assay([['ENTITY_STABLE_ID', 'NAME'], ASSAY_ROW.slice(0, 2)]),
    errors: ['data_x.txt:1: could not find a sample column in the header'] },
  { site: 'formats/generic-assay.ts:66', name: 'a generic assay meta without generic_assay_type', ...assay([ASSAY_HEADER, ASSAY_ROW], { generic_assay_type: '' }),
    errors: ["meta_x.txt: missing required key 'generic_assay_type'"] },
  { site: 'formats/generic-assay.ts:69', name: 'a TREATMENT_RESPONSE profile without pivot_threshold_value', ...assay([ASSAY_HEADER, ASSAY_ROW], { generic_assay_type: 'TREATMENT_RESPONSE' }),
    errors: ["meta_x.txt: TREATMENT_RESPONSE profiles need the key 'pivot_threshold_value'"] },
  // generic-assay.ts:72 (patient-level data loaded incrementally) is dead code: openIncremental (load-study.ts:169) refuses such a folder first.
  { site: 'formats/generic-assay.ts:104', name: 'an empty ENTITY_STABLE_ID', ...assay([ASSAY_HEADER, ASSAY_ROW, ['', 'Sig 2', '0.5']]),
    errors: ['data_x.txt:3 (column ENTITY_STABLE_ID): empty ENTITY_STABLE_ID'] },
  { site: 'formats/generic-assay.ts:124', name: 'a generic assay file without rows', ...assay([ASSAY_HEADER]), errors: ['data_x.txt: the file holds no entity rows'] },
  { site: 'formats/generic-assay.ts:136', name: 'one sample in two columns', ...assay([[...ASSAY_HEADER, `${S}A`], [...ASSAY_ROW, '0.1']]),
    errors: [`data_x.txt:1 (column ${S}A): sample '${S}A' appears in two columns`] },
  { site: 'formats/generic-assay.ts:146', name: 'an unknown patient column', ...assay([['ENTITY_STABLE_ID', 'NAME', 'NOPATIENT'], ASSAY_ROW], { patient_level: 'true' }),
    errors: ["data_x.txt:1 (column NOPATIENT): patient 'NOPATIENT' is not a patient of the study"] },
  { site: 'formats/generic-assay.ts:78', name: 'warning: a declared property without a column', ...assay([ASSAY_HEADER, ASSAY_ROW], { generic_entity_meta_properties: 'NAME,URL' }),
    warnings: ["data_x.txt (line 1): declared entity property 'URL' has no column; not stored"] },
  { site: 'formats/generic-assay.ts:100', name: 'warning: a row longer than the header (patient level)', ...assay([['ENTITY_STABLE_ID', 'NAME', P], ASSAY_ROW, ['sig2', 'Sig 2', '0.5', 'extra']], { patient_level: 'true' }),
    warnings: ['data_x.txt (line 3): line has more fields than the header; skipped'] },
  { site: 'formats/generic-assay.ts:106', name: 'warning: an entity twice', ...assay([ASSAY_HEADER, ASSAY_ROW, ASSAY_ROW]),
    warnings: ["data_x.txt (line 3): ENTITY_STABLE_ID 'sig1' repeated; the first row is kept"] },
  { site: 'formats/generic-assay.ts:126', name: 'warning: a LIMIT-VALUE cell that is not a number', ...assay([ASSAY_HEADER, ['sig1', 'Sig 1', 'high']]),
    warnings: [`data_x.txt: 1 cells are not valid LIMIT-VALUE values, e.g. 'high' (line 2, column ${S}); stored as text`] },

  // §18 GSVA
  { site: 'formats/gsva.ts:15', name: 'a GSVA meta without source_stable_id', ...gsva([GSVA_HEADER, GSVA_ROW], { source_stable_id: '' }),
    errors: ["meta_gsva.txt: missing required key 'source_stable_id'"] },
  { site: 'formats/gsva.ts:17', name: 'a GSVA source that is not a profile', ...gsva([GSVA_HEADER, GSVA_ROW], { source_stable_id: 'nosuchprofile' }),
    errors: ["meta_gsva.txt:6: source_stable_id 'nosuchprofile' is not a profile of the study"] },
  { site: 'formats/gsva.ts:23', name: 'a GSVA file not starting with geneset_id', ...gsva([['gene_set', S], GSVA_ROW]),
    errors: ['data_gsva.txt:1 (column gene_set): the first column of a GSVA file must be geneset_id'] },
  { site: 'formats/gsva.ts:61', name: 'a GSVA file without rows', ...gsva([GSVA_HEADER]), errors: ['data_gsva.txt: no row of the file names a loaded gene set'] },
  { site: 'formats/gsva.ts:68', name: 'GSVA data and no gene sets in the store (with a store of genes only)', store: 'genes', ...gsva([GSVA_HEADER, GSVA_ROW]),
    errors: ['meta_gsva.txt: no gene sets are loaded: run `duckportal genesets import` first'] },
  { site: 'formats/gsva.ts:70', name: 'a GSVA meta without geneset_def_version', ...gsva([GSVA_HEADER, GSVA_ROW], { geneset_def_version: '' }),
    errors: ["meta_gsva.txt: missing required key 'geneset_def_version'"] },
  { site: 'formats/gsva.ts:72', name: 'a geneset_def_version other than the loaded one (with the store)', store: 'full', ...gsva([GSVA_HEADER, GSVA_ROW], { geneset_def_version: 'msigdb_0' }),
    errors: ["meta_gsva.txt:7: geneset_def_version 'msigdb_0' differs from the loaded gene-set version 'msigdb_7.5.1'"] },
  { site: 'formats/gsva.ts:40', name: 'warning: a gene set that is not loaded (with the store)', store: 'full', ...gsva([GSVA_HEADER, GSVA_ROW, ['NOT_A_GENESET', '0.5']]),
    warnings: ['data_gsva.txt (line 3): gene set not loaded; row skipped'] },
  { site: 'formats/gsva.ts:44', name: 'warning: a gene set twice', ...gsva([GSVA_HEADER, GSVA_ROW, GSVA_ROW]),
    warnings: [`data_gsva.txt (line 3): gene set ${GSVA_ROW[0]} repeated; the first row is kept`] },
  { site: 'formats/gsva.ts:63', name: 'warning: a score out of range', ...gsva([GSVA_HEADER, [GSVA_ROW[0], '5']]),
    warnings: [`data_gsva.txt: 1 cells are out of range or not numbers, e.g. '5' (line 2, column ${S}); stored as text`] },

  // §19 Timeline
  { site: 'formats/timeline.ts:23', name: 'a timeline header in another order', ...timeline([['PATIENT_ID', 'EVENT_TYPE', 'START_DATE'], [P, 'TREATMENT', '0']]),
    errors: ['data_timeline.txt:1: the header must start with PATIENT_ID, START_DATE, STOP_DATE, EVENT_TYPE (or PATIENT_ID, START_DATE, EVENT_TYPE)'] },
  { site: 'formats/timeline.ts:57', name: 'a timeline row without EVENT_TYPE', ...timeline([TIMELINE_HEADER, [P, '0', '10']]),
    errors: ['data_timeline.txt:2 (column EVENT_TYPE): missing EVENT_TYPE'] },
  { site: 'formats/timeline.ts:59', name: 'a START_DATE that is not an integer', ...timeline([TIMELINE_HEADER, [P, 'day one', '10', 'TREATMENT']]),
    errors: ["data_timeline.txt:2 (column START_DATE): START_DATE 'day one' is not an integer"] },
  { site: 'formats/timeline.ts:62', name: 'a STOP_DATE that is not an integer', ...timeline([TIMELINE_HEADER, [P, '0', '1.5', 'TREATMENT']]),
    errors: ["data_timeline.txt:2 (column STOP_DATE): STOP_DATE '1.5' is not an integer"] },
  { site: 'formats/timeline.ts:49', name: 'warning: a timeline row longer than the header', ...timeline([TIMELINE_HEADER, TIMELINE_ROW, [...TIMELINE_ROW, 'extra']]),
    warnings: ['data_timeline.txt (line 3): line has more fields than the header; skipped'] },
  { site: 'formats/timeline.ts:54', name: 'warning: an event of an unknown patient', ...timeline([TIMELINE_HEADER, TIMELINE_ROW, ['NOPATIENT', ...TIMELINE_ROW.slice(1)]]),
    warnings: ['data_timeline.txt (line 3): patient not defined in the study; event skipped'] },

  // §20 Resources
  // resources.ts:27 ('not a resource meta file') is dead code: loadResources is only called for the four resource kinds.
  { site: 'formats/resources.ts:44', name: 'a resource definition without RESOURCE_ID', ...resources([DEFINITION_HEADER, definition({ RESOURCE_ID: 'NA' })]),
    errors: ['data_resource_definition.txt:2 (column RESOURCE_ID): missing RESOURCE_ID'] },
  { site: 'formats/resources.ts:46', name: 'a resource definition without DISPLAY_NAME', ...resources([DEFINITION_HEADER, definition({ DISPLAY_NAME: '' })]),
    errors: ['data_resource_definition.txt:2 (column DISPLAY_NAME): missing DISPLAY_NAME'] },
  { site: 'formats/resources.ts:48', name: 'an unknown RESOURCE_TYPE', ...resources([DEFINITION_HEADER, definition({ RESOURCE_TYPE: 'OTHER' })]),
    errors: ["data_resource_definition.txt:2 (column RESOURCE_TYPE): RESOURCE_TYPE must be SAMPLE, PATIENT or STUDY, found 'OTHER'"] },
  { site: 'formats/resources.ts:53', name: 'a PRIORITY that is not an integer', ...resources([DEFINITION_HEADER, definition({ PRIORITY: 'high' })]),
    errors: ["data_resource_definition.txt:2 (column PRIORITY): PRIORITY 'high' is not an integer"] },
  { site: 'formats/resources.ts:71', name: 'a resource definition file without RESOURCE_TYPE', ...resources([DEFINITION_HEADER.filter((c) => c !== 'RESOURCE_TYPE'), ['PATHOLOGY', 'Pathology', 'slides', 'true', '1']]),
    errors: ['data_resource_definition.txt:1: missing column RESOURCE_TYPE'] },
  { site: 'formats/resources.ts:97', name: 'a sample resource file without URL', ...resources([DEFINITION_HEADER, definition()], [['PATIENT_ID', 'SAMPLE_ID', 'RESOURCE_ID'], [P, S, 'PATHOLOGY']]),
    errors: ['data_resource_sample.txt:1: missing column URL'] },
  { site: 'formats/resources.ts:113', name: 'a resource without a definition', ...resources([DEFINITION_HEADER, definition()], [RESOURCE_HEADER, [P, S, 'SLIDES', 'https://example.org/1']]),
    errors: ['data_resource_sample.txt:2 (column RESOURCE_ID): resource SLIDES has no SAMPLE definition in the resource definition file (ids are case-sensitive here)'] },
  { site: 'formats/resources.ts:115', name: 'a resource row twice', ...resources([DEFINITION_HEADER, definition()], [RESOURCE_HEADER, RESOURCE_ROW, RESOURCE_ROW]),
    errors: ['data_resource_sample.txt:3: duplicated sample resource PATHOLOGY https://example.org/1'] },
  { site: 'formats/resources.ts:156', name: 'a resource of a sample under another patient', ...resources([DEFINITION_HEADER, definition()], [RESOURCE_HEADER, ['TCGA-A2-A04Q', S, 'PATHOLOGY', 'https://example.org/1']]),
    errors: ['data_resource_sample.txt:2 (column PATIENT_ID): sample TCGA-A2-A04P-01 belongs to another patient than TCGA-A2-A04Q'] },
  { site: 'formats/resources.ts:51', name: 'warning: OPEN_BY_DEFAULT neither true nor false', ...resources([DEFINITION_HEADER, definition({ OPEN_BY_DEFAULT: 'maybe' })]),
    warnings: ['data_resource_definition.txt (line 2): OPEN_BY_DEFAULT is not true or false; false is stored'] },
  { site: 'formats/resources.ts:80', name: 'warning: a resource defined twice', ...resources([DEFINITION_HEADER, definition(), definition()]),
    warnings: ['data_resource_definition.txt (line 3): resource PATHOLOGY is defined twice; the first definition is kept'] },
  { site: 'formats/resources.ts:138, 151', name: 'warning: a resource of an unknown patient and sample, created', ...resources([DEFINITION_HEADER, definition()], [RESOURCE_HEADER, ['P9', 'S9', 'PATHOLOGY', 'https://example.org/1']]),
    warnings: ['data_resource_sample.txt (line 2): patient P9 is not in the clinical files; created', 'data_resource_sample.txt (line 2): sample S9 is not in the clinical sample file; created'] },

  // §21 Case lists
  { site: 'formats/case-lists.ts:29', name: 'a case list of another study', ...caseList({ cancer_study_identifier: 'other_study' }),
    errors: ["cases_x.txt:1: cancer_study_identifier 'other_study' differs from the study 'study_hg38'"] },
  { site: 'formats/case-lists.ts:30', name: 'a case list stable_id without the study prefix', ...caseList({ stable_id: 'custom' }),
    errors: ["cases_x.txt:2: stable_id 'custom' must start with 'study_hg38_'"] },
  { site: 'formats/case-lists.ts:32', name: 'an unknown case list category', ...caseList({ case_list_category: 'nonsense' }),
    errors: ["cases_x.txt:6: invalid case_list_category 'nonsense'"] },
  { site: 'formats/case-lists.ts:59', name: 'a case list defined twice', ...caseList({ stable_id: `${STUDY}_sequenced` }),
    errors: [`cases_x.txt: case list '${STUDY}_sequenced' is defined twice`] },
  { site: 'formats/case-lists.ts:93', name: 'an incremental case list the study does not have (with the store)', store: 'full', ...caseList({}, INCREMENTAL),
    errors: [`cases_x.txt: case list '${STUDY}_x' does not exist in the study`] },
  { site: 'formats/case-lists.ts:46', name: 'warning: a case list naming unknown samples', ...caseList({ case_list_ids: `${S}\tNOT-A-SAMPLE` }),
    warnings: ['cases_x.txt (line 5): 1 id(s) are not samples of the study and were skipped'] },
  { site: 'formats/case-lists.ts:47', name: 'warning: a case list naming a sample twice', ...caseList({ case_list_ids: `${S}\t${S}` }),
    warnings: ['cases_x.txt (line 5): duplicated ids were merged'] },
];

let tmp: string;
const stores: Record<Store, string> = { genes: '', full: '' };

/** The genes the stores keep (copying the whole reference into every scratch store costs seconds). */
const KEPT_GENES = [7157, 672, 1956, 3845, 768212, 1543, 1594]; // TP53, BRCA1, EGFR, KRAS, MIR758 (miRNA), the two genes of the alias CYP1

async function keepGenes(db: Db): Promise<void> {
  // The table names are constants.
  for (const table of ['gene_alias', 'reference_genome_gene', 'gene'])
    await db.run(sql`DELETE FROM ${raw(table)} WHERE NOT list_contains(${KEPT_GENES}::INTEGER[], entrez_gene_id)`);
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'duckportal-validate-rules-'));
  stores.genes = join(tmp, 'genes.duckdb');
  stores.full = join(tmp, 'full.duckdb');
  const withDb = async (path: string, work: (db: Db) => Promise<void>) => {
    const db = await Db.open(path);
    try {
      await work(db);
    } finally {
      db.close();
    }
  };
  await withDb(stores.genes, (db) => importGenes(db, REFERENCE).then(() => undefined));
  copyFileSync(stores.genes, stores.full);
  await withDb(stores.genes, keepGenes);
  await withDb(stores.full, async (db) => {
    await importGenesets(db, join(STUDIES, 'genesets'));
    await keepGenes(db);
    await loadStudy(db, await GeneResolver.load(db), copyStudy(STUDY, STORE_STUDY));
  });
}, 120_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Each rule's validation, from one `validate` run per store kind over all its rules' copies (a scratch store per run, not per row). */
const validations = new Map<Rule, StudyValidation>();

beforeAll(async () => {
  for (const store of [undefined, 'genes', 'full'] as const) {
    const rules = RULES.filter((r) => r.store === store);
    const dirs = rules.map((rule) => copyStudy(STUDY, rule));
    try {
      const v = await validateStudies(dirs, store ? { store: stores[store] } : {});
      rules.forEach((rule, i) => validations.set(rule, v.studies[i]));
    } finally {
      for (const dir of dirs) rmSync(dirname(dir), { recursive: true, force: true });
    }
  }
}, 120_000);

function expectValidation(rule: Rule): void {
  const study = validations.get(rule)!;
  const shown = (text: string) => text.replaceAll(study.dir, '<dir>');
  const errors = (study.report?.errors ?? []).map((e) => shown(e.message));
  const warnings = (study.report?.warnings ?? []).map((w) => shown(formatWarningGroup(w)));
  const expected = rule.errors ?? [];
  expect({ reason: study.reason, status: study.status, errors, ...(rule.warnings ? { warnings } : {}) })
    .toEqual({ reason: undefined, status: expected.length > 0 ? 'errors' : 'warnings', errors: expected, ...(rule.warnings ? { warnings: rule.warnings } : {}) });
}

describe('validate: one broken copy per rule load enforces, the exact message, exit 1 (errors) or 3 (warnings only)', () => {
  it.each(RULES.map((r) => [`${r.site}: ${r.name}`, r] as const))('%s', (_, rule) => expectValidation(rule));

  it('formats/maf/skip-tally.ts:36: rows left out by design (a Silent mutation) are counted in the file summary, not warned (exit 0)', async () => {
    const v = await validateStudies([copyStudy(STUDY, maf([MAF_HEADER, MUTATION, mutation({ Variant_Classification: 'Silent' })]))]);
    expect([v.exitCode, v.studies[0].report?.files.find((f) => f.file === 'data_x.txt')]).toEqual([
      0, { file: 'data_x.txt', rowsRead: 2, rowsLoaded: 1, skipped: [{ reason: 'Silent mutations filtered', rows: 1 }], errors: 0, warnings: 0 },
    ]);
  });

  const NORMAL = 'TCGA-A2-A04P-11';
  const normalRows = { reason: 'rows of normal samples left out', rows: 1 };
  const LEFT_OUT: [string, CopyOptions, string, { rowsRead: number; rowsLoaded: number; skipped: { reason: string; rows: number }[] }][] = [
    ['formats/maf.ts: MAF rows merged into a duplicate event', maf([MAF_HEADER, MUTATION, MUTATION, MUTATION]), 'data_x.txt',
      { rowsRead: 3, rowsLoaded: 1, skipped: [{ reason: 'duplicate rows merged (same sample and event)', rows: 2 }] }],
    ['context.ts sampleOfRow: a segment of a normal sample', segments([SEGMENT, [NORMAL, ...SEGMENT.slice(1)]]), 'data_seg.txt', { rowsRead: 2, rowsLoaded: 1, skipped: [normalRows] }],
    ['context.ts sampleOfRow: a structural variant of a normal sample', sv([SV_HEADER, SV_ROW, svRow({ Sample_Id: NORMAL })]), 'data_x.txt', { rowsRead: 2, rowsLoaded: 1, skipped: [normalRows] }],
    ['context.ts sampleOfRow: a long CNA row of a normal sample', cnaLong([LONG_HEADER, LONG_ROW, ['TP53', '7157', NORMAL, '-2']]), 'data_x.txt', { rowsRead: 2, rowsLoaded: 1, skipped: [normalRows] }],
    ['formats/gene-panel-matrix.ts: a normal sample, a row of NA only',
      panelMatrix([['SAMPLE_ID', 'mutations'], [S, 'PANEL_X'], [NORMAL, 'PANEL_X'], ['NOSUCHSAMPLE', 'NA']]), 'data_gene_panel_matrix.txt',
      { rowsRead: 3, rowsLoaded: 1, skipped: [normalRows, { reason: 'rows with NA in every profile column (they say nothing)', rows: 1 }] }],
    ['formats/clinical.ts: a normal sample in the sample file', samples(clinical(['PATIENT_ID', 'SAMPLE_ID'], [[P, S], [P, NORMAL]])), 'data_clinical_samples.txt',
      { rowsRead: 2, rowsLoaded: 1, skipped: [normalRows] }],
    ['formats/resources.ts: rows of a normal sample, with no SAMPLE_ID, with no PATIENT_ID, with URL NA',
      resources([DEFINITION_HEADER, definition()], [RESOURCE_HEADER, RESOURCE_ROW, [P, NORMAL, 'PATHOLOGY', 'https://example.org/2'], [P, '', 'PATHOLOGY', 'https://example.org/3'],
        ['', S, 'PATHOLOGY', 'https://example.org/4'], [P, S, 'PATHOLOGY', 'NA']]), 'data_resource_sample.txt',
      { rowsRead: 5, rowsLoaded: 1, skipped: [normalRows, { reason: 'rows with no SAMPLE_ID left out', rows: 1 }, { reason: 'rows with no PATIENT_ID left out', rows: 1 }, { reason: 'rows with RESOURCE_ID or URL NA left out', rows: 1 }] }],
  ];
  it.each(LEFT_OUT)('%s: counted as skipped with the reason, not loaded, not warned (exit 0)', async (_, copy, file, summary) => {
    const v = await validateStudies([copyStudy(STUDY, copy)]);
    expect([v.exitCode, v.studies[0].report?.files.find((f) => f.file === file)]).toEqual([0, { file, ...summary, errors: 0, warnings: 0 }]);
  });
});
