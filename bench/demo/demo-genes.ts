// The demo gene list (data/demo-genes.tsv): well-known cancer genes with their hg19 location,
// protein length, role, relative mutation weight and demo panel membership.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEMO_GENES_PATH = fileURLToPath(new URL('../../data/demo-genes.tsv', import.meta.url));

export type GeneRole = 'ONC' | 'TSG' | 'OTHER';

export interface DemoGene {
  /** Position in the list (0-based), used as the gene's index in per-sample arrays. */
  index: number;
  symbol: string;
  entrezId: number;
  chromosome: string;
  /** Approximate hg19 (GRCh37) gene start. */
  start: number;
  proteinLength: number;
  role: GeneRole;
  mutationWeight: number;
  panels: string[];
}

const COLUMNS = ['hugo_gene_symbol', 'entrez_gene_id', 'chromosome', 'start_position', 'protein_length', 'role', 'mutation_weight', 'demo_panels'] as const;

export function readDemoGenes(path = DEMO_GENES_PATH): DemoGene[] {
  const [header, ...rows] = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const names = header.split('\t');
  const at = Object.fromEntries(COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<(typeof COLUMNS)[number], number>;
  for (const c of COLUMNS) if (at[c] < 0) throw new Error(`${path}: missing column ${c}`);
  return rows.map((line, index) => {
    const cells = line.split('\t');
    return {
      index,
      symbol: cells[at.hugo_gene_symbol],
      entrezId: Number(cells[at.entrez_gene_id]),
      chromosome: cells[at.chromosome],
      start: Number(cells[at.start_position]),
      proteinLength: Number(cells[at.protein_length]),
      role: toRole(cells[at.role]),
      mutationWeight: Number(cells[at.mutation_weight]),
      panels: (cells[at.demo_panels] ?? '').split(',').filter(Boolean),
    };
  });
}

function toRole(value: string): GeneRole {
  if (value === 'ONC' || value === 'TSG' || value === 'OTHER') return value;
  throw new Error(`unknown gene role '${value}' in the demo gene list`);
}

/** Entrez ids of filler genes start above this: far from any real gene's. */
const FILLER_ENTREZ_BASE = 900_000_000;

/**
 * Synthetic genes (DEMOFILL1, DEMOFILL2, …) that widen the expression matrix to `total` genes with
 * the demo genes first, so that benchmarks can run at a whole transcriptome's size.
 */
export function fillerGenes(demoGenes: readonly DemoGene[], total: number): DemoGene[] {
  return Array.from({ length: Math.max(0, total - demoGenes.length) }, (_, i) => ({
    index: demoGenes.length + i, symbol: `DEMOFILL${i + 1}`, entrezId: FILLER_ENTREZ_BASE + i + 1, chromosome: String(1 + (i % 22)),
    start: 1_000_000 + 10_000 * i, proteinLength: 500, role: 'OTHER' as const, mutationWeight: 0, panels: [],
  }));
}

/** Lines of the demo gene list's format (data/demo-genes.tsv) for `genes`, to append to it. */
export function geneTableLines(genes: readonly DemoGene[]): string {
  return genes.map((g) => `${[g.symbol, g.entrezId, g.chromosome, '', 'protein-coding', g.start, g.proteinLength, g.role, g.mutationWeight, g.panels.join(',')].join('\t')}\n`).join('');
}
