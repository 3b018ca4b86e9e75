// The columns of a MAF header (study-format 10.3): where each field the importer reads sits,
// matched case-insensitively (the later of two equal names wins), plus the namespace columns.
import { columnIndex } from '../../text/tsv.js';
import { planNamespaces, type NamespaceColumn, type NamespacePlan } from '../namespaces.js';
import { splitAscn } from './ascn.js';

/** Text columns stored as read ('NA' when empty or absent): table column → MAF header. */
const TEXT_COLUMNS = {
  center: 'Center',
  ncbi_build: 'NCBI_Build',
  variant_type: 'Variant_Type',
  refseq_mrna_id: 'RefSeq',
  strand: 'Strand',
  db_snp_rs: 'dbSNP_RS',
  db_snp_val_status: 'dbSNP_Val_Status',
  matched_norm_sample_barcode: 'Matched_Norm_Sample_Barcode',
  match_norm_seq_allele1: 'Match_Norm_Seq_Allele1',
  match_norm_seq_allele2: 'Match_Norm_Seq_Allele2',
  tumor_validation_allele1: 'Tumor_Validation_Allele1',
  tumor_validation_allele2: 'Tumor_Validation_Allele2',
  match_norm_validation_allele1: 'Match_Norm_Validation_Allele1',
  match_norm_validation_allele2: 'Match_Norm_Validation_Allele2',
  verification_status: 'Verification_Status',
  sequencing_phase: 'Sequencing_Phase',
  sequence_source: 'Sequence_Source',
  validation_method: 'Validation_Method',
  score: 'Score',
  bam_file: 'BAM_File',
  sequencer: 'Sequencer',
  codon_change: 'Codons',
  uniprot_accession: 'SWISSPROT',
} as const;

export type TextColumn = keyof typeof TEXT_COLUMNS;

/** Header aliases of the read count columns; the last matching header wins. */
const COUNT_ALIASES = {
  tumorRef: ['t_ref_count', 'i_t_ref_count', 'AD_Ref'],
  tumorAlt: ['t_alt_count', 'i_t_alt_count', 'AD_Alt'],
  normalRef: ['n_ref_count', 'Norm_AD_Ref'],
  normalAlt: ['n_alt_count', 'Norm_AD_Alt'],
} as const;

export interface MafLayout {
  width: number;
  sample: number;
  hugo: number;
  entrez: number;
  chromosome: number;
  start: number;
  end: number;
  classification: number;
  oncotatorClassification: number;
  reference: number;
  mutationStatus: number;
  validationStatus: number;
  allele1: number;
  allele2: number;
  hgvspShort: number;
  aminoAcidChange: number;
  proteinPosition: number;
  text: Record<TextColumn, number>;
  counts: Record<keyof typeof COUNT_ALIASES, number>;
  coverage: { tTot: number; tVar: number; nTot: number; nVar: number; tDepth: number; tVaf: number; nDepth: number; nVaf: number };
  driver: { filter: number; annotation: number; tiers: number; tiersAnnotation: number };
  /** Namespaces kept in namespace_columns (and the declared ones without columns). */
  namespaces: NamespacePlan;
  /** The ASCN columns (only for `ASCN` spelled so). */
  ascn: NamespaceColumn[] | undefined;
}

/** Column positions of a MAF header (case-insensitive; the later of two equal names wins). */
export function mafLayout(columns: readonly string[], declaredNamespaces: readonly string[]): MafLayout {
  const find = columnIndex(columns);
  const lastOf = (names: readonly string[]) => Math.max(...names.map(find));
  const { json, ascn } = splitAscn(planNamespaces(declaredNamespaces, columns));
  return {
    width: columns.length,
    sample: find('Tumor_Sample_Barcode'),
    hugo: find('Hugo_Symbol'),
    entrez: find('Entrez_Gene_Id'),
    chromosome: find('Chromosome'),
    start: find('Start_Position'),
    end: find('End_Position'),
    classification: find('Variant_Classification'),
    oncotatorClassification: find('ONCOTATOR_VARIANT_CLASSIFICATION'),
    reference: find('Reference_Allele'),
    mutationStatus: find('Mutation_Status'),
    validationStatus: find('Validation_Status'),
    allele1: find('Tumor_Seq_Allele1'),
    allele2: find('Tumor_Seq_Allele2'),
    hgvspShort: find('HGVSp_Short'),
    aminoAcidChange: find('Amino_Acid_Change'),
    proteinPosition: find('Protein_position'),
    text: Object.fromEntries(Object.entries(TEXT_COLUMNS).map(([column, header]) => [column, find(header)])) as Record<TextColumn, number>,
    counts: {
      tumorRef: lastOf(COUNT_ALIASES.tumorRef),
      tumorAlt: lastOf(COUNT_ALIASES.tumorAlt),
      normalRef: lastOf(COUNT_ALIASES.normalRef),
      normalAlt: lastOf(COUNT_ALIASES.normalAlt),
    },
    coverage: {
      tTot: find('TTotCov'), tVar: find('TVarCov'), nTot: find('NTotCov'), nVar: find('NVarCov'),
      tDepth: find('tumor_depth'), tVaf: find('tumor_vaf'), nDepth: find('normal_depth'), nVaf: find('normal_vaf'),
    },
    driver: {
      filter: find('cbp_driver'),
      annotation: find('cbp_driver_annotation'),
      tiers: find('cbp_driver_tiers'),
      tiersAnnotation: find('cbp_driver_tiers_annotation'),
    },
    namespaces: json,
    ascn,
  };
}
