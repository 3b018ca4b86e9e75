// Read counts of a MAF row (study-format 10.3): the count column, else a fallback
// (TVarCov / TTotCov−TVarCov, or tumor_depth × tumor_vaf), else null. -1 and non-numbers mean
// missing; decimals are truncated. Cells are raw text ('' for an absent column).
import { parseJavaDouble, parseJavaIntLenient } from '../../text/java-number.js';

const NA = -1;

/** Float.parseFloat of a VAF, '%' values divided by 100; -1 when not a number. */
export function parseVaf(text: string): number {
  const percent = text.includes('%');
  const value = parseJavaDouble(percent ? text.replace(/%/g, '') : text);
  if (value === undefined) return NA;
  return percent ? Math.fround(Math.fround(value) / 100) : Math.fround(value);
}

/** Java's Math.round(float) of depth × vaf, in float arithmetic. */
function altFromVaf(depth: number, vaf: number): number {
  return Math.floor(Math.fround(Math.fround(depth) * vaf) + 0.5);
}

/** t_alt_count (or alias), else TVarCov, else round(tumor_depth × tumor_vaf); normal alike. */
export function altCount(count: string, varCov: string, depth: string, vaf: string): number | null {
  const value = parseJavaIntLenient(count);
  if (value !== NA) return value;
  const v = parseJavaIntLenient(varCov);
  if (v !== NA) return v;
  if (depth === '') return null;
  const d = parseJavaIntLenient(depth);
  const f = parseVaf(vaf);
  return d !== NA && f !== NA ? altFromVaf(d, f) : null;
}

/** t_ref_count (or alias), else TTotCov − TVarCov, else depth − round(depth × vaf). */
export function refCount(count: string, varCov: string, totCov: string, depth: string, vaf: string): number | null {
  const value = parseJavaIntLenient(count);
  if (value !== NA) return value;
  const v = parseJavaIntLenient(varCov);
  const t = parseJavaIntLenient(totCov);
  if (v !== NA && t !== NA) return t - v;
  if (depth === '') return null;
  const d = parseJavaIntLenient(depth);
  const f = parseVaf(vaf);
  return d !== NA && f !== NA ? d - altFromVaf(d, f) : null;
}
