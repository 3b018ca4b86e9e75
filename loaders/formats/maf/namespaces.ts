// Namespace columns (study-format 10.6): `<ns>.<attr>` columns of namespaces declared in the
// meta file become one JSON object per record; an `ASCN` namespace feeds the ascn_* columns.
import { isJavaInt, parseJavaDouble } from './java-number.js';

export interface NamespaceColumn {
  attr: string;
  index: number;
}

export interface NamespacePlan {
  /** Namespace as written in the meta file → its columns (later duplicates of an attr win). */
  namespaces: Map<string, NamespaceColumn[]>;
  /** Declared namespaces without any column (validator ERROR; the importer ignores them). */
  unmatched: string[];
}

/** Parses the meta file's `namespaces` value (comma-separated, trimmed). */
export function parseNamespaceList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return [...new Set(value.split(',').map((n) => n.trim()).filter((n) => n !== ''))];
}

/** Finds the columns of each declared namespace (case-insensitive prefix `<ns>.`). */
export function planNamespaces(declared: readonly string[], columns: readonly string[]): NamespacePlan {
  const byAttr = new Map<string, Map<string, number>>();
  columns.forEach((header, index) => {
    const lower = header.toLowerCase();
    const ns = declared.find((n) => lower.startsWith(`${n.toLowerCase()}.`));
    if (ns === undefined) return;
    let attr = header.split('.')[1];
    if (!attr) return;
    // The reference importer lower-cases ASCN attribute names (legacy).
    if (ns.toLowerCase() === 'ascn') attr = attr.toLowerCase();
    const attrs = byAttr.get(ns) ?? new Map<string, number>();
    attrs.set(attr, index);
    byAttr.set(ns, attrs);
  });
  const namespaces = new Map<string, NamespaceColumn[]>();
  for (const [ns, attrs] of byAttr) namespaces.set(ns, [...attrs].map(([attr, index]) => ({ attr, index })));
  return { namespaces, unmatched: declared.filter((n) => !byAttr.has(n)) };
}

export type NamespaceValue = string | number | null;

/** Empty and NA → null; Java-parsable integers and decimals → numbers; other text as is. */
export function namespaceValue(text: string): NamespaceValue {
  if (text === '' || text === 'NA') return null;
  if (isJavaInt(text)) return Number(text);
  const number = parseJavaDouble(text);
  if (number === undefined) return text;
  // JSON has no NaN/Infinity; the reference's JSON writer quotes them too.
  return Number.isFinite(number) ? number : String(number);
}

/** One record's values of one namespace. */
export function namespaceValues(columns: readonly NamespaceColumn[], cells: readonly string[]): Record<string, NamespaceValue> {
  const values: Record<string, NamespaceValue> = {};
  for (const { attr, index } of columns) values[attr] = namespaceValue(cells[index] ?? '');
  return values;
}

/** The ascn_* columns of the mutation table from the ASCN namespace values. */
export interface AscnColumns {
  ascn_integer_copy_number: number | null;
  ascn_method: string | null;
  ccf_expected_copies_upper: number | null;
  ccf_expected_copies: number | null;
  clonal: string | null;
  minor_copy_number: number | null;
  expected_alt_copies: number | null;
  total_copy_number: number | null;
}

export const ASCN_ATTRIBUTES = [
  'ascn_method', 'ascn_integer_copy_number', 'total_copy_number', 'minor_copy_number',
  'ccf_expected_copies', 'ccf_expected_copies_upper', 'clonal', 'expected_alt_copies',
] as const;

const CLONAL_VALUES = new Set(['CLONAL', 'SUBCLONAL', 'INDETERMINATE', 'NA']);

const toInt = (v: NamespaceValue | undefined): number | null => {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? Math.round(n) : null;
};
const toFloat = (v: NamespaceValue | undefined): number | null => {
  if (v === null || v === undefined) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isNaN(n) ? null : n;
};

export function ascnColumns(values: Record<string, NamespaceValue>): AscnColumns {
  const clonal = values.clonal;
  return {
    ascn_integer_copy_number: toInt(values.ascn_integer_copy_number),
    ascn_method: values.ascn_method === null || values.ascn_method === undefined ? null : String(values.ascn_method),
    ccf_expected_copies_upper: toFloat(values.ccf_expected_copies_upper),
    ccf_expected_copies: toFloat(values.ccf_expected_copies),
    clonal: clonal === null || clonal === undefined ? null : CLONAL_VALUES.has(String(clonal).toUpperCase()) ? String(clonal).toUpperCase() : 'NA',
    minor_copy_number: toInt(values.minor_copy_number),
    expected_alt_copies: toInt(values.expected_alt_copies),
    total_copy_number: toInt(values.total_copy_number),
  };
}
