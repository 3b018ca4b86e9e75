// One line of a SEG file read as ImportCopyNumberSegmentData reads it (study-format 13): columns by
// position, Java number parsing, start >= end skipped. Pure, so the rules are unit-tested.
import { readFileSync } from 'node:fs';
import { parseJavaDouble } from '../text/java-number.js';

export interface Segment {
  chr: string;
  start: number;
  end: number;
  numProbes: number;
  segmentMean: number;
}

/** A problem with one line: `error` aborts the load, `skip` drops the row, `warn` keeps it. */
export interface SegmentIssue {
  kind: 'error' | 'skip' | 'warn';
  column: string;
  message: string;
}

export const SEG_COLUMNS = ['ID', 'chrom', 'loc.start', 'loc.end', 'num.mark', 'seg.mean'] as const;

/** 1-22, X, Y, or 23/24 for X/Y; no `chr` prefix (the importer aborts on anything else). */
const CHROMOSOME = /^([1-9]|1\d|2[0-4]|X|Y)$/i;
const BIG_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Chromosome lengths of hg19/hg38/mm10 (UCSC), shipped in data/chromosome-sizes.json. */
type Sizes = Record<string, Record<string, number>>;
let sizes: Sizes | undefined;
export function chromosomeLength(genome: string, chr: string): number | undefined {
  sizes ??= JSON.parse(readFileSync(new URL('../../data/chromosome-sizes.json', import.meta.url), 'utf8')) as Sizes;
  const name = chr.toUpperCase() === '23' ? 'X' : chr.toUpperCase() === '24' ? 'Y' : chr.toUpperCase();
  return sizes[genome.toLowerCase()]?.[name];
}

/** Parses cells 1-5 (the sample id, cell 0, is the caller's); issues are collected, not thrown. */
export function parseSegment(cells: readonly string[], genome: string): { segment?: Segment; issues: SegmentIssue[] } {
  const issues: SegmentIssue[] = [];
  const error = (column: string, message: string) => ({ issues: [...issues, { kind: 'error' as const, column, message }] });
  const chr = cells[1];
  if (!CHROMOSOME.test(chr)) return error('chrom', `chromosome '${chr}' is not one of 1-24, X, Y`);
  // Double.valueOf(...).longValue(): scientific notation accepted, decimals truncated.
  const startNumber = parseJavaDouble(cells[2].trim());
  if (startNumber === undefined || !Number.isFinite(startNumber)) return error('loc.start', `loc.start '${cells[2]}' is not a number`);
  const endNumber = parseJavaDouble(cells[3].trim());
  if (endNumber === undefined || !Number.isFinite(endNumber)) return error('loc.end', `loc.end '${cells[3]}' is not a number`);
  const start = Math.trunc(startNumber) + 0; // + 0 turns -0 into 0
  const end = Math.trunc(endNumber) + 0;
  for (const [column, value, whole] of [['loc.start', start, startNumber], ['loc.end', end, endNumber]] as const) {
    if (value !== whole) issues.push({ kind: 'warn', column, message: `${column} '${whole}' is not an integer (truncated; a validator ERROR)` });
  }
  if (start >= end) {
    const message = start > end ? 'loc.start is greater than loc.end (a validator ERROR); row skipped' : 'zero-length segment (loc.start = loc.end); row skipped';
    return { issues: [...issues, { kind: 'skip', column: 'loc.start', message }] };
  }
  // new BigDecimal(...).intValue(): scientific notation accepted, NA or text aborts.
  if (!BIG_DECIMAL.test(cells[4])) return error('num.mark', `num.mark '${cells[4]}' is not a number`);
  const segmentMean = parseJavaDouble(cells[5].trim());
  if (segmentMean === undefined) return error('seg.mean', `seg.mean '${cells[5]}' is not a number`);
  if (start < 0) issues.push({ kind: 'warn', column: 'loc.start', message: 'negative loc.start (a validator ERROR)' });
  // The validator's ERROR; the importer does not check lengths, so the segment is loaded.
  const length = chromosomeLength(genome, chr);
  if (length !== undefined && end > length)
    issues.push({ kind: 'warn', column: 'loc.end', message: `loc.end ${end} is beyond the length of chromosome ${chr} in ${genome} (${length}; a validator ERROR)` });
  return { segment: { chr, start, end, numProbes: Math.trunc(Number(cells[4])) | 0, segmentMean }, issues };
}
