// Per-sample mutations in MAF form (study-format 10): genes drawn Zipf-like from the sample's
// platform, hotspots for known genes, read counts, a few Germline rows, driver annotations.
import type { DemoGene } from './demo-genes.js';
import { hotspotsOf, type GeneHotspots } from './hotspots.js';
import type { Platform } from './platforms.js';
import { WeightedTable, type Random } from './random.js';
import type { TextWriter } from './text-writer.js';
import { hotspotVariant, promoterVariant, randomVariant, type Variant } from './variants.js';

export const MAF_COLUMNS = [
  'Hugo_Symbol', 'Entrez_Gene_Id', 'Center', 'NCBI_Build', 'Chromosome', 'Start_Position', 'End_Position', 'Strand',
  'Variant_Classification', 'Variant_Type', 'Reference_Allele', 'Tumor_Seq_Allele1', 'Tumor_Seq_Allele2',
  'Tumor_Sample_Barcode', 'Validation_Status', 'Mutation_Status', 'HGVSp_Short',
  't_ref_count', 't_alt_count', 'n_ref_count', 'n_alt_count',
  'cbp_driver', 'cbp_driver_annotation', 'cbp_driver_tiers', 'cbp_driver_tiers_annotation',
];

/** Genes with a known germline predisposition: some of their mutations are Germline. */
const GERMLINE_GENES = new Set(['BRCA1', 'BRCA2', 'ATM', 'CHEK2', 'PALB2', 'TP53', 'RAD51C', 'BRIP1', 'MSH2', 'MSH6', 'MLH1', 'PMS2', 'CDH1', 'PTEN']);
const TRUNCATING = new Set(['Nonsense_Mutation', 'Frame_Shift_Del', 'Frame_Shift_Ins', 'Splice_Site']);

export interface MutationCounts {
  rows: number;
  silent: number;
  germline: number;
  promoter: number;
  drivers: number;
}

interface Hotspots extends GeneHotspots {
  table: WeightedTable;
  codons: Set<number>;
}

export class MutationGenerator {
  readonly counts: MutationCounts = { rows: 0, silent: 0, germline: 0, promoter: 0, drivers: 0 };
  private readonly hotspots: (Hotspots | undefined)[];
  private readonly noCodons = new Set<number>();

  constructor(genes: readonly DemoGene[], private readonly maf: TextWriter) {
    this.hotspots = genes.map((g) => {
      const h = hotspotsOf(g.symbol);
      if (!h) return undefined;
      for (const s of h.hotspots) if (s.endPosition > g.proteinLength) throw new Error(`hotspot ${g.symbol} ${s.change} is beyond the protein`);
      return { ...h, table: new WeightedTable(h.hotspots.map((s) => s.weight)), codons: new Set(h.hotspots.map((s) => s.position)) };
    });
  }

  writeHeader(): void {
    this.maf.line('#version 2.4');
    this.maf.row(MAF_COLUMNS);
  }

  /**
   * Writes the sample's mutations; returns the count of somatic non-synonymous ones (for TMB)
   * and marks mutated genes in `mutated` (indexed by gene) when given.
   */
  sample(random: Random, sampleId: string, platform: Platform, mutated?: Uint8Array): number {
    let count = random.poisson(platform.meanMutations * Math.exp(0.6 * random.normal() - 0.18));
    if (random.chance(0.01)) count *= 8; // hypermutated tumours
    const seen = new Set<string>();
    let nonSynonymous = 0;
    for (let attempt = 0; seen.size < count && attempt < count * 3; attempt++) {
      const gene = platform.genes[platform.mutationTable.pick(random)];
      const { variant, hotspot } = this.drawVariant(random, gene);
      const key = `${gene.chromosome}:${variant.start}:${variant.end}:${variant.alt}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const germline = !hotspot && GERMLINE_GENES.has(gene.symbol) && random.chance(0.1);
      this.writeRow(random, sampleId, platform, gene, variant, hotspot, germline);
      if (mutated) mutated[gene.index] = 1;
      if (!germline && variant.classification !== 'Silent' && variant.classification !== "5'Flank") nonSynonymous++;
    }
    return nonSynonymous;
  }

  private drawVariant(random: Random, gene: DemoGene): { variant: Variant; hotspot: boolean } {
    if (gene.symbol === 'TERT' && random.chance(0.6)) return { variant: promoterVariant(random), hotspot: true };
    const h = this.hotspots[gene.index];
    if (h && random.chance(h.share)) return { variant: hotspotVariant(gene, h.hotspots[h.table.pick(random)]), hotspot: true };
    return { variant: randomVariant(random, gene, h?.codons ?? this.noCodons), hotspot: false };
  }

  private writeRow(random: Random, sampleId: string, platform: Platform, gene: DemoGene, v: Variant, hotspot: boolean, germline: boolean): void {
    const depth = Math.max(20, Math.round((platform.id === 'WXS' ? 120 : 550) * Math.exp(0.35 * random.normal())));
    const vaf = germline ? 0.45 + 0.1 * random.next() : 0.04 + 0.55 * random.next() ** 1.4;
    const tAlt = Math.max(3, Math.round(depth * vaf));
    const normalDepth = Math.round(depth * (0.5 + 0.3 * random.next()));
    const nAlt = germline ? Math.round(normalDepth * (0.45 + 0.1 * random.next())) : random.chance(0.03) ? 1 : 0;
    const [driver, annotation, tier, tierAnnotation] = driverColumns(random, gene, v, hotspot);
    this.maf.line(
      `${gene.symbol}\t${gene.entrezId}\tDEMO\tGRCh37\t${gene.chromosome}\t${v.start}\t${v.end}\t+\t${v.classification}\t${v.variantType}\t${v.ref}\t${v.ref}\t${v.alt}\t` +
        `${sampleId}\tUntested\t${germline ? 'Germline' : 'Somatic'}\t${v.proteinChange ? `p.${v.proteinChange}` : ''}\t` +
        `${Math.max(0, depth - tAlt)}\t${tAlt}\t${normalDepth - nAlt}\t${nAlt}\t${driver}\t${annotation}\t${tier}\t${tierAnnotation}`,
    );
    const c = this.counts;
    c.rows++;
    if (v.classification === 'Silent') c.silent++;
    if (v.classification === "5'Flank") c.promoter++;
    if (germline) c.germline++;
    if (driver === 'Putative_Driver') c.drivers++;
  }
}

function driverColumns(random: Random, gene: DemoGene, v: Variant, hotspot: boolean): [string, string, string, string] {
  if (hotspot) return ['Putative_Driver', `Recurrent hotspot in ${gene.symbol}`, 'Tier 1', 'Known hotspot'];
  if (gene.role === 'TSG' && TRUNCATING.has(v.classification)) return ['Putative_Driver', 'Truncating mutation in a tumour suppressor', 'Tier 2', 'Likely loss of function'];
  if (v.classification !== 'Silent' && random.chance(0.4)) return ['Putative_Passenger', 'No known oncogenic effect', '', ''];
  return ['', '', '', ''];
}
