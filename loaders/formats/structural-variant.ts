// Structural variant files (study-format 15), as ImportStructuralVariantData loads them: columns
// by case-insensitive name, each site's gene Entrez-first then symbol, rows without SV_Status,
// without a known sample or without any resolved gene skipped, duplicates keep the first row.
import { sql } from '../../engine/sql/sql.js';
import type { StudyContext } from '../context.js';
import { LoadError, type Location } from '../errors.js';
import type { GeneRecord } from '../genes/gene-resolver.js';
import { guessGene } from '../genes/guess-gene.js';
import { createProfile, metaGenePanel } from '../store/profiles.js';
import type { RowValues } from '../store/bulk-writer.js';
import { dataFilePath } from '../study-dir.js';
import { parseJavaIntLenient, parseJavaLong } from '../text/java-number.js';
import { TsvFile, columnIndex, partString } from '../text/tsv.js';
import { driverColumns } from './driver-columns.js';
import type { FormatLoader } from './format-loader.js';
import { namespaceJson, parseNamespaceList, planNamespaces } from './namespaces.js';

const SITE_TEXT = ['Ensembl_Transcript_Id', 'Chromosome', 'Region', 'Contig', 'Description'] as const;
const SITE_INT = ['Region_Number', 'Position'] as const;
const TEXT = ['Site2_Effect_On_Frame', 'NCBI_Build', 'DNA_Support', 'RNA_Support', 'Annotation', 'Breakpoint_Type', 'Connection_Type', 'Event_Info', 'Class', 'Comments'] as const;
const INT = [
  'Normal_Read_Count', 'Tumor_Read_Count', 'Normal_Variant_Count', 'Tumor_Variant_Count', 'Normal_Paired_End_Read_Count',
  'Tumor_Paired_End_Read_Count', 'Normal_Split_Read_Count', 'Tumor_Split_Read_Count',
] as const;
/** SV_Status values the importer treats as absent (the row is skipped). */
const NO_STATUS = new Set(['', 'na', 'unknown', '0']);
/** Gene cells that name no gene. */
const NO_GENE = new Set(['', 'na', 'unknown', '0']);

export const loadStructuralVariants: FormatLoader = async (ctx, meta) => {
  const path = dataFilePath(meta);
  const tsv = new TsvFile(path, { allowShortRows: true, skipCommentRows: true });
  const header = await tsv.readHeader();
  const col = columnIndex(header.columns);
  const cell = (cells: readonly string[], name: string): string | undefined => {
    const i = col(name);
    return i < 0 ? undefined : cells[i];
  };
  if (col('Sample_Id') < 0) throw new LoadError({ file: path, line: header.lineNo }, 'missing required column Sample_Id');
  if (col('SV_Status') < 0) ctx.warn({ file: path, line: header.lineNo }, 'no SV_Status column: the reference importer skips every row');
  const namespaces = planNamespaces(parseNamespaceList(meta.values.get('namespaces')), header.columns);
  for (const ns of namespaces.unmatched) ctx.warn({ file: meta.path }, `namespace '${ns}' has no column in ${path}`);

  const { profileKey } = await createProfile(ctx, meta);
  const panelKey = await metaGenePanel(ctx, meta);
  const rows: RowValues[] = [];
  const seen = new Set<string>();
  for await (const batch of tsv.rowBatches()) {
    for (const { cells, lineNo } of batch) {
      const at: Location = { file: path, line: lineNo };
      const rawSample = cell(cells, 'Sample_Id') ?? '';
      const status = cell(cells, 'SV_Status') ?? '';
      if (rawSample === '' || rawSample.toUpperCase() === 'NA') {
        ctx.warn(at, 'no Sample_Id; row skipped');
        continue;
      }
      if (NO_STATUS.has(status.toLowerCase())) {
        ctx.warn({ ...at, column: 'SV_Status' }, 'SV_Status missing (validator assumes SOMATIC, the reference importer skips the row)', 1);
        continue;
      }
      if (!/^(SOMATIC|GERMLINE)$/i.test(status)) ctx.warn({ ...at, column: 'SV_Status' }, `SV_Status '${status}' is neither SOMATIC nor GERMLINE`);
      const sample = ctx.sampleOfRow(rawSample, at, 'skip');
      if (!sample) continue;
      const site1 = resolveSite(ctx, cell(cells, 'Site1_Entrez_Gene_Id'), cell(cells, 'Site1_Hugo_Symbol'));
      const site2 = resolveSite(ctx, cell(cells, 'Site2_Entrez_Gene_Id'), cell(cells, 'Site2_Hugo_Symbol'));
      if (!site1.gene && !site2.gene) {
        ctx.warn(at, site1.given || site2.given ? 'neither site names a known gene; row skipped' : 'no gene identifier at either site; row skipped');
        continue;
      }
      for (const [n, site] of [[1, site1], [2, site2]] as const)
        if (!site.gene && site.given) ctx.warn({ ...at, column: `Site${n}_Hugo_Symbol` }, `site ${n} gene not found or ambiguous; stored without a gene`);
      const row: RowValues = {
        study_key: ctx.study.key, profile_key: profileKey, sample_key: sample.sampleKey,
        site1_entrez_gene_id: site1.gene?.entrezGeneId ?? null, site2_entrez_gene_id: site2.gene?.entrezGeneId ?? null,
        sv_status: status, namespace_columns: namespaceJson(namespaces, cells), ...valueColumns((name) => cell(cells, name)),
      };
      const key = duplicateKey(rawSample, row);
      if (seen.has(key)) {
        ctx.warn(at, 'duplicate structural variant (same sample, sites and Event_Info); the first row is kept');
        continue;
      }
      seen.add(key);
      rows.push(row);
    }
  }
  await writeVariants(ctx, profileKey, panelKey, rows);
};

/**
 * The text, integer and driver columns, as the importer stores them: empty or absent text is the
 * literal 'NA' (never null); integers are `(int) Double.parseDouble` (-1 when empty, NA or text).
 */
function valueColumns(cell: (name: string) => string | undefined): RowValues {
  const row: RowValues = {
    length: parseJavaIntLenient(cell('SV_Length')),
    ...driverColumns(cell('cbp_driver'), cell('cbp_driver_annotation'), cell('cbp_driver_tiers'), cell('cbp_driver_tiers_annotation')),
  };
  for (const site of ['Site1', 'Site2']) {
    for (const name of SITE_TEXT) row[`${site}_${name}`.toLowerCase()] = partString(cell(`${site}_${name}`));
    for (const name of SITE_INT) row[`${site}_${name}`.toLowerCase()] = parseJavaIntLenient(cell(`${site}_${name}`));
  }
  for (const name of TEXT) row[name.toLowerCase()] = partString(cell(name));
  for (const name of INT) row[name.toLowerCase()] = parseJavaIntLenient(cell(name));
  return row;
}

/** The importer's duplicate key: raw sample id, resolved genes, both sites' places, Event_Info. */
function duplicateKey(rawSample: string, row: RowValues): string {
  const place = ['entrez_gene_id', 'chromosome', 'position', 'region_number', 'ensembl_transcript_id'];
  return JSON.stringify([rawSample, ...place.map((c) => row[`site1_${c}`]), ...place.map((c) => row[`site2_${c}`]), row.event_info]);
}

interface Site {
  gene?: GeneRecord;
  /** The row named a gene for this site (Entrez id or symbol). */
  given: boolean;
}

/** Entrez id first (a positive id in the gene table), then the symbol (study-format 9, SV row). */
function resolveSite(ctx: StudyContext, entrezCell: string | undefined, symbolCell: string | undefined): Site {
  const entrez = parseJavaLong(entrezCell);
  const symbol = symbolCell !== undefined && !NO_GENE.has(symbolCell.toLowerCase()) ? symbolCell : undefined;
  const byId = entrez !== undefined && entrez > 0 ? ctx.genes.byEntrezId(entrez) : undefined;
  const gene = byId ?? (symbol !== undefined ? guessGene(ctx.genes, symbol) : undefined);
  return { gene, given: (entrez !== undefined && entrez !== 0) || symbol !== undefined };
}

/**
 * Writes the rows ordered by gene then sample (schema convention) and marks their samples
 * profiled. An incremental load first removes the stored SVs of exactly those samples.
 */
async function writeVariants(ctx: StudyContext, profileKey: number, panelKey: number | null, rows: RowValues[]): Promise<void> {
  const samples = [...new Set(rows.map((r) => Number(r.sample_key)))];
  if (ctx.incremental && samples.length > 0)
    await ctx.db.run(sql`DELETE FROM structural_variant WHERE profile_key = ${profileKey} AND sample_key IN (SELECT unnest(${samples}::INTEGER[]))`);
  const gene = (r: RowValues) => Number(r.site1_entrez_gene_id ?? r.site2_entrez_gene_id);
  rows.sort((a, b) => gene(a) - gene(b) || Number(a.sample_key) - Number(b.sample_key));
  const writer = await ctx.writer('structural_variant');
  try {
    for (const row of rows) writer.add(row);
    await writer.finish();
  } finally {
    writer.discard();
  }
  for (const sampleKey of samples) ctx.markProfiled(profileKey, sampleKey, panelKey);
}
