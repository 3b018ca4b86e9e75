// Wide gene × sample matrices (study-format 11.2, 12, 9): CNA, expression, methylation, protein
// (RPPA keys: rppa.ts). JS reads the header and gene columns (validation, genes, line numbers);
// DuckDB reads the cells: one gene_value row per cell holding its trimmed text, as ImportTabDelimData,
// and that text as a number when it is one.
import { numberOfCellText } from '../../engine/resources/molecular-data-value.js';
import { sql } from '../../engine/sql/sql.js';
import type { ProfileRef, StudyContext } from '../context.js';
import { LoadError } from '../errors.js';
import type { GeneRecord, GeneResolver } from '../genes/gene-resolver.js';
import { createProfile, metaGenePanel } from '../store/profiles.js';
import { dataFilePath, type MetaFile } from '../study-dir.js';
import { readLines } from '../text/lines.js';
import type { FormatLoader } from './format-loader.js';
import { RppaRows } from './rppa.js';

/** Header names never taken for a sample column (case-insensitive). */
const FEATURE_COLUMNS = new Set(['gene symbol', 'hugo_symbol', 'entrez_gene_id', 'locus id', 'cytoband', 'composite.element.ref', 'geneset_id', 'entity_stable_id']);
/** DuckDB reads each line as one field split on this byte, which a matrix never holds. */
const LINE_DELIMITER = '\u0001';
const DUCKDB_MAX_LINE = 2_097_152;
/** Unreadable lines DuckDB's reject table keeps of one matrix (millions of them would fill it). */
const REJECTS_KEPT = 100;
/** Cells split and inserted per statement (DUCKPORTAL_MATRIX_SLICE_CELLS: less memory, more statements). */
const cellsPerSlice = () => Number(process.env.DUCKPORTAL_MATRIX_SLICE_CELLS ?? 4_000_000);

export interface MatrixLayout {
  /** Hugo_Symbol, or Composite.Element.REF when present (the importer reads it instead); -1 if none. */
  symbol: number;
  entrez: number;
  /** Protein file keyed by Composite.Element.REF in its first column. */
  rppa: boolean;
  /** First sample column: the first one after the last feature column that is no feature name. */
  sampleStart: number;
}

export function matrixLayout(columns: readonly string[], proteinLevel: boolean): MatrixLayout | string {
  const find = (name: string) => columns.findIndex((c) => c.toLowerCase() === name);
  const hugo = find('hugo_symbol');
  const entrez = find('entrez_gene_id');
  const cer = find('composite.element.ref');
  const rppa = proteinLevel && cer === 0;
  if (!rppa && hugo < 0 && entrez < 0) return 'at least one of the columns Hugo_Symbol and Entrez_Gene_Id is required';
  const lastFeature = Math.max(hugo, entrez, cer, find('geneset_id'));
  const sampleStart = columns.findIndex((c, i) => i > lastFeature && !FEATURE_COLUMNS.has(c.toLowerCase()));
  if (sampleStart < 0) return 'the file has no sample columns';
  return { symbol: cer >= 0 ? cer : hugo, entrez: rppa ? -1 : entrez, rppa, sampleStart };
}

/** Genes a row is stored for; `single`: one non-miRNA gene (only such rows give CNA events). */
export type RowGenes = { genes: GeneRecord[]; single: boolean } | { skip: string };

/** Gene resolution of a wide matrix row (study-format 9, "wide matrix" column). */
export function resolveMatrixRow(resolver: GeneResolver, symbol: string, entrez: string): RowGenes {
  if (entrez !== '' && !/^[0-9]+$/.test(entrez)) return { skip: 'Entrez_Gene_Id is not a number, row skipped' };
  if (symbol === '' && entrez === '') return { skip: 'no Hugo_Symbol and no Entrez_Gene_Id, row skipped' };
  if (symbol.includes('///')) return { skip: "symbol names several genes ('///'), row skipped" };
  if (symbol.includes('---')) return { skip: "symbol is an unknown gene ('---'), row skipped" };
  let found: GeneRecord[] = [];
  const byId = entrez === '' ? undefined : resolver.byEntrezId(Number(entrez));
  if (byId) found = [byId];
  else if (symbol !== '') {
    const bar = symbol.indexOf('|');
    const r = resolver.bySymbolName(bar > 0 ? symbol.slice(0, bar) : symbol);
    if (r.kind === 'gene') found = [r.gene];
    else if (r.kind === 'ambiguous') found = r.candidates.map((id) => resolver.byEntrezId(id)).filter((g): g is GeneRecord => !!g);
  }
  if (found.length === 0) return { skip: 'gene not found, row skipped' };
  // A symbol naming microRNAs (itself or as an alias) is stored once per microRNA gene.
  const mirnas = dedupe([...found.filter((g) => g.type === 'miRNA'), ...(symbol === '' ? [] : resolver.microRnaGenes(symbol))]);
  if (mirnas.length > 0) return { genes: mirnas, single: false };
  if (found.length === 1) return { genes: found, single: true };
  return { skip: 'ambiguous gene symbol, row skipped' };
}

function dedupe(genes: GeneRecord[]): GeneRecord[] {
  const seen = new Set<number>();
  return genes.filter((g) => !seen.has(g.entrezGeneId) && seen.add(g.entrezGeneId));
}

/** What loading a matrix file produced, for the discrete CNA loader. */
export interface MatrixLoad {
  profile: ProfileRef;
  /** Sample columns kept (normals and repeated samples dropped), in file order. */
  sampleKeys: number[];
  /** Every gene stored. */
  genes: Set<number>;
  /** Genes of single-gene rows: the ones whose cells may become CNA events. */
  eventGenes: number[];
}

export const loadGeneMatrix: FormatLoader = async (ctx, meta) => {
  await loadMatrixFile(ctx, meta);
};

/** Creates the profile of `meta` and loads its matrix file into gene_value. */
export async function loadMatrixFile(ctx: StudyContext, meta: MetaFile): Promise<MatrixLoad> {
  const profile = await createProfile(ctx, meta);
  const panelKey = await metaGenePanel(ctx, meta);
  const file = dataFilePath(meta);
  const proteinLevel = meta.values.get('genetic_alteration_type') === 'PROTEIN_LEVEL';
  const scan = await scanMatrix(ctx, file, proteinLevel);
  for (const sampleKey of scan.sampleKeys) ctx.markProfiled(profile.profileKey, sampleKey, panelKey);
  if (scan.rows.r.length === 0 || scan.sampleKeys.length === 0) ctx.warn({ file }, 'no row or no sample column of the file could be loaded');
  else await ingestCells(ctx, file, profile.profileKey, scan);
  return { profile, sampleKeys: scan.sampleKeys, genes: scan.stored, eventGenes: scan.eventGenes };
}

interface MatrixScan {
  headerLine: number;
  /** 1-based column positions of the kept sample columns and their samples. */
  positions: number[];
  sampleKeys: number[];
  /** Their header cells. */
  sampleColumns: string[];
  /** Per stored (row, gene): DuckDB row index (0 = line after the header), raw first cell, gene. */
  rows: { r: number[]; first: string[]; entrez: number[] };
  stored: Set<number>;
  eventGenes: number[];
  longestLine: number;
}

async function scanMatrix(ctx: StudyContext, file: string, proteinLevel: boolean): Promise<MatrixScan> {
  const scan: MatrixScan = { headerLine: 0, positions: [], sampleKeys: [], sampleColumns: [], rows: { r: [], first: [], entrez: [] }, stored: new Set(), eventGenes: [], longestLine: 0 };
  let layout: MatrixLayout | undefined;
  let width = 0;
  const rppa = new RppaRows(ctx, file);
  for await (const { text, lineNo } of readLines(file)) {
    if (!layout) {
      if (text.startsWith('#') || text.trim() === '') continue;
      const columns = text.split('\t').map((c) => c.trim());
      layout = readHeader(ctx, file, lineNo, columns, proteinLevel, scan);
      width = columns.length;
      continue;
    }
    if (text.trim() === '') continue;
    const location = { file, line: lineNo };
    if (text.startsWith('#')) {
      ctx.warn(location, 'comment line after the header ignored');
      continue;
    }
    // Count the fields without splitting the whole line; remember where the sample cells begin.
    let fields = 1;
    let featureEnd = -1;
    for (let tab = text.indexOf('\t'); tab >= 0; tab = text.indexOf('\t', tab + 1)) {
      if (fields === layout.sampleStart) featureEnd = tab;
      fields++;
    }
    if (fields !== width) throw new LoadError(location, `expected ${width} fields, found ${fields}`);
    if (text.includes(LINE_DELIMITER)) throw new LoadError(location, 'the line holds a control character (\\u0001)');
    scan.longestLine = Math.max(scan.longestLine, text.length);
    const features = text.slice(0, featureEnd).split('\t').map((c) => c.trim());
    const symbol = layout.symbol >= 0 ? features[layout.symbol] : '';
    const resolved = layout.rppa ? await rppa.resolve(symbol, location) : resolveMatrixRow(ctx.genes, symbol, layout.entrez >= 0 ? features[layout.entrez] : '');
    if ('skip' in resolved) {
      ctx.warn(location, resolved.skip);
      continue;
    }
    const added = resolved.genes.filter((g) => {
      if (!scan.stored.has(g.entrezGeneId)) return scan.stored.add(g.entrezGeneId);
      ctx.warn(location, 'gene already loaded from an earlier row of the file, row skipped for it');
      return false;
    });
    if (resolved.single && added.length === 1) scan.eventGenes.push(added[0].entrezGeneId);
    const firstCell = text.slice(0, text.indexOf('\t'));
    for (const gene of added) {
      scan.rows.r.push(lineNo - scan.headerLine - 1);
      scan.rows.first.push(firstCell);
      scan.rows.entrez.push(gene.entrezGeneId);
    }
  }
  if (!layout) throw new LoadError({ file }, 'file has no header line');
  return scan;
}

function readHeader(ctx: StudyContext, file: string, line: number, columns: string[], proteinLevel: boolean, scan: MatrixScan): MatrixLayout {
  const seen = new Set<string>();
  for (const column of columns) {
    if (seen.has(column)) throw new LoadError({ file, line, column }, `column header '${column}' is repeated`);
    seen.add(column);
  }
  const layout = matrixLayout(columns, proteinLevel);
  if (typeof layout === 'string') throw new LoadError({ file, line }, layout);
  scan.headerLine = line;
  const keys = new Set<number>();
  for (let i = layout.sampleStart; i < columns.length; i++) {
    // Unknown samples abort (study-format 3.3); TCGA normals are dropped silently.
    const ref = ctx.sampleOf(columns[i], { file, line, column: columns[i] }, 'abort');
    if (!ref) continue;
    if (keys.has(ref.sampleKey)) {
      ctx.warn({ file, line, column: columns[i] }, 'sample column repeated (after TCGA normalisation), column ignored');
      continue;
    }
    keys.add(ref.sampleKey);
    scan.positions.push(i + 1);
    scan.sampleKeys.push(ref.sampleKey);
    scan.sampleColumns.push(columns[i]);
  }
  return layout;
}

/**
 * Inserts the cells of the scanned rows. DuckDB reads the file as lines; a line's row index is
 * its line number minus the header's (blank lines included), checked against each row's first cell.
 * Cells are trimmed of spaces (and the line of a CR), which is what Java's trim() meets in practice;
 * trimming a character set instead makes the insert four times slower.
 */
async function ingestCells(ctx: StudyContext, file: string, profileKey: number, scan: MatrixScan): Promise<void> {
  const db = ctx.db;
  const maxLine = Math.max(DUCKDB_MAX_LINE, scan.longestLine * 4 + 64);
  await db.run(sql`CREATE OR REPLACE TEMP TABLE matrix_rows AS
    SELECT unnest(${scan.rows.r}::BIGINT[]) AS r, unnest(${scan.rows.first}::VARCHAR[]) AS first_cell, unnest(${scan.rows.entrez}::INTEGER[]) AS entrez_gene_id`);
  await db.run(sql`CREATE OR REPLACE TEMP TABLE matrix_cols AS
    SELECT unnest(${scan.positions}::INTEGER[]) AS pos, unnest(${scan.sampleKeys}::INTEGER[]) AS sample_key`);
  // A line DuckDB cannot read (not UTF-8, too long) is set aside in matrix_rejects and reported
  // with its line number: an error of the statement would abort the load's transaction, and every
  // later statement would fail with DuckDB's "transaction is aborted" instead of this file's error.
  const readLines = async (rejectsLimit: number, parallel: boolean) => {
    await db.exec('DROP TABLE IF EXISTS matrix_rejects; DROP TABLE IF EXISTS matrix_reject_scans');
    try {
      await db.run(sql`CREATE OR REPLACE TEMP TABLE matrix_lines AS
        SELECT line FROM read_csv(${file}, delim = ${LINE_DELIMITER}, quote = '', escape = '', header = false, skip = ${scan.headerLine},
          columns = {'line': 'VARCHAR'}, auto_detect = false, strict_mode = false, max_line_size = ${maxLine}, parallel = ${parallel},
          store_rejects = true, rejects_table = 'matrix_rejects', rejects_scan = 'matrix_reject_scans', rejects_limit = ${rejectsLimit})`);
    } catch (error) {
      throw new LoadError({ file }, `cannot read the matrix: ${(error as Error).message.split('\n')[0]}`);
    }
    const rejected = await db.one<{ line: number; message: string }>(sql`SELECT line::INTEGER AS line, error_message AS message FROM matrix_rejects ORDER BY line LIMIT 1`);
    await db.exec('DROP TABLE matrix_rejects; DROP TABLE matrix_reject_scans');
    return rejected;
  };
  // The parallel read keeps a bounded number of rejects, not necessarily the earliest; only when
  // there is one is the file read again in order, to report its first unreadable line.
  if (await readLines(REJECTS_KEPT, true)) {
    const first = await readLines(1, false);
    if (first) throw new LoadError({ file, line: first.line }, `cannot read the matrix: ${first.message}`);
  }
  // Rows a transaction inserts get row ids from a large offset (beyond 2^53: kept as text here),
  // in insertion (file) order.
  const base = (await db.one<{ base: string }>(sql`SELECT min(rowid)::VARCHAR AS base FROM matrix_lines`))?.base ?? '0';
  // Only each line's first cell is joined: whole lines of thousands of samples would not fit.
  const firstCells = sql`(SELECT rowid - ${base}::BIGINT AS r, split_part(line, ${'\t'}, 1) AS first_cell FROM matrix_lines)`;
  const check = await db.one<{ bad: number }>(sql`
    SELECT count(*)::INTEGER AS bad FROM matrix_rows m LEFT JOIN ${firstCells} l USING (r)
    WHERE l.first_cell IS NULL OR l.first_cell <> m.first_cell`);
  if (check?.bad) throw new LoadError({ file }, 'lines could not be matched (mixed line endings or stray carriage returns?)');
  if (ctx.incremental) await deleteSampleCells(ctx, profileKey, scan.sampleKeys);
  // In slices of lines, so that a whole-transcriptome matrix of thousands of samples splits into
  // cells within the loader's memory limit.
  const linesPerSlice = Math.max(1, Math.floor(cellsPerSlice() / Math.max(1, scan.positions.length)));
  const lastLine = scan.rows.r.reduce((a, b) => Math.max(a, b), -1);
  for (let from = 0; from <= lastLine; from += linesPerSlice) {
    await db.run(sql`
      INSERT INTO gene_value
      SELECT ${ctx.study.key}, ${profileKey}, m.entrez_gene_id, c.sample_key, trim(cell.value), ${numberOfCellText(sql`trim(cell.value)`)}
      FROM (SELECT r, generate_subscripts(parts, 1) AS pos, unnest(parts) AS value
            FROM (SELECT rowid - ${base}::BIGINT AS r, string_split(rtrim(line, ${'\r'}), ${'\t'}) AS parts FROM matrix_lines
                  WHERE rowid >= ${base}::BIGINT + ${from} AND rowid < ${base}::BIGINT + ${from + linesPerSlice}) WHERE r IN (SELECT r FROM matrix_rows)) cell
      JOIN matrix_rows m USING (r) JOIN matrix_cols c USING (pos)`);
  }
  addRowCount(ctx, 'gene_value', scan.rows.r.length * scan.sampleKeys.length);
  await warnNonNumericCells(ctx, file, profileKey, scan);
  await db.exec('DROP TABLE matrix_rows; DROP TABLE matrix_cols; DROP TABLE matrix_lines');
  if (ctx.incremental) await fillMissingCells(ctx, profileKey);
}

/**
 * The importer stores every cell as written (study-format 12); one that is neither a number nor
 * NA (blank, NaN, text, 1e400) is kept so, but answers and statistics read it as no value: one
 * warning counts them and names the first (matrix_rows and matrix_cols place each cell).
 */
async function warnNonNumericCells(ctx: StudyContext, file: string, profileKey: number, scan: MatrixScan): Promise<void> {
  const first = await ctx.db.one<{ n: number; r: number; pos: number; value: string }>(sql`
    WITH bad AS (
      SELECT m.r, c.pos, v.value FROM gene_value v JOIN matrix_rows m USING (entrez_gene_id) JOIN matrix_cols c USING (sample_key)
      WHERE v.profile_key = ${profileKey} AND v.number IS NULL AND v.value <> 'NA')
    SELECT (SELECT count(*) FROM bad)::INTEGER AS n, r::INTEGER AS r, pos, value FROM bad ORDER BY r, pos LIMIT 1`);
  if (!first) return;
  const column = scan.sampleColumns[scan.positions.indexOf(first.pos)];
  ctx.warn({ file, line: scan.headerLine + 1 + first.r, column },
    `${first.n} cell(s) neither a number nor NA: stored as written, read as no value (first: '${first.value}', sample ${column})`);
}

/** Incremental loads replace a sample's whole column (study-format 24). */
export async function deleteSampleCells(ctx: StudyContext, profileKey: number, sampleKeys: readonly number[]): Promise<void> {
  if (sampleKeys.length > 0)
    await ctx.db.run(sql`DELETE FROM gene_value WHERE profile_key = ${profileKey} AND sample_key IN (SELECT unnest(${sampleKeys}::INTEGER[]))`);
}

/**
 * Keeps an incrementally loaded matrix rectangular as the importer does: genes absent from the
 * file become '' for its samples, new genes '' for the other samples.
 */
export async function fillMissingCells(ctx: StudyContext, profileKey: number): Promise<void> {
  const row = await ctx.db.one<{ Count: number }>(sql`
    INSERT INTO gene_value
    SELECT ${ctx.study.key}, ${profileKey}, g.entrez_gene_id, s.sample_key, '', NULL
    FROM (SELECT DISTINCT entrez_gene_id FROM gene_value WHERE profile_key = ${profileKey}) g
    CROSS JOIN (SELECT DISTINCT sample_key FROM gene_value WHERE profile_key = ${profileKey}) s
    WHERE NOT EXISTS (SELECT 1 FROM gene_value v WHERE v.profile_key = ${profileKey} AND v.entrez_gene_id = g.entrez_gene_id AND v.sample_key = s.sample_key)`);
  addRowCount(ctx, 'gene_value', row?.Count ?? 0);
}

/** Rows inserted by SQL rather than by a ctx.writer still reach the load summary. */
export function addRowCount(ctx: StudyContext, table: string, rows: number): void {
  ctx.rowCounts.set(table, (ctx.rowCounts.get(table) ?? 0) + rows);
}
