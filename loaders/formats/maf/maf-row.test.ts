import { describe, expect, it } from 'vitest';
import { mafLayout } from './maf-layout.js';
import { toMutationRow, type MutationRow, type RowContext } from './maf-row.js';
import type { MafGene } from './maf-gene.js';
import { parseClassificationFilter } from './mutation-filter.js';
import { normaliseChromosome } from './chromosome.js';

const HEADER = [
  'Hugo_Symbol', 'Entrez_Gene_Id', 'Center', 'Chromosome', 'Start_Position', 'End_Position', 'Variant_Classification',
  'Reference_Allele', 'Tumor_Seq_Allele1', 'Tumor_Seq_Allele2', 'Tumor_Sample_Barcode', 'Validation_Status', 'Mutation_Status',
  'HGVSp_Short', 't_alt_count', 't_ref_count', 'TVarCov', 'TTotCov', 'normal_depth', 'normal_vaf',
  'cbp_driver', 'cbp_driver_annotation', 'cbp_driver_tiers', 'cbp_driver_tiers_annotation', 'Zyg.name', 'zyg.code', 'Other.x',
  'ASCN.CLONAL', 'ASCN.TOTAL_COPY_NUMBER', 'ASCN.CCF_EXPECTED_COPIES',
];

const GENES: Record<string, MafGene> = {
  TP53: { kind: 'gene', gene: { entrezGeneId: 7157, hugoGeneSymbol: 'TP53', type: 'protein-coding' } },
  TERT: { kind: 'gene', gene: { entrezGeneId: 7015, hugoGeneSymbol: 'TERT', type: 'protein-coding' } },
  KRAS: { kind: 'gene', gene: { entrezGeneId: 3845, hugoGeneSymbol: 'KRAS', type: 'protein-coding' } },
};

function context(options: { filter?: string; namespaces?: string[] } = {}): RowContext {
  return {
    layout: mafLayout(HEADER, options.namespaces ?? ['zyg', 'ASCN']),
    filter: parseClassificationFilter(options.filter),
    resolveGene: (symbol) => GENES[symbol] ?? { kind: 'skip', reason: 'unresolved' },
  };
}

/** A data row: defaults for a TP53 missense mutation, overridden by header name. */
function cells(values: Record<string, string> = {}): string[] {
  const base: Record<string, string> = {
    Hugo_Symbol: 'TP53', Chromosome: '17', Start_Position: '7577120', End_Position: '7577120',
    Variant_Classification: 'Missense_Mutation', Reference_Allele: 'C', Tumor_Seq_Allele1: 'C', Tumor_Seq_Allele2: 'T',
    Tumor_Sample_Barcode: 'S1', HGVSp_Short: 'p.R273H',
  };
  return HEADER.map((h) => values[h] ?? base[h] ?? '');
}

function row(values: Record<string, string> = {}, ctx = context()): MutationRow {
  const outcome = toMutationRow(cells(values), ctx);
  if (outcome.kind !== 'mutation') throw new Error(`skipped: ${outcome.reason}`);
  return outcome.row;
}

const reason = (values: Record<string, string>, ctx = context()) => {
  const outcome = toMutationRow(cells(values), ctx);
  return outcome.kind === 'skip' ? outcome.reason : 'kept';
};

describe('MAF row mapping', () => {
  it('maps a plain row; empty text columns read NA', () => {
    const r = row();
    expect(r).toMatchObject({
      entrez_gene_id: 7157, chr: '17', start_position: 7577120, end_position: 7577120, reference_allele: 'C',
      tumor_seq_allele: 'T', protein_change: 'R273H', mutation_type: 'Missense_Mutation', keyword: 'TP53 R273 missense',
      protein_pos_start: 273, protein_pos_end: 273, center: 'NA', mutation_status: 'NA', validation_status: 'NA',
      ncbi_build: 'NA', strand: 'NA', uniprot_accession: 'NA', amino_acid_change: null,
      tumor_alt_count: null, tumor_ref_count: null, normal_alt_count: null, normal_ref_count: null,
      driver_filter: null, driver_tiers_filter: null,
    });
  });

  it('normalises chromosomes and skips the rest', () => {
    expect(normaliseChromosome('chrX')).toBe('23');
    expect(normaliseChromosome('y')).toBe('24');
    expect(normaliseChromosome('CHR7')).toBe('7');
    expect(normaliseChromosome('MT')).toBe('MT');
    expect(normaliseChromosome('')).toBe('NA');
    expect(normaliseChromosome('M')).toBeUndefined();
    expect(normaliseChromosome('chrM')).toBeUndefined();
    expect(normaliseChromosome('25')).toBeUndefined();
    expect(normaliseChromosome('GL000220.1')).toBeUndefined();
    expect(reason({ Chromosome: 'chrM' })).toBe('chromosome');
  });

  it('stores 0 for bad positions and start+1 as the end of insertions', () => {
    expect(row({ Start_Position: 'NA', End_Position: '-5' })).toMatchObject({ start_position: 0, end_position: 0 });
    expect(row({ Start_Position: '1.5', End_Position: '' })).toMatchObject({ start_position: 0, end_position: 0 });
    expect(row({ Reference_Allele: '-', Start_Position: '100', End_Position: '101', Tumor_Seq_Allele1: '-', Tumor_Seq_Allele2: 'A' }))
      .toMatchObject({ start_position: 100, end_position: 101, tumor_seq_allele: 'A' });
    expect(row({ Reference_Allele: '-', Start_Position: '100', End_Position: '100' }).end_position).toBe(101);
  });

  it('names each position stored as 0 (for the load summary), not an insertion\'s ignored end', () => {
    const coerced = (values: Record<string, string>) => {
      const outcome = toMutationRow(cells(values), context());
      return outcome.kind === 'mutation' ? outcome.coerced : 'skipped';
    };
    expect(coerced({})).toEqual([]);
    expect(coerced({ Start_Position: 'NA', End_Position: '-5' })).toEqual([
      { column: 'Start_Position', value: 'NA' }, { column: 'End_Position', value: '-5' },
    ]);
    expect(coerced({ Start_Position: 'abc', End_Position: '' })).toEqual([{ column: 'Start_Position', value: 'abc' }, { column: 'End_Position', value: '' }]);
    expect(coerced({ Reference_Allele: '-', Start_Position: '1.5', End_Position: 'x' })).toEqual([{ column: 'Start_Position', value: '1.5' }]);
  });

  it('filters in the reference order', () => {
    expect(reason({ Validation_Status: 'wildtype' })).toBe('Validation_Status Wildtype');
    expect(reason({ Variant_Classification: 'rna' })).toBe('RNA');
    expect(reason({ Hugo_Symbol: 'NOPE' })).toBe('unresolved');
    expect(reason({ Mutation_Status: 'None' })).toBe('filtered');
    expect(reason({ Mutation_Status: 'LOH' })).toBe('filtered');
    expect(reason({ Mutation_Status: 'wildtype-ish' })).toBe('filtered');
    expect(reason({ Validation_Status: 'Redacted' })).toBe('filtered');
    expect(reason({ Mutation_Status: 'Germline' })).toBe('kept');
    for (const c of ['Silent', 'Intron', "3'UTR", "3'Flank", "5'UTR", 'IGR', "5'Flank"]) expect(reason({ Variant_Classification: c })).toBe('filtered');
    expect(reason({ Variant_Classification: 'Splice_Region' })).toBe('kept');
    expect(reason({ Variant_Classification: 'Targeted_Region' })).toBe('kept');
  });

  it("keeps TERT 5'Flank rows as Promoter with the default filter", () => {
    const r = row({ Hugo_Symbol: 'TERT', Variant_Classification: "5'Flank", HGVSp_Short: '' });
    expect(r).toMatchObject({ protein_change: 'Promoter', mutation_type: "5'Flank", keyword: null, protein_pos_start: -1 });
  });

  it('applies a custom variant_classification_filter exactly', () => {
    const ctx = context({ filter: 'Missense_Mutation, Nonsense_Mutation' });
    expect(reason({}, ctx)).toBe('filtered');
    expect(reason({ Variant_Classification: 'missense_mutation' }, ctx)).toBe('kept');
    expect(reason({ Variant_Classification: 'Silent' }, ctx)).toBe('kept');
    expect(row({ Hugo_Symbol: 'KRAS', Variant_Classification: "5'Flank" }, ctx).protein_change).toBe('Promoter');
    expect(reason({ Variant_Classification: 'RNA' }, context({ filter: '' }))).toBe('RNA');
    expect(reason({ Variant_Classification: 'Silent' }, context({ filter: '' }))).toBe('kept');
  });

  it('reads counts with fallbacks; -1, NA and text are null; decimals truncated', () => {
    expect(row({ t_alt_count: '6.7', t_ref_count: '-1' })).toMatchObject({ tumor_alt_count: 6, tumor_ref_count: null });
    expect(row({ t_alt_count: 'NA', TVarCov: '4', TTotCov: '10' })).toMatchObject({ tumor_alt_count: 4, tumor_ref_count: 6 });
    expect(row({ t_alt_count: '.', t_ref_count: 'x' })).toMatchObject({ tumor_alt_count: null, tumor_ref_count: null });
    expect(row({ normal_depth: '30', normal_vaf: '10%' })).toMatchObject({ normal_alt_count: 3, normal_ref_count: 27 });
    expect(row({ normal_depth: '30', normal_vaf: '0.25' })).toMatchObject({ normal_alt_count: 8, normal_ref_count: 22 });
  });

  it('records driver columns only when a driver or tier is given, NA read as empty', () => {
    expect(row({ cbp_driver: 'NA', cbp_driver_tiers: '' }).driver_filter).toBeNull();
    expect(row({ cbp_driver: 'Putative_Driver', cbp_driver_annotation: 'x', cbp_driver_tiers: 'NA' })).toMatchObject({
      driver_filter: 'Putative_Driver', driver_filter_annotation: 'x', driver_tiers_filter: '', driver_tiers_filter_annotation: '',
    });
    expect(row({ cbp_driver: '', cbp_driver_tiers: 'Class 1' })).toMatchObject({ driver_filter: '', driver_tiers_filter: 'Class 1' });
  });

  it('writes declared namespaces as JSON and ASCN into its columns', () => {
    const r = row({ 'Zyg.name': 'Homozygous', 'zyg.code': '2', 'ASCN.CLONAL': 'clonal', 'ASCN.TOTAL_COPY_NUMBER': '3', 'ASCN.CCF_EXPECTED_COPIES': '0.95' });
    expect(JSON.parse(r.namespace_columns ?? '')).toEqual({ zyg: { name: 'Homozygous', code: 2 } });
    expect(r).toMatchObject({ clonal: 'CLONAL', total_copy_number: 3, ccf_expected_copies: 0.95, minor_copy_number: null, ascn_method: null });
    expect(JSON.parse(row({ 'zyg.code': 'NA' }).namespace_columns ?? '')).toEqual({ zyg: { name: null, code: null } });
    expect(row({}, context({ namespaces: [] }))).toMatchObject({ namespace_columns: null, clonal: null });
    // Only the exact spelling ASCN feeds the ascn_* columns; otherwise the values stay JSON, names lower-cased.
    const lower = row({ 'ASCN.CLONAL': 'SUBCLONAL' }, context({ namespaces: ['ascn'] }));
    expect(lower.clonal).toBeNull();
    expect(JSON.parse(lower.namespace_columns ?? '').ascn.clonal).toBe('SUBCLONAL');
  });
});
