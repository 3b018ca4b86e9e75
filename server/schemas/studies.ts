// TypeBox models of cBioPortal's classic CancerStudy (api.md 2.5, 4.4) and CancerStudyTags (4.6).
import { Type, type Static } from '@sinclair/typebox';
import { STUDY_DETAILED_COUNTS, STUDY_FIRST_BLOCK, RESOURCE_COUNT_FIELDS } from './common.js';
import { TypeOfCancerSchema } from './cancer-types.js';

/** ResourceCount of /studies/fetch: keyed `studyId` (GET /studies uses cancerStudyIdentifier). */
const StudyResourceCountSchema = Type.Object({ ...RESOURCE_COUNT_FIELDS, studyId: Type.String() });

/**
 * Nested in Patient / MolecularProfile (first block + readPermission) and the item of
 * /studies/fetch (counts, cancerType, resourceCounts by projection). readPermission is always true.
 */
export const CancerStudySchema = Type.Object(
  {
    ...STUDY_FIRST_BLOCK,
    allSampleCount: Type.Optional(Type.Integer()),
    ...STUDY_DETAILED_COUNTS,
    cancerType: Type.Optional(TypeOfCancerSchema),
    resourceCounts: Type.Optional(Type.Array(StudyResourceCountSchema)),
    readPermission: Type.Boolean(),
  },
  { $id: 'CancerStudy' },
);
export type CancerStudy = Static<typeof CancerStudySchema>;

/** `tags` is the tags document as JSON text; cancerStudyId the internal numeric id. */
export const CancerStudyTagsSchema = Type.Object(
  { cancerStudyId: Type.Integer(), studyId: Type.String(), tags: Type.String() },
  { $id: 'CancerStudyTags' },
);
