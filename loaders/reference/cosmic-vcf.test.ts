import { describe, expect, it } from 'vitest';
import { cosmicRecord } from '../../test/helpers/cosmic-vcf.js';
import { LACKS_FIELDS, parseCosmicLine } from './cosmic-vcf.js';

const parse = (text: string) => parseCosmicLine('/tmp/CosmicCodingMuts.vcf', 7, text);
const info = 'GENE=TP53;STRAND=-;CDS=c.818G>A;AA=p.R273H;CNT=1031';

describe('a line of COSMIC\'s coding mutations VCF', () => {
  it('reads a COSM record: the id without COSM, AA without p., the gene without its transcript', () => {
    expect(parse(cosmicRecord('17', 7577120, 'COSM10660', info.replace('TP53', 'TP53_ENST00000269305')))).toEqual({
      kind: 'record',
      record: {
        cosmicMutationId: '10660', chr: '17', startPosition: 7577120, referenceAllele: 'C', tumorSeqAllele: 'A', strand: '-',
        codonChange: 'c.818G>A', gene: 'TP53', proteinChange: 'R273H', count: 1031,
      },
    });
  });

  it('takes a COSV record\'s id from LEGACY_ID', () => {
    const parsed = parse(cosmicRecord('17', 1, 'COSV52661580', `LEGACY_ID=COSM10660;${info}`));
    expect(parsed.kind === 'record' && parsed.record.cosmicMutationId).toBe('10660');
  });

  it('passes over headers and blank lines', () => {
    expect(parse('##fileformat=VCFv4.1')).toEqual({ kind: 'header' });
    expect(parse('#CHROM\tPOS')).toEqual({ kind: 'header' });
    expect(parse('')).toEqual({ kind: 'header' });
  });

  it.each([
    ['no CNT', 'GENE=TP53;STRAND=-;CDS=c.818G>A;AA=p.R273H'],
    ['AA without p.', 'GENE=TP53;STRAND=-;CDS=c.818G>A;AA=R273H;CNT=1'],
    ['an empty AA', 'GENE=TP53;STRAND=-;CDS=c.818G>A;AA=p.;CNT=1'],
    ['no STRAND', 'GENE=TP53;CDS=c.818G>A;AA=p.R273H;CNT=1'],
    ['no GENE', 'STRAND=-;CDS=c.818G>A;AA=p.R273H;CNT=1'],
  ])('skips a record with %s', (_what, fields) => {
    expect(parse(cosmicRecord('17', 1, 'COSM1', fields))).toEqual({ kind: 'skip', reason: LACKS_FIELDS });
  });

  it.each([
    ['a short line', '17\t1\tCOSM1\tC\tA\t.\t.', 'CosmicCodingMuts.vcf:7: expected 8 tab-separated columns (CHROM POS ID REF ALT QUAL FILTER INFO), found 7'],
    ['a foreign id', cosmicRecord('17', 1, 'rs28934576', info), "CosmicCodingMuts.vcf:7 (column ID): 'rs28934576' is not a COSMIC mutation id (COSM… or COSV…)"],
    ['a COSV id without LEGACY_ID', cosmicRecord('17', 1, 'COSV1', info), 'CosmicCodingMuts.vcf:7 (column INFO): COSV1 has no LEGACY_ID=COSM… in INFO'],
    ['a position that is no integer', cosmicRecord('17', 1, 'COSM1', info).replace('\t1\t', '\t1e5\t'), "CosmicCodingMuts.vcf:7 (column POS): '1e5' is not a position"],
    ['a count that is no integer', cosmicRecord('17', 1, 'COSM1', info.replace('CNT=1031', 'CNT=12x')), 'CosmicCodingMuts.vcf:7 (column INFO): CNT=12x is not a count'],
    ['a count beyond 32 bits', cosmicRecord('17', 1, 'COSM1', info.replace('CNT=1031', 'CNT=2147483648')), 'CosmicCodingMuts.vcf:7 (column INFO): CNT=2147483648 is not a count'],
  ])('stops at %s, naming file and line', (_what, text, message) => {
    expect(() => parse(text)).toThrow(message);
  });
});
