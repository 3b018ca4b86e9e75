// The Study View's clinical data counts over the filtered cohort (study-view.md 4.4); sample list
// and molecular profile counts (4.2, 4.3) are in sample-set-counts.ts.
import type { ReadOnlyDb } from '../sql/db.js';
import type { Cohort } from '../filter/compile.js';
import { isNaLike } from '../filter/values.js';
import type { CountedValue } from '../stats/binning.js';
import { cohortSampleKeys, onePerPatient, samplePatients } from '../resident/case-keys.js';
import { attributeDefinitions, clinicalColumn, type ClinicalColumn } from '../resident/clinical-columns.js';
import type { ProfileMatrices } from '../resident/profile-matrix.js';

/** A value and how many cases have it: the binner's input type (CountedValue), so counts bin as they are. */
export type ValueCount = CountedValue;

export interface ClinicalDataCountItem {
  attributeId: string;
  counts: ValueCount[];
}

/**
 * The counts of one attribute's values over the given samples, NA-like values left out, case
 * variants merged under the greatest spelling.
 */
function countValues(column: ClinicalColumn, keys: Int32Array): ValueCount[] {
  const { names, categories } = column;
  const counts = new Float64Array(names.length);
  for (let i = 0; i < keys.length; i++) {
    const category = categories[keys[i]];
    if (category >= 0) counts[category]++;
  }
  const { groupOf, groupCount } = valueGroups(column);
  const totals = new Float64Array(groupCount);
  const shown = new Int32Array(groupCount).fill(-1);
  for (let category = 0; category < names.length; category++) {
    const group = groupOf[category];
    if (counts[category] === 0 || group < 0) continue;
    totals[group] += counts[category];
    shown[group] = category; // the greatest spelling so far: `names` ascend
  }
  // By count, then value: `names` is in DuckDB's order of VARCHAR (binary), so a value's position orders it.
  const present: number[] = [];
  for (let group = 0; group < groupCount; group++) if (totals[group] > 0) present.push(group);
  present.sort((a, b) => totals[b] - totals[a] || shown[a] - shown[b]);
  return present.map((group) => ({ value: names[shown[group]], count: totals[group] }));
}

/** A column's values grouped by their case variants: each value's group, -1 for NA-like ones. */
interface ValueGroups {
  groupOf: Int32Array;
  groupCount: number;
}

/** Each kept column's groups, worked out once (its values are tens of thousands: survival months, say). */
const groupsOfColumns = new WeakMap<ClinicalColumn, ValueGroups>();

function valueGroups(column: ClinicalColumn): ValueGroups {
  let groups = groupsOfColumns.get(column);
  if (groups !== undefined) return groups;
  const groupOf = new Int32Array(column.names.length).fill(-1);
  const byLowerCase = new Map<string, number>();
  column.names.forEach((value, category) => {
    if (isNaLike(value)) return;
    const lower = value.toLowerCase();
    let group = byLowerCase.get(lower);
    if (group === undefined) byLowerCase.set(lower, (group = byLowerCase.size));
    groupOf[category] = group;
  });
  groupsOfColumns.set(column, (groups = { groupOf, groupCount: byLowerCase.size }));
  return groups;
}

/**
 * Counts per value of each requested clinical attribute (4.4). Sample attributes count filtered
 * samples, patient attributes filtered patients (patients with >= 1 filtered sample); an attribute
 * that is sample-level in one involved study and patient-level in another counts one value per
 * filtered sample, from the level of the sample's own study (the intended reading, not the
 * reference's quirk of Appendix B.5). NA-like values ('', NA, NAN, N/A, any case) are skipped;
 * NA = units - sum of counts, present only when > 0, or alone (possibly 0) when nothing else is
 * counted. Values differing only by case merge under the greatest spelling. Unknown ids give no
 * item; items follow the request order, counts are by count desc then value. Counted in memory
 * over each attribute's values by sample (clinical-columns.ts: the value of the sample's own
 * level), where scanning the rows of 14 attributes for a filtered cohort took ~100 ms.
 */
export async function fetchClinicalDataCounts(
  db: ReadOnlyDb, matrices: ProfileMatrices, cohort: Cohort, studyIds: readonly string[], attributeIds: readonly string[],
): Promise<ClinicalDataCountItem[]> {
  const ids = [...new Set(attributeIds)];
  const [definitions, keys] = await Promise.all([attributeDefinitions(db, matrices), cohortSampleKeys(db, matrices, cohort)]);
  const involved = new Set(studyIds);
  const levels = ids.flatMap((id) => {
    // Patient-level when every involved study defining the attribute defines it so.
    const defined = (definitions.get(id) ?? []).filter((d) => involved.has(d.studyId));
    return defined.length === 0 ? [] : [{ attr_id: id, patient: defined.every((d) => d.patient) }];
  });
  // Patient attributes count each patient once, at one of its samples.
  const patientKeys = levels.some((l) => l.patient) ? onePerPatient(keys, await samplePatients(db, matrices)) : keys;
  const items = new Map(await Promise.all(levels.map(async ({ attr_id: id, patient }) => {
    const units = patient ? patientKeys : keys;
    return [id, { units: units.length, counts: countValues(await clinicalColumn(db, matrices, id), units) }] as const;
  })));
  return ids.flatMap((id) => {
    const item = items.get(id);
    if (!item) return [];
    const na = item.units - item.counts.reduce((sum, c) => sum + c.count, 0);
    const counts = item.counts.length === 0 || na > 0 ? [...item.counts, { value: 'NA', count: na }] : item.counts;
    return [{ attributeId: id, counts }];
  });
}
