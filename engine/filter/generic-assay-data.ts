// genericAssayDataFilters and genericAssaySelectionFilters (study-view.md 3.10): the entity's
// values in the generic-assay profiles `<studyId>_<profileType>` (LIMIT-VALUE at sample level →
// numeric rules of 3.4; CATEGORICAL/BINARY → case-insensitive equality). NA also selects samples
// with no row at all for the entity, stated explicitly here (the reference gets it from outer-join
// defaults, quirk 12). A profile type with no supported profile anywhere leaves the filter without effect.
import { sql, type Fragment } from '../sql/sql.js';
import type { GenericAssayDataFilter, GenericAssaySelectionFilter } from './normalize.js';
import { equalsIgnoreCase, intersect, itemMatch, naLike, union } from './values.js';

/** Generic-assay profiles of the type (whole database) usable for data / selection filters. */
function profiles(profileType: string, selection: boolean): Fragment {
  const kind = selection
    ? sql`p.datatype <> 'LIMIT-VALUE'`
    : sql`((p.datatype = 'LIMIT-VALUE' AND NOT p.patient_level) OR p.datatype IN ('CATEGORICAL', 'BINARY'))`;
  return sql`SELECT p.profile_key FROM molecular_profile p JOIN cancer_study c ON c.study_key = p.study_key
    WHERE p.genetic_alteration_type = 'GENERIC_ASSAY' AND p.stable_id = c.study_id || '_' || ${profileType} AND ${kind}`;
}

/** Every sample of the involved studies with its value for the entity (NULL = no row). */
function samplesWithValue(profileType: string, stableId: string, selection: boolean, studies: Fragment, match: Fragment): Fragment {
  const rows = sql`SELECT v.sample_key, v.value FROM generic_assay_value v JOIN generic_entity ge USING (entity_key)
    WHERE v.study_key IN (${studies}) AND ge.stable_id = ${stableId} AND v.profile_key IN (${profiles(profileType, selection)})`;
  return sql`SELECT s.sample_key FROM sample s LEFT JOIN (${rows}) r ON r.sample_key = s.sample_key
    WHERE s.study_key IN (${studies}) AND ${match}`;
}

export function compileGenericAssayDataFilter(filter: GenericAssayDataFilter, studies: Fragment): Fragment {
  const match = itemMatch(sql`r.value`, filter.values, sql`r.sample_key IS NOT NULL`);
  return sql`SELECT sample_key FROM (${samplesWithValue(filter.profileType, filter.stableId, false, studies, match)})
    WHERE EXISTS (${profiles(filter.profileType, false)})
    UNION SELECT sample_key FROM sample WHERE study_key IN (${studies}) AND NOT EXISTS (${profiles(filter.profileType, false)})`;
}

/**
 * Selection filter: values outer AND, inner OR of {stableId, value}. Patient-level profiles are
 * stored copied to every sample of the patient, so a patient's match already covers all its
 * samples; `patientLevel: true` makes every match do so (all samples of the matching patients).
 */
export function compileGenericAssaySelectionFilter(filter: GenericAssaySelectionFilter, studies: Fragment): Fragment | undefined {
  if (filter.values.length === 0) return undefined;
  const matching = (stableId: string, value: string) => samplesWithValue(filter.profileType, stableId, true, studies,
    value.toUpperCase() === 'NA' ? naLike(sql`r.value`) : sql`r.value IS NOT NULL AND ${equalsIgnoreCase(sql`r.value`, value)}`);
  const ofPatients = (samples: Fragment) => sql`SELECT s.sample_key FROM sample s
    WHERE s.patient_key IN (SELECT x.patient_key FROM sample x WHERE x.sample_key IN (${samples}))`;
  return intersect(filter.values.map((anyOf) => union(anyOf.map(({ stableId, value }) =>
    filter.patientLevel ? ofPatients(matching(stableId, value)) : matching(stableId, value)))));
}
