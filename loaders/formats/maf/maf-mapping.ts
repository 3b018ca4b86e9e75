// Staged MAF rows → `mutation` rows (study-format 10.3, 10.4 steps 2-8, 10.5, 10.6), in SQL. Each
// rule the importer applies per cell runs in JS once per distinct value (distinct-lookup.ts); text
// columns and positions are SQL. Text columns read as the importer reads them: empty → 'NA'.
import type { Db } from '../../../engine/sql/db.js';
import { join, raw, sql, type Fragment } from '../../../engine/sql/sql.js';
import { mafDriverColumns } from '../driver-columns.js';
import { namespaceJson, namespaceValues } from '../namespaces.js';
import { ascnColumns } from './ascn.js';
import { normaliseChromosome } from './chromosome.js';
import { buildLookup, joinLookup, type Lookup } from './distinct-lookup.js';
import { mutationKeyword } from './keyword.js';
import type { MafGene } from './maf-gene.js';
import type { MafLayout } from './maf-layout.js';
import { filterMutation, mutationTypeOf, type ClassificationFilter } from './mutation-filter.js';
import { proteinChangeOf, proteinPositionsOf } from './protein-change.js';
import { altCount, refCount } from './read-counts.js';
import { resolveVariantAllele } from './variant-allele.js';

export type SkipReason =
  | 'normal-sample'
  | 'Validation_Status Wildtype'
  | 'chromosome'
  | 'RNA'
  | 'invalid-entrez'
  | 'unknown-entrez'
  | 'intergenic'
  | 'unresolved'
  | 'filtered';

export interface MappingContext {
  layout: MafLayout;
  filter: ClassificationFilter;
  resolveGene: (symbol: string, entrezCell: string | undefined) => MafGene;
  /** A barcode's sample key, first seen on `line`; null for a normal sample (its rows left out). May throw. */
  sampleOf: (barcode: string, line: number) => number | null;
}

/** The temporary tables of one MAF's mapping; `rows` is the staged table (maf-stage.ts). */
export const MAF_TABLES = {
  rows: 'maf_rows',
  sample: 'maf_sample',
  rowClass: 'maf_class',
  gene: 'maf_gene',
  protein: 'maf_protein',
  verdict: 'maf_verdict',
  allele: 'maf_allele',
  tumor_alt_count: 'maf_tumor_alt_count',
  tumor_ref_count: 'maf_tumor_ref_count',
  normal_alt_count: 'maf_normal_alt_count',
  normal_ref_count: 'maf_normal_ref_count',
  driver: 'maf_driver',
  namespaces: 'maf_namespaces',
  keyword: 'maf_keyword',
  view: 'maf_view',
  mapped: 'maf_mapped',
  merged: 'maf_merged',
} as const;
const T = MAF_TABLES;

const asRead = (value: string): string => (value === '' ? 'NA' : value);
const skipped = (reason: SkipReason, detail: string) => ({ skip_reason: reason, skip_detail: detail });

// SQL texts below are built from column positions and constants only, never from file content.

/** The staged cell of a file column, '' for a column the file lacks. */
const cellText = (index: number): string => (index < 0 ? `''` : `r.c${index}`);
const cell = (index: number): Fragment => raw(cellText(index));

/** A text cell as stored: empty → 'NA'. */
const readCell = (index: number): Fragment => raw(`CASE WHEN ${cellText(index)} = '' THEN 'NA' ELSE ${cellText(index)} END`);

/** Long.parseLong of a cell, -1 when it is not one. */
const positionText = (index: number): string =>
  `CASE WHEN regexp_full_match(${cellText(index)}, '[+-]?[0-9]+') THEN CAST(${cellText(index)} AS BIGINT) ELSE -1 END`;

const varchar = (expr: Fragment) => ({ expr, type: 'VARCHAR' as const });

/** Every file column the mapping reads. */
export function usedColumns(l: MafLayout): number[] {
  return [
    l.sample, l.hugo, l.entrez, l.chromosome, l.start, l.end, l.classification, l.oncotatorClassification, l.reference,
    l.mutationStatus, l.validationStatus, l.allele1, l.allele2, l.hgvspShort, l.aminoAcidChange, l.proteinPosition,
    ...Object.values(l.text), ...Object.values(l.counts), ...Object.values(l.coverage), ...Object.values(l.driver), ...usedNamespaceColumns(l),
  ].filter((i) => i >= 0);
}

/** The sample of each barcode, in the order of first lines (so that an unknown one fails on its first line). */
function sampleLookup(ctx: MappingContext): Lookup {
  return {
    table: T.sample,
    keys: { barcode: varchar(cell(ctx.layout.sample)) },
    columns: { sample_key: 'INTEGER' },
    inLineOrder: true,
    map: ([barcode, firstLine]) => ({ sample_key: ctx.sampleOf(barcode, Number(firstLine)) }),
  };
}

/** Resolves every barcode of the staged rows (throwing for the first unknown one). */
export async function resolveSamples(db: Db, ctx: MappingContext): Promise<void> {
  await buildLookup(db, sampleLookup(ctx), raw(`${T.rows} r`));
}

/** Validation status, chromosome and classification: the first three reasons to skip a row, in the importer's order. */
function rowClassLookup(l: MafLayout): Lookup {
  return {
    table: T.rowClass,
    keys: {
      validation: varchar(cell(l.validationStatus)),
      chromosome: varchar(cell(l.chromosome)),
      classification: varchar(cell(l.classification)),
      oncotator: varchar(cell(l.oncotatorClassification)),
    },
    columns: { validation_status: 'VARCHAR', chr: 'VARCHAR', mutation_type: 'VARCHAR', type_upper: 'VARCHAR', skip_reason: 'VARCHAR', skip_detail: 'VARCHAR' },
    map: ([validation, chromosome, classification, oncotator]) => {
      const validationStatus = asRead(validation);
      const chr = normaliseChromosome(chromosome);
      const mutationType = mutationTypeOf(classification, oncotator);
      const values = { validation_status: validationStatus, chr, mutation_type: mutationType, type_upper: mutationType.toUpperCase() };
      if (validationStatus.toLowerCase() === 'wildtype') return { ...values, ...skipped('Validation_Status Wildtype', validationStatus) };
      if (chr === undefined) return { ...values, ...skipped('chromosome', chromosome) };
      if (mutationType.toLowerCase() === 'rna') return { ...values, ...skipped('RNA', mutationType) };
      return values;
    },
  };
}

function geneLookup(ctx: MappingContext): Lookup {
  const l = ctx.layout;
  return {
    table: T.gene,
    keys: { symbol: varchar(cell(l.hugo)), entrez: varchar(cell(l.entrez)) },
    columns: { entrez_gene_id: 'INTEGER', symbol_upper: 'VARCHAR', skip_reason: 'VARCHAR', skip_detail: 'VARCHAR' },
    map: ([symbol, entrez]) => {
      const resolved = ctx.resolveGene(symbol, l.entrez < 0 ? undefined : entrez);
      if (resolved.kind === 'skip') return skipped(resolved.reason, `${symbol} [${entrez}]`);
      return { entrez_gene_id: resolved.gene.entrezGeneId, symbol_upper: resolved.gene.hugoGeneSymbol.toUpperCase() };
    },
  };
}

function proteinLookup(l: MafLayout): Lookup {
  return {
    table: T.protein,
    keys: { hgvsp: varchar(cell(l.hgvspShort)), amino_acid: varchar(cell(l.aminoAcidChange)), position: varchar(cell(l.proteinPosition)) },
    columns: { protein_change: 'VARCHAR', protein_pos_start: 'INTEGER', protein_pos_end: 'INTEGER' },
    map: ([hgvsp, aminoAcid, position]) => {
      const proteinChange = proteinChangeOf(hgvsp, aminoAcid);
      const positions = proteinPositionsOf(asRead(position), proteinChange);
      return { protein_change: proteinChange, protein_pos_start: positions.start, protein_pos_end: positions.end };
    },
  };
}

/** Mutation and validation status and classification filters (needs the row class and gene of each row). */
function verdictLookup(ctx: MappingContext): Lookup {
  return {
    table: T.verdict,
    keys: {
      mutation_status: varchar(readCell(ctx.layout.mutationStatus)),
      validation_status: varchar(raw('c.validation_status')),
      mutation_type: varchar(raw('c.mutation_type')),
      entrez_gene_id: { expr: raw('g.entrez_gene_id'), type: 'INTEGER' },
    },
    columns: { accept: 'BOOLEAN', promoter: 'BOOLEAN', reason: 'VARCHAR' },
    map: ([mutationStatus, validationStatus, mutationType, entrezGeneId]) => {
      const verdict = filterMutation(mutationStatus, validationStatus, mutationType, Number(entrezGeneId), ctx.filter);
      return verdict.accept ? { accept: true, promoter: verdict.promoter } : { accept: false, promoter: false, reason: verdict.reason };
    },
  };
}

function alleleLookup(l: MafLayout): Lookup {
  return {
    table: T.allele,
    keys: { reference: varchar(cell(l.reference)), allele1: varchar(cell(l.allele1)), allele2: varchar(cell(l.allele2)) },
    columns: { tumor_seq_allele: 'VARCHAR', allele_upper: 'VARCHAR' },
    map: ([reference, allele1, allele2]) => {
      const allele = resolveVariantAllele(asRead(reference), asRead(allele1), asRead(allele2));
      return { tumor_seq_allele: allele, allele_upper: allele.toUpperCase() };
    },
  };
}

type CountColumn = 'tumor_alt_count' | 'tumor_ref_count' | 'normal_alt_count' | 'normal_ref_count';

/**
 * A read count (study-format 10.3): a count cell holding a plain non-negative integer is the count
 * (SQL, most rows); the others take the importer's fallbacks, once per distinct set of cells.
 */
interface ReadCount {
  column: CountColumn;
  countCell: number;
  lookup: Lookup;
}

function readCounts(l: MafLayout): ReadCount[] {
  const c = l.coverage;
  const alt = (column: CountColumn, count: number, varCov: number, depth: number, vaf: number): ReadCount => ({
    column,
    countCell: count,
    lookup: {
      table: T[column],
      keys: { count: varchar(cell(count)), var_cov: varchar(cell(varCov)), depth: varchar(cell(depth)), vaf: varchar(cell(vaf)) },
      columns: { value: 'INTEGER' },
      map: ([count, varCov, depth, vaf]) => ({ value: altCount(count, varCov, depth, vaf) }),
    },
  });
  const ref = (column: CountColumn, count: number, varCov: number, totCov: number, depth: number, vaf: number): ReadCount => ({
    column,
    countCell: count,
    lookup: {
      table: T[column],
      keys: { count: varchar(cell(count)), var_cov: varchar(cell(varCov)), tot_cov: varchar(cell(totCov)), depth: varchar(cell(depth)), vaf: varchar(cell(vaf)) },
      columns: { value: 'INTEGER' },
      map: ([count, varCov, totCov, depth, vaf]) => ({ value: refCount(count, varCov, totCov, depth, vaf) }),
    },
  });
  return [
    alt('tumor_alt_count', l.counts.tumorAlt, c.tVar, c.tDepth, c.tVaf),
    ref('tumor_ref_count', l.counts.tumorRef, c.tVar, c.tTot, c.tDepth, c.tVaf),
    alt('normal_alt_count', l.counts.normalAlt, c.nVar, c.nDepth, c.nVaf),
    ref('normal_ref_count', l.counts.normalRef, c.nVar, c.nTot, c.nDepth, c.nVaf),
  ];
}

/** A cell that (int) Double.parseDouble reads as itself, other than -1 (missing). */
const plainCountText = (index: number): string => `regexp_full_match(${cellText(index)}, '[0-9]{1,9}')`;

function driverLookup(l: MafLayout): Lookup {
  const d = l.driver;
  return {
    table: T.driver,
    keys: { driver: varchar(cell(d.filter)), annotation: varchar(cell(d.annotation)), tiers: varchar(cell(d.tiers)), tiers_annotation: varchar(cell(d.tiersAnnotation)) },
    columns: { driver_filter: 'VARCHAR', driver_filter_annotation: 'VARCHAR', driver_tiers_filter: 'VARCHAR', driver_tiers_filter_annotation: 'VARCHAR' },
    map: ([driver, annotation, tiers, tiersAnnotation]) => ({ ...mafDriverColumns(driver, annotation, tiers, tiersAnnotation) }),
  };
}

const ASCN_COLUMNS = {
  ascn_integer_copy_number: 'INTEGER', ascn_method: 'VARCHAR', ccf_expected_copies_upper: 'DOUBLE', ccf_expected_copies: 'DOUBLE',
  clonal: 'VARCHAR', minor_copy_number: 'INTEGER', expected_alt_copies: 'INTEGER', total_copy_number: 'INTEGER',
} as const;

/** namespace_columns JSON and the ASCN columns, from the namespace columns (study-format 10.6). */
function namespaceLookup(l: MafLayout): Lookup {
  const indexes = usedNamespaceColumns(l);
  return {
    table: T.namespaces,
    keys: Object.fromEntries(indexes.map((i) => [`c${i}`, varchar(cell(i))])),
    columns: { namespace_columns: 'VARCHAR', ...ASCN_COLUMNS },
    map: (values) => {
      const cells: string[] = [];
      indexes.forEach((index, i) => (cells[index] = values[i]));
      return { namespace_columns: namespaceJson(l.namespaces, cells), ...ascnColumns(l.ascn ? namespaceValues(l.ascn, cells) : {}) };
    },
  };
}

function usedNamespaceColumns(l: MafLayout): number[] {
  return [...new Set([...l.namespaces.namespaces.values(), ...(l.ascn ? [l.ascn] : [])].flat().map((c) => c.index))];
}

/** The stored protein change: 'Promoter' for a kept 5'Flank row. */
const PROTEIN_CHANGE = raw(`CASE WHEN v.promoter THEN 'Promoter' ELSE p.protein_change END`);

function keywordLookup(): Lookup {
  return {
    table: T.keyword,
    keys: { symbol_upper: varchar(raw('g.symbol_upper')), protein_change: varchar(PROTEIN_CHANGE), mutation_type: varchar(raw('c.mutation_type')) },
    columns: { keyword: 'VARCHAR', protein_change_upper: 'VARCHAR' },
    map: ([symbolUpper, proteinChange, mutationType]) => ({
      keyword: mutationKeyword(symbolUpper, proteinChange, mutationType),
      protein_change_upper: proteinChange.toUpperCase(),
    }),
  };
}

/** What the checks, the load summary and duplicate merging read of each row (maf_mapped). */
const MAPPED_COLUMNS = [
  'line', 'skip_reason', 'skip_detail', 'sample_key', 'entrez_gene_id', 'chr', 'start_position', 'end_position', 'protein_change_upper',
  'allele_upper', 'type_upper', 'center', 'matched_norm_sample_barcode', 'validation_status', 'mutation_status', 'ncbi_build',
  'start_coerced', 'end_coerced',
].join(', ');

/**
 * Builds, after `resolveSamples`, the view `maf_view`: every staged row with `line`, `skip_reason`
 * and `skip_detail` (null for a row kept), the mutation columns, the upper-cased parts of its event
 * key (`protein_change_upper`, `allele_upper`, `type_upper`) and its position cells where they were
 * stored as 0 (`start_coerced`, `end_coerced`); and `maf_mapped`, the few of them read more than
 * once, held (the view's joins run again for each read).
 */
export async function mapRows(db: Db, ctx: MappingContext): Promise<void> {
  const l = ctx.layout;
  const rows = raw(`${T.rows} r`);
  const rowClass = rowClassLookup(l);
  const gene = geneLookup(ctx);
  const protein = proteinLookup(l);
  const allele = alleleLookup(l);
  const counts = readCounts(l);
  const driver = driverLookup(l);
  const namespaces = usedNamespaceColumns(l).length > 0 ? namespaceLookup(l) : undefined;
  for (const count of counts) await buildLookup(db, count.lookup, sql`${rows} WHERE NOT ${raw(plainCountText(count.countCell))}`);
  for (const lookup of [rowClass, gene, protein, allele, driver, namespaces]) if (lookup) await buildLookup(db, lookup, rows);

  const classified = sql`${rows} ${joinLookup(rowClass, 'c')} ${joinLookup(gene, 'g')}`;
  const verdict = verdictLookup(ctx);
  await buildLookup(db, verdict, sql`${classified} WHERE c.skip_reason IS NULL AND g.skip_reason IS NULL`);
  const judged = sql`${classified} ${joinLookup(verdict, 'v')} ${joinLookup(protein, 'p')}`;
  const keyword = keywordLookup();
  await buildLookup(db, keyword, sql`${judged} WHERE v.accept`);

  const start = positionText(l.start);
  // An insertion's end is start + 1, whatever its cell says.
  const end = `CASE WHEN ${cellText(l.reference)} = '-' THEN ${start} + 1 ELSE ${positionText(l.end)} END`;
  const textColumns = Object.entries(l.text).map(([column, index]) => sql`${readCell(index)} AS ${raw(column)}`);
  const namespaceColumns = namespaces
    ? raw(['namespace_columns', ...Object.keys(ASCN_COLUMNS)].map((c) => `n.${c}`).join(', '))
    : raw(['NULL AS namespace_columns', ...Object.entries(ASCN_COLUMNS).map(([c, type]) => `CAST(NULL AS ${type}) AS ${c}`)].join(', '));
  await db.run(sql`CREATE OR REPLACE TEMP VIEW ${raw(T.view)} AS
    SELECT r.line,
      CASE WHEN s.sample_key IS NULL THEN 'normal-sample'
        ELSE coalesce(c.skip_reason, g.skip_reason, CASE WHEN NOT v.accept THEN 'filtered' END) END AS skip_reason,
      CASE WHEN s.sample_key IS NULL THEN ${cell(l.sample)} WHEN c.skip_reason IS NOT NULL THEN c.skip_detail
        WHEN g.skip_reason IS NOT NULL THEN g.skip_detail ELSE v.reason END AS skip_detail,
      s.sample_key, g.entrez_gene_id, c.validation_status, ${readCell(l.mutationStatus)} AS mutation_status,
      ${join(counts.map(({ column, countCell }) => raw(`CASE WHEN ${plainCountText(countCell)} THEN CAST(${cellText(countCell)} AS INTEGER) ELSE ${column}.value END AS ${column}`)))},
      NULL AS amino_acid_change, -- the reference importer never stores it
      c.chr, greatest(${raw(start)}, 0) AS start_position, greatest(${raw(end)}, 0) AS end_position,
      ${readCell(l.reference)} AS reference_allele, a.tumor_seq_allele, ${PROTEIN_CHANGE} AS protein_change, c.mutation_type,
      p.protein_pos_start, p.protein_pos_end, k.keyword,
      ${join(textColumns)},
      d.driver_filter, d.driver_filter_annotation, d.driver_tiers_filter, d.driver_tiers_filter_annotation, ${namespaceColumns},
      k.protein_change_upper, a.allele_upper, c.type_upper,
      CASE WHEN ${raw(start)} < 0 THEN ${cell(l.start)} END AS start_coerced,
      CASE WHEN ${cell(l.reference)} <> '-' AND ${raw(positionText(l.end))} < 0 THEN ${cell(l.end)} END AS end_coerced
    FROM ${judged} ${joinLookup(sampleLookup(ctx), 's')} ${joinLookup(allele, 'a')} ${join(counts.map(({ column, lookup }) => joinLookup(lookup, column)), ' ')}
      ${joinLookup(driver, 'd')} ${namespaces ? joinLookup(namespaces, 'n') : raw('')} ${joinLookup(keyword, 'k')}`);
  await db.run(sql`CREATE OR REPLACE TEMP TABLE ${raw(T.mapped)} AS SELECT ${raw(MAPPED_COLUMNS)} FROM ${raw(T.view)}`);
}

/** Drops the mapping's view and tables. */
export async function dropMapping(db: Db): Promise<void> {
  await db.run(sql`DROP VIEW IF EXISTS ${raw(T.view)}`);
  for (const table of Object.values(T)) if (table !== T.view) await db.run(sql`DROP TABLE IF EXISTS ${raw(table)}`);
}
