// Protein change and protein positions of a MAF row (study-format 10.3), as the reference
// importer computes them (ExtendedMutationUtil): HGVSp_Short, else Amino_Acid_Change, else
// 'MUTATED'; positions from Protein_position, else parsed from the protein change.
import { parseJavaIntLenient } from '../../text/java-number.js';

const NOT_AVAILABLE = new Set(['', 'NULL', 'NA', '[NOT AVAILABLE]']);

const isUsable = (value: string) => !NOT_AVAILABLE.has(value.toUpperCase());

/** The stored protein change, without a leading 'p.'. */
export function proteinChangeOf(hgvspShort: string, aminoAcidChange: string): string {
  let change = isUsable(hgvspShort) ? hgvspShort : aminoAcidChange;
  if (!isUsable(change)) change = 'MUTATED';
  return change.startsWith('p.') ? change.slice(2) : change;
}

export interface ProteinPositions {
  start: number;
  end: number;
}

/**
 * `Protein_position` is `start[-end][/length]`; a missing start or end is taken from the
 * protein change. -1 means unknown (what the reference stores).
 */
export function proteinPositionsOf(proteinPosition: string, proteinChange: string): ProteinPositions {
  const range = proteinPosition.split('/')[0].split('-');
  let start = range[0] === undefined ? -1 : parseJavaIntLenient(range[0]);
  let end = range[1] === undefined ? -1 : parseJavaIntLenient(range[1]);
  if (start === -1 || end === -1) {
    const parsed = positionsFromProteinChange(proteinChange);
    if (start === -1) start = parsed.start;
    if (end === -1) end = parsed.end;
  }
  return { start, end };
}

const SIMPLE = /^([A-Z*]+)([0-9]+)([A-Z*?]*)$/;
const INSERTION = /^[A-Z]?([0-9]+)(_[A-Z]?([0-9]+))?(delins|ins)([A-Z]+)$/;
const SPLICE = /^[A-Z]?([0-9]+)(_[A-Z]?([0-9]+))?(_)?splice$/;
const RANGE = /^[A-Z]?([0-9]+)_[A-Z]?([0-9]+)(.+)$/;
const FRAMESHIFT = /^([A-Z*])([0-9]+)[A-Z]?fs.*$/;
const INDEL = /^([A-Z]+)?([0-9]+)((ins)|(del)|(dup))$/;

/** Positions parsed from a protein change such as V600E, 746_750del, X331_splice, D1815Tfs*13. */
export function positionsFromProteinChange(proteinChange: string): ProteinPositions {
  let change = proteinChange.startsWith('p.') ? proteinChange.slice(2) : proteinChange;
  const bracket = change.indexOf('[');
  if (bracket !== -1) change = change.slice(0, bracket);
  change = change.trim();

  let m = SIMPLE.exec(change);
  if (m) {
    const [, ref, variant] = [m[0], m[1], m[3]];
    const start = Number(m[2]);
    const single = ref === variant || ref === '*' || variant === '*' || start === 1 || variant === '?';
    return { start, end: single ? start : start + ref.length - 1 };
  }
  m = INSERTION.exec(change) ?? SPLICE.exec(change);
  if (m) return { start: Number(m[1]), end: m[3] !== undefined ? Number(m[3]) : Number(m[1]) };
  m = RANGE.exec(change);
  if (m) return { start: Number(m[1]), end: Number(m[2]) };
  m = FRAMESHIFT.exec(change);
  if (m) return { start: Number(m[2]), end: Number(m[2]) };
  m = INDEL.exec(change);
  if (m) return { start: Number(m[2]), end: Number(m[2]) };
  return { start: -1, end: -1 };
}
