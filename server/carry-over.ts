// Which resident state of one store generation stays valid in the next (engine/README.md, "Store
// generations"): an entry built from the rows of some studies only (a profile's matrix, a cohort
// and an answer of a filter naming its studies) is carried over when each of them has the same
// key and load stamp in both generations and the reference data is the same; an entry of the
// whole store, or of a study that changed or went, is not.
import type { DependsOn, StoreStamps } from '../engine/sql/study-stamps.js';

/** The studies whose rows are the same in `after` as in `before`: none when the reference data changed. */
export function unchangedStudies(before: StoreStamps, after: StoreStamps): Set<string> {
  if (before.reference !== after.reference) return new Set();
  return new Set([...after.studies].filter(([id, stamp]) => stamp !== undefined && before.studies.get(id) === stamp).map(([id]) => id));
}

/** The studies of `after` loaded or replaced since `before`. */
export const changedStudies = (before: StoreStamps, after: StoreStamps): string[] =>
  [...after.studies].filter(([id, stamp]) => stamp === undefined || before.studies.get(id) !== stamp).map(([id]) => id);

/** The studies of `before` that `after` lacks. */
export const deletedStudies = (before: StoreStamps, after: StoreStamps): string[] => [...before.studies.keys()].filter((id) => !after.studies.has(id));

/** Whether an entry built from `dependsOn` is valid where only the studies `unchanged` are known to be unchanged. */
export const carries = (dependsOn: DependsOn, unchanged: ReadonlySet<string>): boolean => dependsOn !== undefined && dependsOn.every((id) => unchanged.has(id));
