// Cell conversions of the SV importer (study-format 3.4, 10.6, 15), which reads cells with the
// MAF library's TabDelimitedFileUtil and NamespaceColumnParser; kept pure for unit tests.

/** Java's Double.parseDouble syntax (decimal forms; hex floats are not accepted here). */
const JAVA_NUMBER = /^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)$/;
const JAVA_INT = /^[+-]?\d+$/;
const INT_MAX = 2 ** 31 - 1;
const INT_MIN = -(2 ** 31);

/** A number as Java parses it, or undefined where Java throws NumberFormatException. */
export function parseJavaNumber(text: string): number | undefined {
  const m = JAVA_NUMBER.exec(text.trim());
  if (!m) return undefined;
  const body = text.trim().replace(/[fFdD]$/, '');
  return m[1] === 'NaN' ? NaN : Number(body);
}

/** Text column: empty or absent cells are stored as the literal 'NA' (never null). */
export function svText(cell: string | undefined): string {
  return cell === undefined || cell === '' ? 'NA' : cell;
}

/**
 * Integer column (positions, region numbers, read counts, SV_Length): `(int) Double.parseDouble`,
 * so decimals are truncated, NaN gives 0 and overflow clamps; empty, `NA` or other text gives -1.
 */
export function svInt(cell: string | undefined): number {
  const n = cell === undefined ? undefined : parseJavaNumber(cell);
  if (n === undefined) return -1;
  if (Number.isNaN(n)) return 0;
  return Math.min(INT_MAX, Math.max(INT_MIN, Math.trunc(n)));
}

/** Entrez id cell (`Long.parseLong`): an integer, else undefined (empty, `NA`, decimals, text). */
export function svEntrez(cell: string | undefined): number | undefined {
  return cell !== undefined && JAVA_INT.test(cell) ? Number(cell) : undefined;
}

/** A namespace cell value: empty/`NA` → null, Java int or float text → number, else the text. */
export function parseNamespaceValue(cell: string): string | number | null {
  if (cell === '' || cell === 'NA') return null;
  if (JAVA_INT.test(cell)) {
    const n = Number(cell);
    if (n >= INT_MIN && n <= INT_MAX) return n;
  }
  const n = parseJavaNumber(cell);
  if (n === undefined) return cell;
  // Jackson writes non-finite floats as the strings "NaN", "Infinity", "-Infinity".
  if (!Number.isFinite(Math.fround(n))) return Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity';
  return n;
}

/**
 * The `<ns>.<attr>` columns of declared namespaces (case-insensitive prefix match; the JSON is
 * keyed by the namespace as the meta file spells it, `<attr>` is the text up to a second dot).
 */
export class NamespaceColumns {
  private readonly byNamespace = new Map<string, [string, number][]>();

  constructor(declared: readonly string[], columns: readonly string[]) {
    columns.forEach((column, index) => {
      const ns = declared.find((d) => column.toLowerCase().startsWith(`${d.toLowerCase()}.`));
      const attr = column.split('.')[1];
      if (ns === undefined || !attr) return;
      const attrs = this.byNamespace.get(ns) ?? [];
      const name = ns.toLowerCase() === 'ascn' ? attr.toLowerCase() : attr;
      const existing = attrs.findIndex(([a]) => a === name);
      if (existing >= 0) attrs[existing] = [name, index];
      else attrs.push([name, index]);
      this.byNamespace.set(ns, attrs);
    });
  }

  /** Declared namespaces without any column (a validator ERROR; the importer ignores them). */
  missing(declared: readonly string[]): string[] {
    return declared.filter((d) => !this.byNamespace.has(d));
  }

  /** The record's JSON, or null when no declared namespace has columns. */
  toJson(cells: readonly string[]): string | null {
    if (this.byNamespace.size === 0) return null;
    const record: Record<string, Record<string, string | number | null>> = {};
    for (const [ns, attrs] of this.byNamespace) {
      record[ns] = Object.fromEntries(attrs.map(([attr, i]) => [attr, parseNamespaceValue(cells[i] ?? '')]));
    }
    return JSON.stringify(record);
  }
}

/** The meta file's `namespaces: A,B` list. */
export function declaredNamespaces(value: string | undefined): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * Driver columns are recorded only when cbp_driver or cbp_driver_tiers holds something other
 * than empty/`NA`; the SV importer then keeps all four cells, a literal 'NA' for empty ones.
 */
export function svDriver(driver: string | undefined, driverAnnotation: string | undefined, tiers: string | undefined, tiersAnnotation: string | undefined) {
  const given = (v: string | undefined) => v !== undefined && v !== '' && v.toLowerCase() !== 'na';
  if (!given(driver) && !given(tiers)) return { driver_filter: null, driver_filter_annotation: null, driver_tiers_filter: null, driver_tiers_filter_annotation: null };
  return {
    driver_filter: svText(driver),
    driver_filter_annotation: svText(driverAnnotation),
    driver_tiers_filter: svText(tiers),
    driver_tiers_filter_annotation: svText(tiersAnnotation),
  };
}
