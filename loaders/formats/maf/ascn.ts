// The ASCN namespace of a MAF (study-format 10.6): when the meta file declares `ASCN` (spelled so),
// its values go to the mutation's ascn_* columns (alleleSpecificCopyNumber), not namespace_columns.
import type { NamespaceColumn, NamespacePlan, NamespaceValue } from '../namespaces.js';

/** The ascn_* columns of the mutation table (a type alias, so MutationRow stays a RowValues). */
export type AscnColumns = {
  ascn_integer_copy_number: number | null;
  ascn_method: string | null;
  ccf_expected_copies_upper: number | null;
  ccf_expected_copies: number | null;
  clonal: string | null;
  minor_copy_number: number | null;
  expected_alt_copies: number | null;
  total_copy_number: number | null;
};

export const ASCN_ATTRIBUTES = [
  'ascn_method', 'ascn_integer_copy_number', 'total_copy_number', 'minor_copy_number',
  'ccf_expected_copies', 'ccf_expected_copies_upper', 'clonal', 'expected_alt_copies',
] as const;

/** The ASCN columns apart from the namespaces kept as JSON (only the exact spelling `ASCN` counts). */
export function splitAscn(plan: NamespacePlan): { json: NamespacePlan; ascn: NamespaceColumn[] | undefined } {
  const namespaces = new Map([...plan.namespaces].filter(([ns]) => ns !== 'ASCN'));
  return { json: { namespaces, unmatched: plan.unmatched }, ascn: plan.namespaces.get('ASCN') };
}

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
