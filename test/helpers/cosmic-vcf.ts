// A small CosmicCodingMuts.vcf in COSMIC's format (v90+: COSV ids with LEGACY_ID, and COSM ids),
// written by the tests that import it: records to keep and records cBioPortal's importer skips.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const HEADER = [
  '##fileformat=VCFv4.1',
  '##source=COSMICv97',
  '##reference=GRCh37',
  '##INFO=<ID=GENE,Number=1,Type=String,Description="Gene name">',
  '##INFO=<ID=CNT,Number=1,Type=Integer,Description="How many samples have this mutation">',
  '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO',
];

/** One data line: CHROM POS ID REF ALT QUAL FILTER INFO. */
export const cosmicRecord = (chr: string, pos: number, id: string, info: string) => [chr, pos, id, 'C', 'A', '.', '.', info].join('\t');

/** Kept: TP53 G199 ×2 (one through COSV + LEGACY_ID, one with a transcript suffix), BRCA2 D3073, BRAF V600, TP53 truncating. */
export const KEPT = [
  cosmicRecord('17', 7578253, 'COSV52661282', 'GENE=TP53;STRAND=-;LEGACY_ID=COSM44140;CDS=c.596G>T;AA=p.G199V;HGVSG=17:g.7578253C>A;CNT=12'),
  cosmicRecord('17', 7578254, 'COSM44141', 'GENE=TP53_ENST00000269305;STRAND=-;CDS=c.596G>A;AA=p.G199E;CNT=5'),
  cosmicRecord('13', 32914438, 'COSM1000', 'GENE=BRCA2;STRAND=+;CDS=c.9218A>G;AA=p.D3073G;CNT=3'),
  cosmicRecord('7', 140453136, 'COSM476', 'GENE=BRAF;STRAND=-;CDS=c.1799T>A;AA=p.V600E;CNT=40000'),
  cosmicRecord('17', 7578212, 'COSM10654', 'GENE=TP53;STRAND=-;CDS=c.637C>T;AA=p.R213*;CNT=600'),
];

/** Skipped: a repeated id, an unknown gene, no keyword (p.?), no CNT, AA without p. */
export const SKIPPED = [
  cosmicRecord('7', 140453136, 'COSM476', 'GENE=BRAF;STRAND=-;CDS=c.1799T>A;AA=p.V600E;CNT=1'),
  cosmicRecord('1', 100, 'COSM9001', 'GENE=NOTAGENE1;STRAND=+;CDS=c.2T>C;AA=p.M1T;CNT=2'),
  cosmicRecord('17', 7578300, 'COSM9002', 'GENE=TP53;STRAND=-;CDS=c.?;AA=p.?;CNT=9'),
  cosmicRecord('12', 25398284, 'COSM9003', 'GENE=KRAS;STRAND=-;CDS=c.35G>A;AA=p.G12D'),
  cosmicRecord('12', 25398285, 'COSM9004', 'GENE=KRAS;STRAND=-;CDS=c.34G>A;AA=G12S;CNT=4'),
];

/** Writes header + lines (gzipped when the name ends with .gz); returns the path. */
export function writeCosmicVcf(dir: string, name: string, lines: readonly string[] = [...KEPT, ...SKIPPED]): string {
  const path = join(dir, name);
  const text = `${[...HEADER, ...lines].join('\n')}\n`;
  writeFileSync(path, name.endsWith('.gz') ? gzipSync(text) : text);
  return path;
}
