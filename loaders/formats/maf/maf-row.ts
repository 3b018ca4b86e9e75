// One MAF data row → one `mutation` table row (study-format 10.3, 10.4 steps 2-8, 10.5, 10.6),
// or the reason it is skipped. Text columns read as the importer reads them: empty → 'NA'.
import { parseJavaLong } from '../../text/java-number.js';
import { mafDriverColumns } from '../driver-columns.js';
import { namespaceJson, namespaceValues } from '../namespaces.js';
import { ascnColumns, type AscnColumns } from './ascn.js';
import { normaliseChromosome } from './chromosome.js';
import { mutationKeyword } from './keyword.js';
import type { MafLayout } from './maf-layout.js';
import type { MafGene } from './maf-gene.js';
import { filterMutation, mutationTypeOf, type ClassificationFilter } from './mutation-filter.js';
import { proteinChangeOf, proteinPositionsOf } from './protein-change.js';
import { altCount, refCount } from './read-counts.js';
import { resolveVariantAllele } from './variant-allele.js';

/** The `mutation` table row, keys and order as in schema.sql (study/profile/sample set by the caller). */
export type MutationRow = {
  study_key: number;
  profile_key: number;
  sample_key: number;
  entrez_gene_id: number;
  center: string;
  mutation_status: string;
  validation_status: string;
  tumor_alt_count: number | null;
  tumor_ref_count: number | null;
  normal_alt_count: number | null;
  normal_ref_count: number | null;
  amino_acid_change: null;
  chr: string;
  start_position: number;
  end_position: number;
  reference_allele: string;
  tumor_seq_allele: string;
  protein_change: string;
  mutation_type: string;
  ncbi_build: string;
  variant_type: string;
  refseq_mrna_id: string;
  protein_pos_start: number;
  protein_pos_end: number;
  keyword: string | null;
  strand: string;
  db_snp_rs: string;
  db_snp_val_status: string;
  matched_norm_sample_barcode: string;
  match_norm_seq_allele1: string;
  match_norm_seq_allele2: string;
  tumor_validation_allele1: string;
  tumor_validation_allele2: string;
  match_norm_validation_allele1: string;
  match_norm_validation_allele2: string;
  verification_status: string;
  sequencing_phase: string;
  sequence_source: string;
  validation_method: string;
  score: string;
  bam_file: string;
  sequencer: string;
  codon_change: string;
  uniprot_accession: string;
  driver_filter: string | null;
  driver_filter_annotation: string | null;
  driver_tiers_filter: string | null;
  driver_tiers_filter_annotation: string | null;
  namespace_columns: string | null;
} & AscnColumns;

export type SkipReason =
  | 'Validation_Status Wildtype'
  | 'chromosome'
  | 'RNA'
  | 'invalid-entrez'
  | 'unknown-entrez'
  | 'intergenic'
  | 'unresolved'
  | 'filtered';

/** A cell stored in another form than written (the importer's 0 for a bad position). */
export interface CoercedCell {
  column: 'Start_Position' | 'End_Position';
  value: string;
}

export type RowOutcome =
  | { kind: 'mutation'; row: MutationRow; coerced: CoercedCell[] }
  | { kind: 'skip'; reason: SkipReason; detail: string };

export interface RowContext {
  layout: MafLayout;
  filter: ClassificationFilter;
  resolveGene: (symbol: string, entrezCell: string | undefined) => MafGene;
}

const at = (cells: readonly string[], index: number): string => (index < 0 ? '' : (cells[index] ?? ''));
const asRead = (value: string): string => (value === '' ? 'NA' : value);

/** Steps 2-8 of study-format 10.4 and the column mapping of 10.3. */
export function toMutationRow(cells: readonly string[], { layout: l, filter, resolveGene }: RowContext): RowOutcome {
  const validationStatus = asRead(at(cells, l.validationStatus));
  if (validationStatus.toLowerCase() === 'wildtype') return skip('Validation_Status Wildtype', validationStatus);
  const chrCell = at(cells, l.chromosome);
  const chr = normaliseChromosome(chrCell);
  if (chr === undefined) return skip('chromosome', chrCell);

  const reference = asRead(at(cells, l.reference));
  // Positions as the importer reads them (-1 when not an integer), then stored as 0 when negative.
  const coerced: CoercedCell[] = [];
  const startRaw = positionOf(cells, l.start, 'Start_Position', coerced);
  // An insertion's end is start + 1, whatever its cell says.
  const endRaw = reference === '-' ? startRaw + 1 : positionOf(cells, l.end, 'End_Position', coerced);
  const mutationType = mutationTypeOf(at(cells, l.classification), at(cells, l.oncotatorClassification));
  if (mutationType.toLowerCase() === 'rna') return skip('RNA', mutationType);

  let proteinChange = proteinChangeOf(at(cells, l.hgvspShort), at(cells, l.aminoAcidChange));
  const positions = proteinPositionsOf(asRead(at(cells, l.proteinPosition)), proteinChange);

  const symbol = at(cells, l.hugo);
  const resolved = resolveGene(symbol, l.entrez < 0 ? undefined : at(cells, l.entrez));
  if (resolved.kind === 'skip') return skip(resolved.reason, `${symbol} [${at(cells, l.entrez)}]`);
  const gene = resolved.gene;

  const mutationStatus = asRead(at(cells, l.mutationStatus));
  const verdict = filterMutation(mutationStatus, validationStatus, mutationType, gene.entrezGeneId, filter);
  if (!verdict.accept) return skip('filtered', verdict.reason);
  if (verdict.promoter) proteinChange = 'Promoter';

  const t = l.text;
  const c = l.coverage;
  const tumorVar = at(cells, c.tVar);
  const tumorTot = at(cells, c.tTot);
  const tumorDepth = at(cells, c.tDepth);
  const tumorVaf = at(cells, c.tVaf);
  const normalVar = at(cells, c.nVar);
  const normalTot = at(cells, c.nTot);
  const normalDepth = at(cells, c.nDepth);
  const normalVaf = at(cells, c.nVaf);
  const driver = mafDriverColumns(at(cells, l.driver.filter), at(cells, l.driver.annotation), at(cells, l.driver.tiers), at(cells, l.driver.tiersAnnotation));
  const ascn = l.ascn ? ascnColumns(namespaceValues(l.ascn, cells)) : NO_ASCN;
  const row: MutationRow = {
    study_key: 0,
    profile_key: 0,
    sample_key: 0,
    entrez_gene_id: gene.entrezGeneId,
    center: asRead(at(cells, t.center)),
    mutation_status: mutationStatus,
    validation_status: validationStatus,
    tumor_alt_count: altCount(at(cells, l.counts.tumorAlt), tumorVar, tumorDepth, tumorVaf),
    tumor_ref_count: refCount(at(cells, l.counts.tumorRef), tumorVar, tumorTot, tumorDepth, tumorVaf),
    normal_alt_count: altCount(at(cells, l.counts.normalAlt), normalVar, normalDepth, normalVaf),
    normal_ref_count: refCount(at(cells, l.counts.normalRef), normalVar, normalTot, normalDepth, normalVaf),
    amino_acid_change: null, // the reference importer never stores it
    chr,
    start_position: startRaw < 0 ? 0 : startRaw,
    end_position: endRaw < 0 ? 0 : endRaw,
    reference_allele: reference,
    tumor_seq_allele: resolveVariantAllele(reference, asRead(at(cells, l.allele1)), asRead(at(cells, l.allele2))),
    protein_change: proteinChange,
    mutation_type: mutationType,
    ncbi_build: asRead(at(cells, t.ncbi_build)),
    variant_type: asRead(at(cells, t.variant_type)),
    refseq_mrna_id: asRead(at(cells, t.refseq_mrna_id)),
    protein_pos_start: positions.start,
    protein_pos_end: positions.end,
    keyword: mutationKeyword(gene.hugoGeneSymbol.toUpperCase(), proteinChange, mutationType),
    strand: asRead(at(cells, t.strand)),
    db_snp_rs: asRead(at(cells, t.db_snp_rs)),
    db_snp_val_status: asRead(at(cells, t.db_snp_val_status)),
    matched_norm_sample_barcode: asRead(at(cells, t.matched_norm_sample_barcode)),
    match_norm_seq_allele1: asRead(at(cells, t.match_norm_seq_allele1)),
    match_norm_seq_allele2: asRead(at(cells, t.match_norm_seq_allele2)),
    tumor_validation_allele1: asRead(at(cells, t.tumor_validation_allele1)),
    tumor_validation_allele2: asRead(at(cells, t.tumor_validation_allele2)),
    match_norm_validation_allele1: asRead(at(cells, t.match_norm_validation_allele1)),
    match_norm_validation_allele2: asRead(at(cells, t.match_norm_validation_allele2)),
    verification_status: asRead(at(cells, t.verification_status)),
    sequencing_phase: asRead(at(cells, t.sequencing_phase)),
    sequence_source: asRead(at(cells, t.sequence_source)),
    validation_method: asRead(at(cells, t.validation_method)),
    score: asRead(at(cells, t.score)),
    bam_file: asRead(at(cells, t.bam_file)),
    sequencer: asRead(at(cells, t.sequencer)),
    codon_change: asRead(at(cells, t.codon_change)),
    uniprot_accession: asRead(at(cells, t.uniprot_accession)),
    driver_filter: driver.driver_filter,
    driver_filter_annotation: driver.driver_filter_annotation,
    driver_tiers_filter: driver.driver_tiers_filter,
    driver_tiers_filter_annotation: driver.driver_tiers_filter_annotation,
    namespace_columns: namespaceJson(l.namespaces, cells),
    ascn_integer_copy_number: ascn.ascn_integer_copy_number,
    ascn_method: ascn.ascn_method,
    ccf_expected_copies_upper: ascn.ccf_expected_copies_upper,
    ccf_expected_copies: ascn.ccf_expected_copies,
    clonal: ascn.clonal,
    minor_copy_number: ascn.minor_copy_number,
    expected_alt_copies: ascn.expected_alt_copies,
    total_copy_number: ascn.total_copy_number,
  };
  return { kind: 'mutation', row, coerced };
}

/** A position cell read as Long.parseLong, -1 when it is not one (then noted in `coerced`). */
function positionOf(cells: readonly string[], index: number, column: CoercedCell['column'], coerced: CoercedCell[]): number {
  const value = parseJavaLong(at(cells, index)) ?? -1;
  if (value < 0) coerced.push({ column, value: at(cells, index) });
  return value;
}

const NO_ASCN: AscnColumns = ascnColumns({});

function skip(reason: SkipReason, detail: string): RowOutcome {
  return { kind: 'skip', reason, detail };
}
