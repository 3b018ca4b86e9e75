import { describe, expect, it } from 'vitest';
import { chromosomeLength, parseSegment } from './segment-row.js';

const row = (chrom: string, start: string, end: string, marks = '10', mean = '0.5') => ['S1', chrom, start, end, marks, mean];

describe('parseSegment', () => {
  it('reads a segment, chromosome as written', () => {
    expect(parseSegment(row('X', '100', '200', '3', '-8e-04'), 'hg19')).toEqual({
      segment: { chr: 'X', start: 100, end: 200, numProbes: 3, segmentMean: -0.0008 },
      issues: [],
    });
  });

  it('accepts scientific notation for positions and num.mark', () => {
    expect(parseSegment(row('1', '1e+05', '2.5E5', '1e2'), 'hg19').segment).toMatchObject({ start: 100000, end: 250000, numProbes: 100 });
  });

  it('skips start > end and start = end', () => {
    expect(parseSegment(row('1', '200', '100'), 'hg19')).toEqual({ issues: [{ kind: 'skip', column: 'loc.start', message: expect.stringMatching(/greater/) }] });
    expect(parseSegment(row('1', '100', '100'), 'hg19').issues[0].message).toMatch(/zero-length/);
  });

  it('fails on what aborts the reference importer', () => {
    expect(parseSegment(row('chr1', '1', '2'), 'hg19').issues).toEqual([{ kind: 'error', column: 'chrom', message: expect.any(String) }]);
    expect(parseSegment(row('25', '1', '2'), 'hg19').issues[0].kind).toBe('error');
    expect(parseSegment(row('1', 'NA', '2'), 'hg19').issues[0].column).toBe('loc.start');
    expect(parseSegment(row('1', '1', '2', 'NA'), 'hg19').issues[0]).toMatchObject({ kind: 'error', column: 'num.mark' });
    expect(parseSegment(row('1', '1', '2', '5', 'abc'), 'hg19').issues[0]).toMatchObject({ kind: 'error', column: 'seg.mean' });
  });

  it('warns, but loads, a segment that ends beyond its chromosome', () => {
    // hg19 chromosome 21 is 48,129,895 bases; 23 is X (155,270,560).
    const { segment, issues } = parseSegment(row('21', '1', '48129896'), 'hg19');
    expect(segment?.end).toBe(48129896);
    expect(issues).toMatchObject([{ kind: 'warn', column: 'loc.end' }]);
    expect(parseSegment(row('23', '1', '155270560'), 'hg19').issues).toEqual([]);
    expect(chromosomeLength('hg38', 'y')).toBe(57227415);
  });
});
