// Every study a request names, directly or through a profile, a sample list or a unique key,
// wherever it names it: path parameters, query parameters and the body, at any depth (a
// StudyViewFilter's studyIds and sampleIdentifiers, an enrichment group's profile identifiers,
// ...). The permission check (security-hooks.ts) refuses the request when any of them is not
// readable, as cBioPortal's method security does with its @PreAuthorize arguments.
import { decodeUniqueKeys } from '../../engine/keys.js';

export interface References {
  studies: Set<string>;
  profiles: Set<string>;
  sampleLists: Set<string>;
}

/** What a bare array body lists (`POST /api/studies/fetch` takes `["study_a", ...]`). */
export type BodyIds = keyof References;

type Kind = keyof References | 'uniqueKeys';

/** Field and parameter names that carry ids, by kind. */
const KIND_OF: Readonly<Record<string, Kind>> = {
  studyId: 'studies',
  studyIds: 'studies',
  cancerStudyId: 'studies',
  molecularProfileId: 'profiles',
  molecularProfileIds: 'profiles',
  molecularProfileIdA: 'profiles',
  molecularProfileIdB: 'profiles',
  geneticProfileId: 'profiles',
  sampleListId: 'sampleLists',
  sampleListIds: 'sampleLists',
  caseLists: 'sampleLists',
  uniqueSampleKey: 'uniqueKeys',
  uniqueSampleKeys: 'uniqueKeys',
  uniquePatientKey: 'uniqueKeys',
  uniquePatientKeys: 'uniqueKeys',
};

export function requestReferences(parts: readonly unknown[], bodyIds?: { body: unknown; kind: BodyIds }): References {
  const refs: References = { studies: new Set(), profiles: new Set(), sampleLists: new Set() };
  const uniqueKeys: string[] = [];
  const add = (kind: Kind, value: unknown) => {
    for (const id of strings(value)) {
      if (kind === 'uniqueKeys') uniqueKeys.push(id);
      else refs[kind].add(id);
    }
  };
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) walk(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, field] of Object.entries(value)) {
        const kind = KIND_OF[key];
        if (kind !== undefined) add(kind, field);
        if (typeof field === 'object' && field !== null) walk(field);
      }
    }
  };
  for (const part of parts) walk(part);
  if (bodyIds !== undefined) add(bodyIds.kind, bodyIds.body);
  for (const { studyId } of decodeUniqueKeys(uniqueKeys)) refs.studies.add(studyId);
  return refs;
}

/** The strings of a value, of a list, or of nested lists (caseLists is a list of lists). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  return [];
}
