// MutSig gene files (study-format 14.2), as MutSigReader loads them: rank (or file order), gene,
// N/Nnon, n/nnon, p, q; bad numbers abort, rows with q >= 0.1 and unknown genes are skipped.
import { LoadError, type Location } from '../errors.js';
import { guessGene } from '../genes/guess-gene.js';
import { dataFilePath } from '../study-dir.js';
import { parseJavaDouble } from '../text/java-number.js';
import { TsvFile } from '../text/tsv.js';
import type { FormatLoader } from './format-loader.js';

export interface MutSigLayout {
  rank: number;
  gene: number;
  basesCovered: number;
  mutations: number;
  p: number;
  q: number;
}

/** Header names: rank, N/Nnon, n/nnon exact; gene, p, q case-insensitive; the last match wins. */
export function parseMutSigHeader(columns: readonly string[]): MutSigLayout | { missing: string } {
  const layout: MutSigLayout = { rank: -1, gene: -1, basesCovered: -1, mutations: -1, p: -1, q: -1 };
  columns.forEach((name, i) => {
    if (name === 'rank') layout.rank = i;
    else if (name.toLowerCase() === 'gene') layout.gene = i;
    else if (name === 'N' || name === 'Nnon') layout.basesCovered = i;
    else if (name === 'n' || name === 'nnon') layout.mutations = i;
    else if (name.toLowerCase() === 'p') layout.p = i;
    else if (name.toLowerCase() === 'q') layout.q = i;
  });
  const required = [['gene', layout.gene], ['N (or Nnon)', layout.basesCovered], ['n (or nnon)', layout.mutations], ['p', layout.p], ['q', layout.q]] as const;
  const missing = required.find(([, i]) => i < 0);
  return missing ? { missing: missing[0] } : layout;
}

const JAVA_INT = /^[+-]?\d+$/;

export const loadMutSig: FormatLoader = async (ctx, meta) => {
  const path = dataFilePath(meta);
  const tsv = new TsvFile(path, { allowShortRows: true, allowLongRows: true, skipCommentRows: true });
  const header = await tsv.readHeader();
  const layout = parseMutSigHeader(header.columns);
  if ('missing' in layout) throw new LoadError({ file: path, line: header.lineNo }, `missing column ${layout.missing}`);

  const seen = new Set<number>();
  const writer = await ctx.writer('mutsig');
  let fileRank = 0;
  try {
    for await (const { cells, lineNo } of tsv.rows()) {
      const at: Location = { file: path, line: lineNo };
      const int = (i: number) => {
        if (!JAVA_INT.test(cells[i]) || Math.abs(Number(cells[i])) >= 2 ** 31) throw new LoadError({ ...at, column: header.columns[i] }, `'${cells[i]}' is not an integer`);
        return Number(cells[i]);
      };
      // Every '<' is dropped before parsing ("<1e-8").
      const real = (i: number) => {
        const n = parseJavaDouble(cells[i].replaceAll('<', '').trim());
        if (n === undefined) throw new LoadError({ ...at, column: header.columns[i] }, `'${cells[i]}' is not a number`);
        return n;
      };
      // Without a rank column, rows are ranked in file order, skipped rows included (as upstream).
      const rank = layout.rank < 0 ? ++fileRank : int(layout.rank);
      const row = { study_key: ctx.study.key, rank, num_bases_covered: int(layout.basesCovered), num_mutations: int(layout.mutations), p_value: real(layout.p), q_value: real(layout.q) };
      if (row.q_value >= 0.1) {
        ctx.warn(at, 'q >= 0.1; row skipped');
        continue;
      }
      const gene = guessGene(ctx.genes, cells[layout.gene]);
      if (!gene) {
        ctx.warn({ ...at, column: header.columns[layout.gene] }, `gene '${cells[layout.gene]}' not found or ambiguous; row skipped`);
        continue;
      }
      if (seen.has(gene.entrezGeneId)) {
        ctx.warn({ ...at, column: header.columns[layout.gene] }, `gene '${cells[layout.gene]}' repeated; the first row is kept`);
        continue;
      }
      seen.add(gene.entrezGeneId);
      writer.add({ ...row, entrez_gene_id: gene.entrezGeneId });
    }
    await writer.finish();
  } finally {
    writer.discard();
  }
};
