// Long discrete CNA files (study-format 11.3): one (gene, sample, value) per row, rebuilt into the
// gene × sample matrix as ImportCnaDiscreteLongData does (integer values, missing cells ''), plus
// CNA events (±2) with the row's driver and namespace columns (that importer makes them whatever
// show_profile_in_analysis_tab says).
import { numberOfCell } from '../../engine/resources/molecular-data-value.js';
import { sql } from '../../engine/sql/sql.js';
import type { StudyContext } from '../context.js';
import { LoadError, type Location } from '../errors.js';
import type { GeneRecord, GeneResolver } from '../genes/gene-resolver.js';
import { createProfile, metaGenePanel } from '../store/profiles.js';
import { dataFilePath } from '../study-dir.js';
import { TsvFile, columnIndex } from '../text/tsv.js';
import { DRIVER_COLUMNS, driverColumns, type DriverColumns } from './driver-columns.js';
import type { FormatLoader } from './format-loader.js';
import { deleteSampleCells } from './gene-matrix.js';
import { namespaceJson, parseNamespaceList, planNamespaces } from './namespaces.js';

export type LongGene = { gene: GeneRecord } | { skip: string } | { ambiguous: string };

/** Entrez id first, then the symbol cut at '|'; an ambiguous alias aborts the reference import. */
export function resolveLongGene(resolver: GeneResolver, symbol: string, entrez: string): LongGene {
  const id = /^\d+$/.test(entrez) ? Number(entrez) : 0;
  if (symbol === '' && id === 0) return { skip: 'no Hugo_Symbol and no usable Entrez_Gene_Id, row skipped' };
  const byId = id === 0 ? undefined : resolver.byEntrezId(id);
  if (byId) return { gene: byId };
  if (symbol === '') return { skip: 'Entrez_Gene_Id not found, row skipped' };
  if (symbol.includes('///') || symbol.includes('---')) return { skip: "symbol names several or unknown genes ('///', '---'), row skipped" };
  const bar = symbol.indexOf('|');
  const name = bar > 0 ? symbol.slice(0, bar) : symbol;
  const found = resolver.bySymbolName(name);
  if (found.kind === 'gene') return { gene: found.gene };
  if (found.kind === 'ambiguous') return { ambiguous: name };
  return { skip: 'gene not found, row skipped' };
}

/** The stored integer of a Value cell ('-1.5' counts as -2); undefined when not a CNA level. */
export function parseLongValue(text: string): number | undefined {
  if (text === '-1.5') return -2;
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= -2 && value <= 2 ? value + 0 : undefined;
}

interface LongCell {
  value: number;
  /** Driver columns (absent or empty cells read as 'NA') and namespace JSON, kept for events only. */
  driver?: DriverColumns;
  namespaces: string | null;
}

export const loadDiscreteCnaLong: FormatLoader = async (ctx, meta) => {
  const profile = await createProfile(ctx, meta);
  const panelKey = await metaGenePanel(ctx, meta);
  const file = dataFilePath(meta);
  const tsv = new TsvFile(file, { allowShortRows: true, allowLongRows: true });
  const { columns, lineNo: headerLine } = await tsv.readHeader();
  const col = columnIndex(columns);
  const [hugo, entrez, sampleCol, valueCol] = ['Hugo_Symbol', 'Entrez_Gene_Id', 'Sample_Id', 'Value'].map(col);
  if (hugo < 0 && entrez < 0) throw new LoadError({ file, line: headerLine }, 'at least one of the columns Hugo_Symbol and Entrez_Gene_Id is required');
  for (const [index, name] of [[sampleCol, 'Sample_Id'], [valueCol, 'Value']] as const)
    if (index < 0) throw new LoadError({ file, line: headerLine }, `the column ${name} is required`);
  const drivers = DRIVER_COLUMNS.map(col);
  const plan = planNamespaces(parseNamespaceList(meta.values.get('namespaces')), columns);
  for (const ns of plan.unmatched) ctx.warn({ file, line: headerLine }, `namespace '${ns}' of the meta file has no column`);

  const matrix = new Map<number, Map<number, LongCell>>();
  const samples = new Set<number>();
  for await (const batch of tsv.rowBatches()) {
    for (const { cells, lineNo: line } of batch) {
      const location: Location = { file, line };
      const symbol = hugo >= 0 ? cells[hugo] : '';
      const entrezText = entrez >= 0 ? cells[entrez] : '';
      if (entrezText !== '' && !/^\d+$/.test(entrezText)) ctx.warn(location, 'Entrez_Gene_Id is not a number, the symbol is used');
      const resolved = resolveLongGene(ctx.genes, symbol, entrezText);
      if ('ambiguous' in resolved) throw new LoadError({ ...location, column: columns[hugo] }, `gene symbol '${resolved.ambiguous}' is an alias of several genes`);
      if ('skip' in resolved) {
        ctx.warn(location, resolved.skip);
        continue;
      }
      const sample = ctx.sampleOfRow(cells[sampleCol], { ...location, column: columns[sampleCol] }, 'abort');
      if (!sample) continue;
      ctx.markProfiled(profile.profileKey, sample.sampleKey, panelKey);
      const value = parseLongValue(cells[valueCol]);
      if (value === undefined) {
        ctx.warn(location, 'Value is not a discrete CNA level (-2, -1.5, -1, 0, 1, 2), row skipped');
        continue;
      }
      const geneId = resolved.gene.entrezGeneId;
      const row = matrix.get(geneId) ?? new Map<number, LongCell>();
      matrix.set(geneId, row);
      if (row.has(sample.sampleKey)) {
        ctx.warn(location, 'gene and sample already given on an earlier row, row skipped');
        continue;
      }
      samples.add(sample.sampleKey);
      const cell: LongCell = { value, namespaces: null };
      if (Math.abs(value) === 2) {
        const [driver, driverAnnotation, tiers, tiersAnnotation] = drivers.map((i) => (i >= 0 ? cells[i] : undefined));
        cell.driver = driverColumns(driver, driverAnnotation, tiers, tiersAnnotation);
        cell.namespaces = namespaceJson(plan, cells);
      }
      row.set(sample.sampleKey, cell);
    }
  }
  await writeLongMatrix(ctx, profile.profileKey, matrix, [...samples].sort((a, b) => a - b));
};

/**
 * The cells of the file (the reference importer would also store '' for every (gene, sample)
 * pair the file leaves out; an absent cell means the same here, and keeps a long file long),
 * then the ±2 cells as events.
 */
async function writeLongMatrix(ctx: StudyContext, profileKey: number, matrix: Map<number, Map<number, LongCell>>, samples: number[]): Promise<void> {
  const genes = [...matrix.keys()].filter((g) => matrix.get(g)!.size > 0).sort((a, b) => a - b);
  if (ctx.incremental) {
    await deleteSampleCells(ctx, profileKey, samples);
    if (samples.length > 0)
      await ctx.db.run(sql`DELETE FROM cna_event WHERE profile_key = ${profileKey} AND sample_key IN (SELECT unnest(${samples}::INTEGER[]))`);
  }
  const values = await ctx.writer('gene_value');
  try {
    for (const gene of genes) {
      const row = matrix.get(gene)!;
      for (const [sampleKey, cell] of [...row].sort((a, b) => a[0] - b[0])) {
        const value = String(cell.value);
        values.add({ study_key: ctx.study.key, profile_key: profileKey, entrez_gene_id: gene, sample_key: sampleKey, value, number: numberOfCell(value) });
      }
    }
    await values.finish();
  } finally {
    values.discard();
  }
  const events = await ctx.writer('cna_event');
  try {
    for (const gene of genes) {
      for (const [sampleKey, cell] of [...matrix.get(gene)!].sort((a, b) => a[0] - b[0])) {
        if (Math.abs(cell.value) !== 2) continue;
        events.add({
          study_key: ctx.study.key, profile_key: profileKey, sample_key: sampleKey, entrez_gene_id: gene, alteration: cell.value,
          ...cell.driver, namespace_columns: cell.namespaces,
        });
      }
    }
    await events.finish();
  } finally {
    events.discard();
  }
}
