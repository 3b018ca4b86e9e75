// customDataFilters (study-view.md 3.5) with the inline `samples` the front end sends: per filter,
// a listed sample passes when its value matches (STRING: upper-cased equality; NUMBER, or no
// datatype: the Legacy range-enclosure rule); a sample absent from the filter's list passes iff the filter has NA.
// A chart saved as a session arrives with its values filled in by the server
// (server/sessions/stored-custom-data.ts); a filter still without samples names no stored chart
// and, as documented for Legacy, has no effect (CS would empty the cohort, quirk 18).
import { sql, type Fragment } from '../sql/sql.js';
import type { CustomDataFilter, CustomSample } from './normalize.js';
import { hasRange, isNaRequest, type DataFilterValue } from './values.js';

/** Upper-cased, NAN and N/A (and '') become NA, as the reference normalises custom values. */
export function normalizeCustomValue(value: string): string {
  const v = value.trim().toUpperCase();
  return v === 'NAN' || v === 'N/A' || v === '' ? 'NA' : v;
}

/** A data value as a range (Legacy): <=x (−∞,x], <x (−∞,x), >=x [x,∞), >x (x,∞), x [x,x]. */
function asRange(v: string): { lo: number; loOpen: boolean; hi: number; hiOpen: boolean } | undefined {
  const m = /^(<=|>=|<|>)?\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)$/.exec(v.trim());
  if (!m) return undefined;
  const x = Number(m[2]);
  switch (m[1]) {
    case '<=': return { lo: -Infinity, loOpen: true, hi: x, hiOpen: false };
    case '<': return { lo: -Infinity, loOpen: true, hi: x, hiOpen: true };
    case '>=': return { lo: x, loOpen: false, hi: Infinity, hiOpen: true };
    case '>': return { lo: x, loOpen: true, hi: Infinity, hiOpen: true };
    default: return { lo: x, loOpen: false, hi: x, hiOpen: false };
  }
}

/** Filter range (start, end] encloses the data range; start == end is [v, v]. */
function encloses(f: DataFilterValue, v: string): boolean {
  const r = asRange(v);
  if (!r) return false;
  const start = f.start ?? -Infinity, end = f.end ?? Infinity;
  if (start === end) return r.lo === start && r.hi === start;
  const loOk = r.lo > start || (r.lo === start && r.loOpen);
  return loOk && r.hi <= end;
}

/** Does a listed (normalised) value pass the filter? */
export function customValueMatches(filter: CustomDataFilter, value: string): boolean {
  // STRING is equality; any other datatype, or none, the numeric rules (3.5).
  const numeric = filter.datatype?.toUpperCase() !== 'STRING';
  return filter.values.some((f) => {
    if (isNaRequest(f)) return value === 'NA';
    if (numeric && hasRange(f)) return encloses(f, value);
    return f.value !== undefined && f.value !== null && normalizeCustomValue(f.value) === value;
  });
}

/** The samples of `filter` (undefined = no effect: no inline data, see the header). */
export function compileCustomDataFilter(filter: CustomDataFilter, studies: Fragment): Fragment | undefined {
  if (filter.samples.length === 0) return undefined;
  const passing: CustomSample[] = [];
  for (const s of filter.samples) if (customValueMatches(filter, normalizeCustomValue(s.value))) passing.push(s);
  const pairs = (list: readonly CustomSample[]) => sql`SELECT s.sample_key FROM sample s JOIN cancer_study c USING (study_key)
      JOIN (SELECT unnest(${list.map((p) => p.studyId)}::VARCHAR[]) AS study_id, unnest(${list.map((p) => p.sampleId)}::VARCHAR[]) AS sample_id) i
        ON i.study_id = c.study_id AND i.sample_id = s.sample_id`;
  const listed = pairs(passing);
  if (!filter.values.some(isNaRequest)) return listed;
  // NA: also every sample of the involved studies absent from the list.
  return sql`${listed} UNION (SELECT sample_key FROM sample WHERE study_key IN (${studies}) EXCEPT ${pairs(filter.samples)})`;
}
