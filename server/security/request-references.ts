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

/** Field and parameter names that carry ids, by kind (a Map: body keys such as `constructor` are not its). */
const KIND_OF = new Map<string, Kind>([
  ['studyId', 'studies'],
  ['studyIds', 'studies'],
  ['cancerStudyId', 'studies'],
  ['molecularProfileId', 'profiles'],
  ['molecularProfileIds', 'profiles'],
  ['molecularProfileIdA', 'profiles'],
  ['molecularProfileIdB', 'profiles'],
  ['geneticProfileId', 'profiles'],
  ['sampleListId', 'sampleLists'],
  ['sampleListIds', 'sampleLists'],
  ['caseLists', 'sampleLists'],
  ['uniqueSampleKey', 'uniqueKeys'],
  ['uniqueSampleKeys', 'uniqueKeys'],
  ['uniquePatientKey', 'uniqueKeys'],
  ['uniquePatientKeys', 'uniqueKeys'],
]);

export function requestReferences(parts: readonly unknown[], bodyIds?: { body: unknown; kind: BodyIds }): References {
  const refs: References = { studies: new Set(), profiles: new Set(), sampleLists: new Set() };
  const uniqueKeys: string[] = [];
  const add = (kind: Kind, value: unknown) => {
    if (typeof value === 'string') {
      if (kind === 'uniqueKeys') uniqueKeys.push(value);
      else refs[kind].add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) add(kind, item);
    }
  };
  // for-in and no intermediate arrays: a Study View body may list 272,000 sample identifiers.
  const walk = (value: object): void => {
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) walk(item);
      return;
    }
    for (const key in value) {
      const field = (value as Record<string, unknown>)[key];
      const kind = KIND_OF.get(key);
      if (kind !== undefined) add(kind, field);
      if (typeof field === 'object' && field !== null) walk(field);
    }
  };
  for (const part of parts) if (typeof part === 'object' && part !== null) walk(part);
  if (bodyIds !== undefined) add(bodyIds.kind, bodyIds.body);
  for (const { studyId } of decodeUniqueKeys(uniqueKeys)) refs.studies.add(studyId);
  return refs;
}
