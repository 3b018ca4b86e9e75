// Structural variants (study-format 15): well-known fusions, about 0.2 per sample, only where
// the sample's platform covers at least one of the two genes.
import type { DemoGene } from './demo-genes.js';
import type { Platform } from './platforms.js';
import { WeightedTable, type Random } from './random.js';
import type { TextWriter } from './text-writer.js';

export const SV_COLUMNS = [
  'Sample_Id', 'SV_Status', 'Site1_Hugo_Symbol', 'Site1_Entrez_Gene_Id', 'Site1_Chromosome', 'Site1_Position', 'Site1_Region', 'Site1_Region_Number',
  'Site2_Hugo_Symbol', 'Site2_Entrez_Gene_Id', 'Site2_Chromosome', 'Site2_Position', 'Site2_Region', 'Site2_Region_Number', 'Site2_Effect_On_Frame',
  'NCBI_Build', 'DNA_Support', 'RNA_Support', 'Tumor_Read_Count', 'Tumor_Variant_Count', 'SV_Length', 'Event_Info', 'Class',
  'cbp_driver', 'cbp_driver_annotation',
];

/** 5' gene, 5' intron, 3' gene, 3' intron, relative frequency. */
const FUSIONS: readonly (readonly [string, number, string, number, number])[] = [
  ['EML4', 13, 'ALK', 19, 10], ['TMPRSS2', 1, 'ERG', 3, 12], ['BCR', 13, 'ABL1', 1, 5], ['KIAA1549', 15, 'BRAF', 9, 4],
  ['CCDC6', 1, 'RET', 11, 5], ['KIF5B', 15, 'RET', 11, 4], ['FGFR3', 17, 'TACC3', 10, 5], ['ETV6', 5, 'NTRK3', 14, 5],
  ['CD74', 6, 'ROS1', 33, 4], ['EWSR1', 7, 'FLI1', 5, 3], ['NCOA4', 7, 'RET', 11, 2], ['TPM3', 7, 'NTRK1', 9, 3],
  ['FGFR2', 17, 'BICC1', 2, 3], ['ESR1', 6, 'CCDC170', 1, 6], ['MYB', 14, 'NFIB', 8, 4], ['PML', 6, 'RARA', 2, 3],
  ['SLC34A2', 4, 'ROS1', 31, 2],
];

interface Fusion {
  gene1: DemoGene;
  intron1: number;
  gene2: DemoGene;
  intron2: number;
  weight: number;
}

export class SvGenerator {
  count = 0;
  private readonly fusions: Fusion[];
  private readonly byPlatform = new Map<string, { candidates: Fusion[]; table: WeightedTable }>();

  constructor(genes: readonly DemoGene[], private readonly out: TextWriter) {
    const bySymbol = new Map(genes.map((g) => [g.symbol, g]));
    const gene = (s: string) => bySymbol.get(s) ?? fail(`fusion gene ${s} is not in the demo gene list`);
    this.fusions = FUSIONS.map(([g1, i1, g2, i2, weight]) => ({ gene1: gene(g1), intron1: i1, gene2: gene(g2), intron2: i2, weight }));
  }

  writeHeader(): void {
    this.out.row(SV_COLUMNS);
  }

  sample(random: Random, sampleId: string, platform: Platform): void {
    const n = random.chance(0.18) ? (random.chance(0.1) ? 2 : 1) : 0;
    if (n === 0) return;
    const { candidates, table } = this.candidatesFor(platform);
    if (candidates.length === 0) return;
    const done = new Set<Fusion>();
    for (let i = 0; i < n; i++) {
      const fusion = candidates[table.pick(random)];
      if (done.has(fusion)) continue;
      done.add(fusion);
      this.write(random, sampleId, fusion);
    }
  }

  private candidatesFor(platform: Platform): { candidates: Fusion[]; table: WeightedTable } {
    let entry = this.byPlatform.get(platform.id);
    if (!entry) {
      const candidates = this.fusions.filter((f) => platform.covers[f.gene1.index] || platform.covers[f.gene2.index]);
      entry = { candidates, table: new WeightedTable(candidates.map((f) => f.weight)) };
      this.byPlatform.set(platform.id, entry);
    }
    return entry;
  }

  private write(random: Random, sampleId: string, f: Fusion): void {
    const pos1 = f.gene1.start + 1000 * f.intron1 + random.int(900);
    const pos2 = f.gene2.start + 1000 * f.intron2 + random.int(900);
    const sameChromosome = f.gene1.chromosome === f.gene2.chromosome;
    const kind = !sameChromosome ? 'TRANSLOCATION' : pos1 < pos2 ? 'DELETION' : 'INVERSION';
    const tumorReads = random.range(200, 2000);
    const driver = random.chance(0.8) ? 'Putative_Driver\tKnown oncogenic fusion' : '\t';
    this.out.line(
      `${sampleId}\tSOMATIC\t${f.gene1.symbol}\t${f.gene1.entrezId}\t${f.gene1.chromosome}\t${pos1}\tINTRON\t${f.intron1}\t` +
        `${f.gene2.symbol}\t${f.gene2.entrezId}\t${f.gene2.chromosome}\t${pos2}\tINTRON\t${f.intron2}\tin frame\t` +
        `GRCh37\tyes\t${random.chance(0.6) ? 'yes' : 'no'}\t${tumorReads}\t${random.range(10, Math.floor(tumorReads / 3))}\t` +
        `${sameChromosome ? Math.abs(pos2 - pos1) : 'NA'}\t${f.gene1.symbol}-${f.gene2.symbol} fusion\t${kind}\t${driver}`,
    );
    this.count++;
  }
}

function fail(message: string): never {
  throw new Error(message);
}
