// The "4+1" header block of clinical files (study-format 8.2): display names, descriptions,
// datatypes and priorities as '#' lines, then the attribute ids.
import { LoadError } from '../errors.js';
import type { TsvHeader } from '../text/tsv.js';

export interface ClinicalColumn {
  attrId: string; // upper case
  displayName: string;
  description: string;
  datatype: string; // as written
  priority: string;
}

const DATATYPES = new Set(['STRING', 'NUMBER', 'BOOLEAN']);

export function parseClinicalHeader(path: string, header: TsvHeader): ClinicalColumn[] {
  const ids = header.columns.map((c) => c.toUpperCase());
  if (header.comments.length === 0) {
    // Legacy header-less form: the importer's defaults.
    return ids.map((attrId) => ({ attrId, displayName: 'MISSING', description: 'MISSING', datatype: 'STRING', priority: '1' }));
  }
  if (header.comments.length !== 4)
    throw new LoadError({ file: path, line: header.lineNo }, `expected 4 header lines starting with # (names, descriptions, datatypes, priorities), found ${header.comments.length}`);
  const rows = header.comments.map((line) => line.split('\t').map((c) => c.trim()));
  rows.forEach((row, i) => {
    if (row.length !== ids.length)
      throw new LoadError({ file: path, line: header.lineNo - 4 + i }, `header line has ${row.length} columns, the attribute id line has ${ids.length}`);
  });
  return ids.map((attrId, i) => {
    const [displayName, description, datatype, priority] = rows.map((r) => r[i]);
    const line = (row: number) => header.lineNo - 4 + row;
    if (!displayName) throw new LoadError({ file: path, line: line(0), column: attrId }, 'empty display name');
    if (!description) throw new LoadError({ file: path, line: line(1), column: attrId }, 'empty description');
    if (!DATATYPES.has(datatype.toUpperCase()))
      throw new LoadError({ file: path, line: line(2), column: attrId }, `datatype must be STRING, NUMBER or BOOLEAN, found '${datatype}'`);
    if (!/^-?\d+$/.test(priority) || Number(priority) < -1)
      throw new LoadError({ file: path, line: line(3), column: attrId }, `priority must be an integer >= -1, found '${priority}'`);
    return { attrId, displayName, description, datatype, priority };
  });
}

const NA_WORDS = new Set(['', 'na', 'null', 'missing', 'not_applicable', 'not_available', 'pending', 'discrepancy', 'completed']);

/** The first characters of NA-like values (lower case): a word's first letter, or one the importer deletes. */
const NA_FIRST = new Set([...[...NA_WORDS].map((w) => w.charAt(0)), '[', ']', '|']);

/** NA-like clinical values are not stored (the importer deletes [ ] | and turns spaces into _). */
export function isClinicalNa(value: string): boolean {
  // Most values (numbers, most words) are told apart by their first character, without building the normal form.
  if (value !== '' && !NA_FIRST.has(value.charAt(0).toLowerCase())) return false;
  return NA_WORDS.has(value.replace(/[[\]|]/g, '').replace(/ /g, '_').toLowerCase());
}

const NUMBER = /^[<>]?\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$|^[-+]?(nan|inf|infinity)$/i;

/** NUMBER values: a real, optionally after > or < (validator: Python float()). */
export function isClinicalNumber(value: string): boolean {
  return NUMBER.test(value);
}

/** Whether a NUMBER value (isClinicalNumber) is finite as a double: not nan, inf, or 1e400 (which overflows). */
export function isFiniteClinicalNumber(value: string): boolean {
  return Number.isFinite(Number(value.replace(/^[<>]\s*/, '')));
}

const EVENT = /^(DECEASED|Recurred\/Progressed|Recurred|Progressed)$/i;
const NO_EVENT = /^(LIVING|DiseaseFree)$/i;

/** OS_STATUS / DFS_STATUS without a 0:/1: prefix get one (study-format 8.7). */
export function withSurvivalPrefix(attrId: string, value: string): string {
  if (attrId !== 'OS_STATUS' && attrId !== 'DFS_STATUS') return value;
  if (EVENT.test(value)) return `1:${value}`;
  if (NO_EVENT.test(value)) return `0:${value}`;
  return value;
}
