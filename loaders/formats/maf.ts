// Mutation files (MAF; MUTATION_EXTENDED and MUTATION_UNCALLED, study-format 10): rows are
// filtered, mapped and merged as cBioPortal's ImportExtendedMutationData does. The rows are staged
// in a temporary table and mapped in SQL (maf-stage.ts, maf-mapping.ts), not one by one in JS.
import { withMemoryFloor } from '../../engine/sql/memory-floor.js';
import { sql, raw } from '../../engine/sql/sql.js';
import { CoercedValues } from '../coerced-values.js';
import { createProfile, metaGenePanel } from '../store/profiles.js';
import { dataFilePath } from '../study-dir.js';
import { TsvFile } from '../text/tsv.js';
import type { StudyContext } from '../context.js';
import type { FormatLoader } from './format-loader.js';
import { resolveMafGene } from './maf/maf-gene.js';
import { mergeDuplicates } from './maf/duplicate-merger.js';
import { checkLayout, checkSwissprotIdentifier, GenomeBuildCheck, sequencedSamples } from './maf/maf-header.js';
import { mafLayout } from './maf/maf-layout.js';
import { dropMapping, MAF_TABLES, mapRows, resolveSamples, usedColumns, type MappingContext } from './maf/maf-mapping.js';
import { stageRows } from './maf/maf-stage.js';
import { parseClassificationFilter } from './maf/mutation-filter.js';
import { SkipTally } from './maf/skip-tally.js';
import { parseNamespaceList } from './namespaces.js';

/** The mutation table's columns that maf_view holds under the same names. */
const MAPPED_COLUMNS = [
  'sample_key', 'entrez_gene_id', 'validation_status', 'mutation_status', 'tumor_alt_count', 'tumor_ref_count', 'normal_alt_count',
  'normal_ref_count', 'amino_acid_change', 'chr', 'start_position', 'end_position', 'reference_allele', 'tumor_seq_allele',
  'protein_change', 'mutation_type', 'ncbi_build', 'variant_type', 'refseq_mrna_id', 'protein_pos_start', 'protein_pos_end', 'keyword',
  'strand', 'db_snp_rs', 'db_snp_val_status', 'matched_norm_sample_barcode', 'match_norm_seq_allele1', 'match_norm_seq_allele2',
  'tumor_validation_allele1', 'tumor_validation_allele2', 'match_norm_validation_allele1', 'match_norm_validation_allele2',
  'verification_status', 'sequencing_phase', 'sequence_source', 'validation_method', 'score', 'bam_file', 'sequencer', 'codon_change',
  'uniprot_accession', 'driver_filter', 'driver_filter_annotation', 'driver_tiers_filter', 'driver_tiers_filter_annotation',
  'namespace_columns', 'ascn_integer_copy_number', 'ascn_method', 'ccf_expected_copies_upper', 'ccf_expected_copies', 'clonal',
  'minor_copy_number', 'expected_alt_copies', 'total_copy_number',
].join(', ');

/** What a MAF's mapping gets at least of DuckDB's memory (see withMemoryFloor). */
const MAPPING_MEMORY_BYTES = 256 * 2 ** 20;

export const loadMutations: FormatLoader = async (ctx, meta) => {
  const path = dataFilePath(meta);
  checkSwissprotIdentifier(meta);
  const { profileKey } = await createProfile(ctx, meta);
  const panelKey = await metaGenePanel(ctx, meta);
  const tsv = new TsvFile(path, { skipCommentRows: true, allowLongRows: true });
  const header = await tsv.readHeader();
  for (const sampleKey of sequencedSamples(ctx, path, header.comments)) ctx.markProfiled(profileKey, sampleKey, panelKey);

  const layout = mafLayout(header.columns, parseNamespaceList(meta.values.get('namespaces')));
  checkLayout(ctx, meta, path, header.lineNo, layout);
  const mapping: MappingContext = {
    layout,
    filter: parseClassificationFilter(meta.values.get('variant_classification_filter')),
    resolveGene: (symbol, entrez) => resolveMafGene(ctx.genes, symbol, entrez),
    sampleOf: (barcode, line) => ctx.sampleOf(barcode, { file: path, line, column: 'Tumor_Sample_Barcode' }, 'abort')?.sampleKey ?? null,
  };
  // The mapping's joins need some memory however small the file; a load given less gets this much for them.
  await withMemoryFloor(ctx.db, MAPPING_MEMORY_BYTES, async () => {
    try {
      await loadRows(ctx, tsv, mapping, profileKey, panelKey);
    } finally {
      // After a DuckDB error the transaction is aborted (and rolls the tables back): nothing to drop then.
      await dropMapping(ctx.db).catch(() => undefined);
    }
  });
};

/** Stages, maps, merges and inserts the rows, marks their samples profiled, and reports what was skipped or coerced. */
async function loadRows(ctx: StudyContext, tsv: TsvFile, mapping: MappingContext, profileKey: number, panelKey: number | null): Promise<void> {
  const db = ctx.db;
  const staged = await stageRows(db, tsv, MAF_TABLES.rows, usedColumns(mapping.layout));
  // An unknown sample before a malformed line is the first error, as when rows were read one by one.
  await resolveSamples(db, mapping);
  if (staged.error) throw staged.error;
  // Incremental: the samples' mutations in this profile are replaced, even those whose rows are all filtered.
  if (ctx.incremental)
    await db.run(sql`DELETE FROM mutation WHERE profile_key = ${profileKey}
      AND sample_key IN (SELECT sample_key FROM ${raw(MAF_TABLES.sample)} WHERE sample_key IS NOT NULL)`);
  await mapRows(db, mapping);
  await mergeDuplicates(db);
  // DuckDB answers an INSERT with the count of rows inserted.
  const inserted = await db.one<{ Count: number }>(sql`
    INSERT INTO mutation (study_key, profile_key, center, ${raw(MAPPED_COLUMNS)})
    SELECT ${ctx.study.key}, ${profileKey}, coalesce(d.center, m.center), ${raw(MAPPED_COLUMNS.split(', ').map((c) => `m.${c}`).join(', '))}
    FROM ${raw(MAF_TABLES.view)} m LEFT JOIN ${raw(MAF_TABLES.merged)} d USING (line)
    WHERE m.skip_reason IS NULL AND d.keep IS NOT false
    ORDER BY m.entrez_gene_id, m.sample_key`);
  ctx.rowCounts.set('mutation', (ctx.rowCounts.get('mutation') ?? 0) + (inserted?.Count ?? 0));
  const profiled = await db.all<{ sample_key: number }>(sql`SELECT DISTINCT sample_key FROM ${raw(MAF_TABLES.mapped)} WHERE skip_reason IS NULL`);
  for (const { sample_key } of profiled) ctx.markProfiled(profileKey, sample_key, panelKey);
  await reportRows(ctx, tsv.path);
}

/** The skipped rows per reason, the positions stored as 0 and the NCBI_Build check, each group named by its first line. */
async function reportRows(ctx: StudyContext, path: string): Promise<void> {
  const mapped = raw(MAF_TABLES.mapped);
  const tally = new SkipTally();
  for (const r of await ctx.db.all<{ reason: string; example: string; line: number; count: number }>(sql`
    SELECT skip_reason AS reason, arg_min(skip_detail, line) AS example, min(line) AS line, count(*) AS count FROM ${mapped}
    WHERE skip_reason IS NOT NULL GROUP BY skip_reason, CASE WHEN skip_reason = 'filtered' THEN skip_detail END ORDER BY line`))
    tally.add(r.reason, r.line, r.example, r.count);
  tally.report(ctx, path);

  const coerced = new CoercedValues();
  for (const r of await ctx.db.all<{ column_name: string; value: string; line: number; count: number }>(sql`
    SELECT * FROM (
      SELECT 'Start_Position' AS column_name, arg_min(start_coerced, line) AS value, min(line) AS line, count(*) AS count FROM ${mapped}
      WHERE skip_reason IS NULL AND start_coerced IS NOT NULL
      UNION ALL
      SELECT 'End_Position', arg_min(end_coerced, line), min(line), count(*) FROM ${mapped}
      WHERE skip_reason IS NULL AND end_coerced IS NOT NULL)
    WHERE count > 0 ORDER BY line, column_name DESC`))
    coerced.add(r.column_name, 'not a non-negative integer: stored as 0', r.line, r.value, r.count);
  coerced.report(ctx, path);

  const buildCheck = await GenomeBuildCheck.open(ctx);
  for (const r of await ctx.db.all<{ value: string; line: number; count: number }>(sql`
    SELECT ncbi_build AS value, min(line) AS line, count(*) AS count FROM ${mapped} WHERE skip_reason IS NULL GROUP BY ALL ORDER BY line`))
    buildCheck.check(r.value, r.line, r.count);
  buildCheck.report(ctx, path);
}