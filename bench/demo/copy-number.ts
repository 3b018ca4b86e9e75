// Discrete copy number in the long format (DISCRETE_LONG, study-format 11.3: only non-zero
// calls -2/-1/1/2 get a row) and segments (SEG, study-format 13) tiling chromosomes 1-22.
import type { DemoGene } from './demo-genes.js';
import type { Platform, PlatformId } from './platforms.js';
import { WeightedTable, type Random } from './random.js';
import type { TextWriter } from './text-writer.js';

export const CNA_COLUMNS = ['Hugo_Symbol', 'Entrez_Gene_Id', 'Sample_Id', 'Value', 'cbp_driver', 'cbp_driver_annotation'];
export const SEG_COLUMNS = ['ID', 'chrom', 'loc.start', 'loc.end', 'num.mark', 'seg.mean'];

/** hg19 lengths of chromosomes 1-22 and X (UCSC, as in the reference chromosome_sizes.json). */
export const HG19_LENGTHS: Record<string, number> = {
  1: 249250621, 2: 243199373, 3: 198022430, 4: 191154276, 5: 180915260, 6: 171115067, 7: 159138663, 8: 146364022,
  9: 141213431, 10: 135534747, 11: 135006516, 12: 133851895, 13: 115169878, 14: 107349540, 15: 102531392, 16: 90354753,
  17: 81195210, 18: 78077248, 19: 59128983, 20: 63025520, 21: 48129895, 22: 51304566, X: 155270560,
};

/** Focal drivers: frequently amplified oncogenes and frequently deleted tumour suppressors. */
const AMPLIFIED = new Set(['MYC', 'CCND1', 'ERBB2', 'FGFR1', 'ZNF217', 'MDM2', 'CDK4', 'EGFR', 'PAK1', 'RPS6KB1', 'PPM1D', 'CCNE1', 'MYCN', 'MDM4', 'AKT3', 'MET', 'KRAS']);
const DELETED = new Set(['CDKN2A', 'CDKN2B', 'PTEN', 'RB1', 'MAP2K4', 'SMAD4', 'NF1', 'BRCA2', 'PTPRD', 'LRP1B', 'CSMD3']);

export interface CnaCounts {
  rows: number;
  /** Rows with -2 or 2: the ones that become CNA events. */
  events: number;
  amplifications: number;
  deepDeletions: number;
}

export class CnaGenerator {
  readonly counts: CnaCounts = { rows: 0, events: 0, amplifications: 0, deepDeletions: 0 };
  private readonly tables = new Map<PlatformId, WeightedTable>();

  constructor(platforms: readonly Platform[], private readonly out: TextWriter) {
    for (const p of platforms) this.tables.set(p.id, new WeightedTable(p.genes.map(cnaWeight)));
  }

  writeHeader(): void {
    this.out.row(CNA_COLUMNS);
  }

  /** Writes the sample's non-zero calls; records them in `calls` (indexed by gene) when given. */
  sample(random: Random, sampleId: string, platform: Platform, calls?: Int8Array): void {
    const table = this.tables.get(platform.id)!;
    const count = Math.min(Math.floor(platform.genes.length / 2), random.poisson(platform.meanCna * Math.exp(0.5 * random.normal() - 0.125)));
    const done = new Set<number>();
    while (done.size < count) {
      const gene = platform.genes[table.pick(random)];
      if (done.has(gene.index)) continue;
      done.add(gene.index);
      const value = callFor(random, gene);
      if (calls) calls[gene.index] = value;
      this.write(sampleId, gene, value);
    }
  }

  private write(sampleId: string, gene: DemoGene, value: number): void {
    const amp = value === 2 && gene.role === 'ONC';
    const del = value === -2 && gene.role === 'TSG';
    const driver = amp ? 'Putative_Driver\tAmplification of an oncogene' : del ? 'Putative_Driver\tDeep deletion of a tumour suppressor' : '\t';
    this.out.line(`${gene.symbol}\t${gene.entrezId}\t${sampleId}\t${value}\t${driver}`);
    this.counts.rows++;
    if (value === 2) this.counts.amplifications++;
    if (value === -2) this.counts.deepDeletions++;
    if (value === 2 || value === -2) this.counts.events++;
  }
}

function cnaWeight(gene: DemoGene): number {
  if (AMPLIFIED.has(gene.symbol) || DELETED.has(gene.symbol)) return 10;
  return gene.role === 'OTHER' ? 0.5 : 3;
}

function callFor(random: Random, gene: DemoGene): number {
  const r = random.next();
  if (AMPLIFIED.has(gene.symbol)) return r < 0.35 ? 2 : r < 0.92 ? 1 : -1;
  if (DELETED.has(gene.symbol)) return r < 0.35 ? -2 : r < 0.92 ? -1 : 1;
  if (gene.role === 'ONC') return r < 0.12 ? 2 : r < 0.85 ? 1 : -1;
  if (gene.role === 'TSG') return r < 0.1 ? -2 : r < 0.85 ? -1 : 1;
  return r < 0.5 ? 1 : -1;
}

/** Writes 1-3 segments per autosome for one sample; returns the number of segments. */
export function writeSegments(random: Random, sampleId: string, out: TextWriter): number {
  let n = 0;
  for (let chrom = 1; chrom <= 22; chrom++) {
    const length = HG19_LENGTHS[chrom];
    const parts = random.range(1, 3);
    const cuts = Array.from({ length: parts - 1 }, () => random.range(1_000_000, length - 1_000_000)).sort((a, b) => a - b);
    const bounds = [random.range(10_000, 500_000), ...cuts, length - random.range(10_000, 500_000)];
    for (let i = 0; i + 1 < bounds.length; i++) {
      if (bounds[i + 1] <= bounds[i]) continue;
      const mean = random.chance(0.75) ? 0.05 * random.normal() : (random.chance(0.5) ? 1 : -1) * (0.25 + 0.9 * random.next());
      out.line(`${sampleId}\t${chrom}\t${bounds[i]}\t${bounds[i + 1]}\t${Math.max(2, Math.round((bounds[i + 1] - bounds[i]) / 6000))}\t${mean.toFixed(4)}`);
      n++;
    }
  }
  return n;
}
