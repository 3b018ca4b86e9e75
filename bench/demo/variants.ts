// One synthetic small variant of a gene: classification, protein change (HGVSp_Short style) and
// the genomic change (hg19 position, alleles, Variant_Type). The same protein change of a gene
// always maps to the same genomic change, so recurrent mutations look recurrent in every view.
import type { DemoGene, GeneRole } from './demo-genes.js';
import type { Hotspot } from './hotspots.js';
import { hashString, weightedPicker, type Random } from './random.js';

export type VariantClassification =
  | 'Missense_Mutation' | 'Nonsense_Mutation' | 'Silent' | 'Splice_Site'
  | 'Frame_Shift_Del' | 'Frame_Shift_Ins' | 'In_Frame_Del' | 'In_Frame_Ins' | "5'Flank";

export interface Variant {
  classification: VariantClassification;
  variantType: 'SNP' | 'DEL' | 'INS';
  /** Without `p.`; empty for promoter variants. */
  proteinChange: string;
  start: number;
  end: number;
  ref: string;
  alt: string;
}

const AMINO_ACIDS = 'ACDEFGHIKLMNPQRSTVWY';
const BASES = 'ACGT';
/** Genomic spread of one codon: a rough stand-in for exons plus introns. */
const BASES_PER_CODON = 30;

const CLASSES_BY_ROLE: Record<GeneRole, (random: Random) => VariantClassification> = {
  ONC: weightedPicker<VariantClassification>([['Missense_Mutation', 85], ['Nonsense_Mutation', 2], ['Frame_Shift_Del', 2], ['Frame_Shift_Ins', 1], ['Splice_Site', 2], ['In_Frame_Del', 3], ['In_Frame_Ins', 1], ['Silent', 4]]),
  TSG: weightedPicker<VariantClassification>([['Missense_Mutation', 48], ['Nonsense_Mutation', 16], ['Frame_Shift_Del', 12], ['Frame_Shift_Ins', 6], ['Splice_Site', 7], ['In_Frame_Del', 3], ['In_Frame_Ins', 1], ['Silent', 7]]),
  OTHER: weightedPicker<VariantClassification>([['Missense_Mutation', 75], ['Nonsense_Mutation', 4], ['Frame_Shift_Del', 3], ['Frame_Shift_Ins', 2], ['Splice_Site', 3], ['In_Frame_Del', 2], ['In_Frame_Ins', 1], ['Silent', 10]]),
};

/** The two classic TERT promoter variants (C228T, C250T), hg19 minus-strand gene, G>A on +. */
const TERT_PROMOTER = [1295228, 1295250];

export function hotspotVariant(gene: DemoGene, hotspot: Hotspot): Variant {
  if (hotspot.kind === 'In_Frame_Del') return deletion(gene, hotspot.change, hotspot.position, 3 * (hotspot.endPosition - hotspot.position + 1), 'In_Frame_Del');
  return snv(gene, hotspot.change, codonStart(gene, hotspot.position), hotspot.kind);
}

export function promoterVariant(random: Random): Variant {
  const start = random.pick(TERT_PROMOTER);
  return { classification: "5'Flank", variantType: 'SNP', proteinChange: '', start, end: start, ref: 'G', alt: 'A' };
}

/** A random variant of the gene at a codon that is not one of its hotspots. */
export function randomVariant(random: Random, gene: DemoGene, hotspotCodons: ReadonlySet<number>): Variant {
  const classification = CLASSES_BY_ROLE[gene.role](random);
  let pos = random.range(1, gene.proteinLength - 1);
  if (hotspotCodons.has(pos)) pos = pos + 1 < gene.proteinLength && !hotspotCodons.has(pos + 1) ? pos + 1 : pos - 1;
  const ref = refAminoAcid(gene, pos);
  const next = `${refAminoAcid(gene, pos + 1)}${pos + 1}`;
  switch (classification) {
    case 'Missense_Mutation':
      return snv(gene, `${ref}${pos}${otherAminoAcid(random, ref)}`, codonStart(gene, pos), classification);
    case 'Nonsense_Mutation':
      return snv(gene, `${ref}${pos}*`, codonStart(gene, pos), classification);
    case 'Silent':
      return snv(gene, `${ref}${pos}${ref}`, codonStart(gene, pos), classification);
    case 'Splice_Site':
      return snv(gene, `X${pos}_splice`, codonStart(gene, pos) - 2, classification);
    case 'Frame_Shift_Del':
      return deletion(gene, `${ref}${pos}${otherAminoAcid(random, ref)}fs*${random.range(2, 40)}`, pos, random.pick([1, 2, 4, 5]), classification);
    case 'Frame_Shift_Ins':
      return insertion(gene, `${ref}${pos}${otherAminoAcid(random, ref)}fs*${random.range(2, 40)}`, pos, random.pick([1, 2, 4]), classification);
    case 'In_Frame_Del':
      return random.chance(0.5) ? deletion(gene, `${ref}${pos}del`, pos, 3, classification) : deletion(gene, `${ref}${pos}_${next}del`, pos, 6, classification);
    case 'In_Frame_Ins': {
      const inserted = otherAminoAcid(random, ref) + otherAminoAcid(random, ref);
      return insertion(gene, `${ref}${pos}_${next}ins${inserted}`, pos, 6, classification);
    }
    case "5'Flank":
      return promoterVariant(random);
  }
}

/** Reference amino acid of a codon: fixed per (gene, codon); codon 1 is the start methionine. */
export function refAminoAcid(gene: DemoGene, pos: number): string {
  return pos === 1 ? 'M' : AMINO_ACIDS[hashString(`${gene.symbol}:${pos}`) % 20];
}

function otherAminoAcid(random: Random, ref: string): string {
  const i = AMINO_ACIDS.indexOf(ref);
  return AMINO_ACIDS[(i + 1 + random.int(19)) % 20];
}

function codonStart(gene: DemoGene, pos: number): number {
  return gene.start + pos * BASES_PER_CODON;
}

function snv(gene: DemoGene, change: string, codon: number, classification: VariantClassification): Variant {
  const h = hashString(`${gene.symbol}:${change}`);
  const start = codon + (h % 3);
  const ref = BASES[hashString(`${gene.symbol}@${start}`) % 4];
  const alt = BASES[(BASES.indexOf(ref) + 1 + ((h >>> 8) % 3)) % 4];
  return { classification, variantType: 'SNP', proteinChange: change, start, end: start, ref, alt };
}

function deletion(gene: DemoGene, change: string, pos: number, length: number, classification: VariantClassification): Variant {
  const start = codonStart(gene, pos);
  return { classification, variantType: 'DEL', proteinChange: change, start, end: start + length - 1, ref: bases(`${gene.symbol}@${start}`, length), alt: '-' };
}

function insertion(gene: DemoGene, change: string, pos: number, length: number, classification: VariantClassification): Variant {
  const start = codonStart(gene, pos);
  return { classification, variantType: 'INS', proteinChange: change, start, end: start + 1, ref: '-', alt: bases(`${gene.symbol}:${change}`, length) };
}

function bases(key: string, length: number): string {
  let h = hashString(key);
  let out = '';
  for (let i = 0; i < length; i++) {
    out += BASES[h & 3];
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
  }
  return out;
}
