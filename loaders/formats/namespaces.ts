// Namespace columns (study-format 10.6) of MAF, SV and CNA-long files, as the MAF library's
// NamespaceColumnParser reads them: `<ns>.<attr>` columns of the namespaces declared in the meta
// file become one JSON object per record.
import { isJavaInt, parseJavaDouble } from '../text/java-number.js';

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

/** Parses the meta file's `namespaces` value (comma-separated, trimmed, each name once). */
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

/**
 * Empty and NA → null; Java ints and Float.parseFloat-able text → numbers; other text as is.
 * JSON has no NaN/Infinity: like Jackson, non-finite floats (float overflow included) are written
 * as the strings "NaN", "Infinity", "-Infinity".
 */
export function namespaceValue(text: string): NamespaceValue {
  if (text === '' || text === 'NA') return null;
  if (isJavaInt(text)) return Number(text);
  const number = parseJavaDouble(text);
  if (number === undefined) return text;
  if (!Number.isFinite(Math.fround(number))) return Number.isNaN(number) ? 'NaN' : number > 0 ? 'Infinity' : '-Infinity';
  return number;
}

/** One record's values of one namespace. */
export function namespaceValues(columns: readonly NamespaceColumn[], cells: readonly string[]): Record<string, NamespaceValue> {
  return Object.fromEntries(columns.map(({ attr, index }) => [attr, namespaceValue(cells[index] ?? '')]));
}

/** One record's JSON text, or null when no declared namespace has columns. */
export function namespaceJson(plan: Pick<NamespacePlan, 'namespaces'>, cells: readonly string[]): string | null {
  if (plan.namespaces.size === 0) return null;
  return JSON.stringify(Object.fromEntries([...plan.namespaces].map(([ns, columns]) => [ns, namespaceValues(columns, cells)])));
}
