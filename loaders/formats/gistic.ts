// GISTIC region files (study-format 14.1), as GisticReader + ValidateGistic load them: exact
// column names, Java integer parsing (bad numbers abort), genes of a region resolved one by one
// (miRNAs, unknown and repeated genes dropped), regions failing the importer's checks skipped.
import type { StudyContext } from '../context.js';
import { LoadError, type Location } from '../errors.js';
import type { GeneRecord } from '../genes/gene-resolver.js';
import { guessGene } from '../genes/guess-gene.js';
import { dataFilePath } from '../study-dir.js';
import { parseJavaDouble, parseJavaInt } from '../text/java-number.js';
import { TsvFile } from '../text/tsv.js';
import type { FormatLoader } from './format-loader.js';

const COLUMNS = ['chromosome', 'peak_start', 'peak_end', 'genes_in_region', 'amp', 'cytoband', 'q_value'] as const;
type Column = (typeof COLUMNS)[number];

export interface GisticRegion {
  chromosome: number;
  start: number;
  end: number;
  amp: boolean;
  cytoband: string;
  qValue: number;
}

/** `genes_in_region`: comma-separated, brackets dropped, each token cut at its first `|`. */
export function parseGenesInRegion(text: string): string[] {
  return text.replace(/[[\]]/g, '').split(',').map((t) => t.split('|')[0].trim()).filter((t) => t !== '');
}

/** The numeric cells of a row, or the cell that makes the reference import abort. */
export function parseRegion(cell: (c: Column) => string): GisticRegion | { badColumn: Column } {
  const chrText = cell('chromosome');
  // ValidationUtils.validateChromosome: X → 23, Y → 24, any other non-integer or > 24 aborts.
  const chromosome = /^x$/i.test(chrText) ? 23 : /^y$/i.test(chrText) ? 24 : parseJavaInt(chrText);
  if (chromosome === undefined || chromosome > 24) return { badColumn: 'chromosome' };
  const start = parseJavaInt(cell('peak_start'));
  if (start === undefined) return { badColumn: 'peak_start' };
  const end = parseJavaInt(cell('peak_end'));
  if (end === undefined) return { badColumn: 'peak_end' };
  const amp = parseJavaInt(cell('amp'));
  if (amp === undefined) return { badColumn: 'amp' };
  const qValue = parseJavaDouble(cell('q_value').trim());
  if (qValue === undefined) return { badColumn: 'q_value' };
  return { chromosome, start, end, amp: amp === 1, cytoband: cell('cytoband'), qValue };
}

/**
 * ValidateGistic: why the importer skips a parsed region, or undefined. Its chromosome test is
 * 1-22, so X and Y regions (23, 24) are never loaded upstream, whatever the validator says.
 */
export function rejectRegion(r: GisticRegion): string | undefined {
  if (r.chromosome < 1 || r.chromosome > 22) return `chromosome ${r.chromosome} is outside 1-22 (the reference importer skips X/Y regions)`;
  if (r.start <= 0 || r.end <= 0) return 'peak_start and peak_end must be positive';
  if (r.end <= r.start) return r.end === r.start ? 'zero-length peak (peak_start = peak_end)' : 'peak_start is greater than peak_end';
  if (!(r.qValue >= 0 && r.qValue <= 1)) return `q_value ${r.qValue} is outside [0, 1]`;
  return undefined;
}

export const loadGistic: FormatLoader = async (ctx, meta) => {
  const genome = meta.values.get('reference_genome_id');
  if (genome !== 'hg19' && genome !== 'hg38') ctx.warn({ file: meta.path }, `reference_genome_id '${genome}' is not hg19 or hg38 (a validator ERROR)`);
  const ampFile = meta.values.get('genetic_alteration_type') === 'GISTIC_GENES_AMP';
  const path = dataFilePath(meta);
  const tsv = new TsvFile(path, { allowShortRows: true, allowLongRows: true, skipCommentRows: true });
  const header = await tsv.readHeader();
  const index = new Map(COLUMNS.map((c) => [c, header.columns.indexOf(c)]));
  for (const [name, i] of index) if (i < 0) throw new LoadError({ file: path, line: header.lineNo }, `missing column ${name}`);

  const regions = await ctx.writer('gistic');
  const regionGenes = await ctx.writer('gistic_gene');
  try {
    for await (const { cells, lineNo } of tsv.rows()) {
      const at: Location = { file: path, line: lineNo };
      const region = parseRegion((c) => cells[index.get(c) ?? -1] ?? '');
      if ('badColumn' in region) {
        const text = cells[index.get(region.badColumn) ?? -1] ?? '';
        throw new LoadError({ ...at, column: region.badColumn }, `'${text}' is not a valid ${region.badColumn}`);
      }
      if (region.amp !== ampFile) ctx.warn({ ...at, column: 'amp' }, `amp ${cells[index.get('amp') ?? -1]} in a ${ampFile ? 'GISTIC_GENES_AMP' : 'GISTIC_GENES_DEL'} file (a validator ERROR; stored as written)`);
      const genes = resolveGenes(ctx, at, cells[index.get('genes_in_region') ?? -1] ?? '');
      const rejected = genes.length === 0 ? 'no gene of genes_in_region is known' : rejectRegion(region);
      if (rejected) {
        ctx.warn(at, `${rejected}; region skipped`);
        continue;
      }
      const gisticKey = await ctx.nextKey('gistic', 'gistic_key');
      regions.add({
        gistic_key: gisticKey, study_key: ctx.study.key, chromosome: region.chromosome, cytoband: region.cytoband,
        wide_peak_start: region.start, wide_peak_end: region.end, q_value: region.qValue, amp: region.amp,
      });
      for (const gene of genes) regionGenes.add({ study_key: ctx.study.key, gistic_key: gisticKey, entrez_gene_id: gene.entrezGeneId });
    }
    await regions.finish();
    await regionGenes.finish();
  } finally {
    regions.discard();
    regionGenes.discard();
  }
};

/** The region's distinct known non-miRNA genes, in file order. */
function resolveGenes(ctx: StudyContext, at: Location, text: string): GeneRecord[] {
  const genes: GeneRecord[] = [];
  for (const token of parseGenesInRegion(text)) {
    const gene = guessGene(ctx.genes, token);
    if (!gene) ctx.warn({ ...at, column: 'genes_in_region' }, `gene '${token}' not found or ambiguous; skipped`);
    else if (gene.type === 'miRNA') ctx.warn({ ...at, column: 'genes_in_region' }, `miRNA gene '${token}' skipped`);
    else if (genes.some((g) => g.entrezGeneId === gene.entrezGeneId)) ctx.warn({ ...at, column: 'genes_in_region' }, `gene '${token}' repeated in the region; skipped`);
    else genes.push(gene);
  }
  return genes;
}
