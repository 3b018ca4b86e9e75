// Gene-by-sample and entity-by-sample matrices for the first samples of the study: RNA-seq
// expression (tracking copy number), its z-scores, and treatment IC50 values that track drivers.
import type { DemoGene } from './demo-genes.js';
import { Random } from './random.js';
import type { TextWriter } from './text-writer.js';

/** Copy-number calls and mutated genes of the matrix samples, sample-major (sample * genes + gene). */
export interface MatrixSamples {
  ids: string[];
  cna: Int8Array;
  mutated: Uint8Array;
}

/**
 * RNA-seq values of the demo genes (tracking copy number) and of `fillers` (each following one of a
 * few shared per-sample factors, so that co-expression finds real partners); z-scores of the demo
 * genes only.
 */
export async function writeExpression(
  seed: number, genes: readonly DemoGene[], fillers: readonly DemoGene[], s: MatrixSamples, values: TextWriter, zScores: TextWriter,
): Promise<void> {
  const random = new Random(seed, 'expression');
  const header = ['Hugo_Symbol', 'Entrez_Gene_Id', ...s.ids].join('\t');
  values.line(header);
  zScores.line(header);
  const n = s.ids.length;
  const log2 = new Float64Array(n);
  const writeValues = (gene: DemoGene) => values.line(`${gene.symbol}\t${gene.entrezId}\t${Array.from(log2, (x) => (2 ** x - 1).toFixed(4)).join('\t')}`);
  for (const gene of genes) {
    const base = 6 + 4 * random.next();
    const spread = 0.5 + 0.7 * random.next();
    for (let i = 0; i < n; i++) log2[i] = Math.max(0, base + 0.9 * s.cna[i * genes.length + gene.index] + spread * random.normal());
    writeValues(gene);
    zScores.line(`${gene.symbol}\t${gene.entrezId}\t${zScoresOf(log2).join('\t')}`);
    await values.flushIfFull();
    await zScores.flushIfFull();
  }
  const factors = Array.from({ length: 8 }, () => Float64Array.from({ length: n }, () => random.normal()));
  for (const gene of fillers) {
    const base = 2 + 8 * random.next();
    const factor = factors[random.int(factors.length)];
    const loading = random.next() < 0.5 ? 0 : 1.5 * random.next();
    for (let i = 0; i < n; i++) log2[i] = Math.max(0, base + loading * factor[i] + random.normal());
    writeValues(gene);
    await values.flushIfFull();
  }
}

function zScoresOf(x: Float64Array): string[] {
  let sum = 0;
  for (const v of x) sum += v;
  const mean = sum / x.length;
  let sq = 0;
  for (const v of x) sq += (v - mean) ** 2;
  const sd = Math.sqrt(sq / Math.max(1, x.length - 1));
  return Array.from(x, (v) => (sd > 0 ? (v - mean) / sd : 0).toFixed(4));
}

/** Drug, log10 IC50 median (micromolar), marker genes, effect of an altered marker on log10 IC50. */
const DRUGS: readonly (readonly [string, string, number, string[], number])[] = [
  ['Alpelisib', 'PI3K-alpha inhibitor', -0.4, ['PIK3CA'], -1.0],
  ['Olaparib', 'PARP inhibitor', 0.3, ['BRCA1', 'BRCA2', 'PALB2'], -1.2],
  ['Neratinib', 'Pan-HER tyrosine kinase inhibitor', -0.2, ['ERBB2'], -1.3],
  ['Palbociclib', 'CDK4/6 inhibitor', -0.3, ['CCND1', 'CDK4'], -0.8],
  ['Everolimus', 'mTOR inhibitor', -0.5, ['PTEN', 'TSC1', 'TSC2', 'MTOR'], -0.9],
  ['Trametinib', 'MEK inhibitor', 0, ['KRAS', 'NRAS', 'BRAF', 'NF1'], -1.4],
  ['Tamoxifen', 'Selective estrogen receptor modulator', 0.2, ['ESR1'], 0.8],
  ['Paclitaxel', 'Microtubule stabiliser', -1.2, [], 0],
  ['Doxorubicin', 'Topoisomerase II inhibitor', -0.9, [], 0],
  ['Capecitabine', 'Thymidylate synthase inhibitor (prodrug)', 0.6, [], 0],
];

export const TREATMENT_ENTITIES = DRUGS.map(([name]) => name);

export async function writeTreatmentResponse(seed: number, genes: readonly DemoGene[], s: MatrixSamples, out: TextWriter): Promise<void> {
  const random = new Random(seed, 'treatment_ic50');
  const bySymbol = new Map(genes.map((g) => [g.symbol, g.index]));
  out.line(['ENTITY_STABLE_ID', 'NAME', 'DESCRIPTION', ...s.ids].join('\t'));
  for (const [name, description, median, markers, effect] of DRUGS) {
    const markerIndexes = markers.map((m) => bySymbol.get(m)).filter((i): i is number => i !== undefined);
    const cells = s.ids.map((_, i) => {
      const altered = markerIndexes.some((g) => s.mutated[i * genes.length + g] || Math.abs(s.cna[i * genes.length + g]) === 2);
      const ic50 = 10 ** (median + (altered ? effect : 0) + 0.5 * random.normal());
      if (random.chance(0.03)) return 'NA';
      return ic50 > 8 ? '>8' : Math.max(0.0001, ic50).toFixed(4);
    });
    out.line(`${name}\t${name}\t${description}\t${cells.join('\t')}`);
  }
}
