// The sequencing platforms of the demo study: two targeted gene panels and whole-exome (WXS).
// Gene panel definitions are global in cBioPortal, so their gene lists depend on the gene list
// only (never on the seed): reloading a demo study with another seed keeps the same panels.
import type { DemoGene } from './demo-genes.js';
import { WeightedTable } from './random.js';

export type PlatformId = 'DEMO_PANEL_A' | 'DEMO_PANEL_B' | 'WXS';

export interface Platform {
  id: PlatformId;
  description: string;
  /** Share of samples sequenced on this platform. */
  share: number;
  /** Mean mutations and CNA rows per sample (overall about 15 and 10). */
  meanMutations: number;
  meanCna: number;
  /** Notional covered size used for TMB_NONSYNONYMOUS (mutations per Mb). */
  targetMb: number;
  genes: DemoGene[];
  /** Gene index -> on this platform. */
  covers: Uint8Array;
  mutationTable: WeightedTable;
}

const DEFINITIONS = [
  { id: 'DEMO_PANEL_A', description: 'Demo targeted panel A (synthetic, about 50 cancer genes)', share: 0.3, meanMutations: 7.5, meanCna: 6.5, targetMb: 1.5 },
  { id: 'DEMO_PANEL_B', description: 'Demo targeted panel B (synthetic, about 150 cancer genes)', share: 0.4, meanMutations: 14, meanCna: 10.5, targetMb: 2.5 },
  { id: 'WXS', description: 'Whole exome (all demo genes)', share: 0.3, meanMutations: 21, meanCna: 14, targetMb: 4 },
] as const;

/** Multipliers of the mean mutations and CNA rows per sample (1 = the defaults above). */
export interface EventDensity {
  mutations: number;
  cna: number;
}

/** About GENIE's density: ~2,000,000 mutations and ~1,000,000 CNA calls over 272,000 samples. */
export const GENIE_DENSITY: EventDensity = { mutations: 0.5, cna: 0.37 };

export function makePlatforms(genes: DemoGene[], density: EventDensity = { mutations: 1, cna: 1 }): Platform[] {
  return DEFINITIONS.map((definition) => {
    const d = { ...definition, meanMutations: definition.meanMutations * density.mutations, meanCna: definition.meanCna * density.cna };
    const onPlatform = d.id === 'WXS' ? genes : genes.filter((g) => g.panels.includes(d.id));
    const covers = new Uint8Array(genes.length);
    for (const g of onPlatform) covers[g.index] = 1;
    return { ...d, genes: onPlatform, covers, mutationTable: new WeightedTable(onPlatform.map((g) => g.mutationWeight)) };
  });
}

/** Gene panel definition file (study-format 16.1): stable_id, description, tab-separated gene_list. */
export function genePanelFileText(platform: Platform): string {
  return [`stable_id: ${platform.id}`, `description: ${platform.description}`, `gene_list: ${platform.genes.map((g) => g.symbol).join('\t')}`, ''].join('\n');
}

export const genePanelFileName = (platform: Platform) => `data_gene_panel_${platform.id.toLowerCase()}.txt`;
