// One line of COSMIC's CosmicCodingMuts.vcf, read as cBioPortal's ImportCosmicData reads it: the
// legacy mutation id (COSM…, from ID or, for COSV ids, from INFO's LEGACY_ID), and INFO's GENE
// (without a `_ENST…` suffix), STRAND, CDS, AA (without `p.`) and CNT. Records lacking one of those
// are skipped; malformed lines are errors (upstream prints most of them and goes on).
import { LoadError } from '../errors.js';

export interface CosmicRecord {
  cosmicMutationId: string;
  chr: string;
  startPosition: number;
  referenceAllele: string;
  tumorSeqAllele: string;
  strand: string;
  codonChange: string;
  /** As COSMIC writes it: the keyword is built from it, not from the store's symbol. */
  gene: string;
  proteinChange: string;
  count: number;
}

export type CosmicLine = { kind: 'record'; record: CosmicRecord } | { kind: 'skip'; reason: string } | { kind: 'header' };

export const LACKS_FIELDS = 'record lacks one of INFO GENE, STRAND, CDS, AA=p.…, CNT; skipped';
const INT_MAX = 2147483647;

/** INFO's `KEY=VALUE` fields; a repeated key keeps its last value, as upstream's map does. */
function infoFields(info: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const field of info.split(';')) {
    const eq = field.indexOf('=');
    if (eq > 0) fields.set(field.slice(0, eq), field.slice(eq + 1));
  }
  return fields;
}

/** 'COSM12600' → '12600'; a COSV id names its legacy COSM id in LEGACY_ID. */
function legacyId(id: string, info: Map<string, string>, where: { file: string; line: number }): string {
  const cosm = /^COSM([0-9]+)$/.exec(id);
  if (cosm) return cosm[1];
  if (!/^COSV[0-9]+$/.test(id)) throw new LoadError({ ...where, column: 'ID' }, `'${id}' is not a COSMIC mutation id (COSM… or COSV…)`);
  const legacy = /^COSM([0-9]+)$/.exec(info.get('LEGACY_ID') ?? '');
  if (!legacy) throw new LoadError({ ...where, column: 'INFO' }, `${id} has no LEGACY_ID=COSM… in INFO`);
  return legacy[1];
}

export function parseCosmicLine(file: string, line: number, text: string): CosmicLine {
  if (text.startsWith('#') || text === '') return { kind: 'header' };
  const where = { file, line };
  const parts = text.split('\t');
  if (parts.length < 8) throw new LoadError(where, `expected 8 tab-separated columns (CHROM POS ID REF ALT QUAL FILTER INFO), found ${parts.length}`);
  const [chr, pos, id, ref, alt] = parts;
  const info = infoFields(parts[7]);
  const cosmicMutationId = legacyId(id, info, where);
  if (!/^[0-9]+$/.test(pos) || !Number.isSafeInteger(Number(pos))) throw new LoadError({ ...where, column: 'POS' }, `'${pos}' is not a position`);
  const [gene, strand, cds, aa, cnt] = ['GENE', 'STRAND', 'CDS', 'AA', 'CNT'].map((k) => info.get(k) ?? '');
  if (gene === '' || strand === '' || cds === '' || !aa.startsWith('p.') || aa.length === 2 || cnt === '') return { kind: 'skip', reason: LACKS_FIELDS };
  if (!/^[0-9]+$/.test(cnt) || Number(cnt) > INT_MAX) throw new LoadError({ ...where, column: 'INFO' }, `CNT=${cnt} is not a count`);
  const enst = gene.indexOf('_ENST');
  return {
    kind: 'record',
    record: {
      cosmicMutationId, chr, startPosition: Number(pos), referenceAllele: ref, tumorSeqAllele: alt, strand, codonChange: cds,
      gene: enst >= 0 ? gene.slice(0, enst) : gene, proteinChange: aa.slice(2), count: Number(cnt),
    },
  };
}
