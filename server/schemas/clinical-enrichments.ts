// TypeBox models of cBioPortal's GroupFilter and ClinicalDataEnrichment (api.md 23.4, study-view.md 4.23).
import { Type, type Static } from '@sinclair/typebox';
import { ClinicalAttributeSchema } from './clinical-attributes.js';

const SampleIdentifierSchema = Type.Object(
  { studyId: Type.String(), sampleId: Type.String() },
  { $id: 'SampleIdentifier', additionalProperties: false },
);

// groups and sampleIdentifiers are required here: cBioPortal fails with a 500 on null ones.
// Unknown properties are refused (400), as cBioPortal's JSON reader does for this body (api.md 1.7).
export const GroupFilterSchema = Type.Object(
  {
    groups: Type.Array(
      Type.Object(
        {
          name: Type.Optional(Type.String()),
          sampleIdentifiers: Type.Array(SampleIdentifierSchema, { minItems: 1, maxItems: 10_000_000, title: 'sampleIdentifiers' }),
        },
        { $id: 'Group', additionalProperties: false },
      ),
      { minItems: 2, title: 'groups' },
    ),
  },
  { $id: 'GroupFilter', additionalProperties: false },
);
export type GroupFilter = Static<typeof GroupFilterSchema>;

export const ClinicalDataEnrichmentSchema = Type.Object(
  {
    clinicalAttribute: ClinicalAttributeSchema,
    score: Type.Number(),
    method: Type.String(),
    pValue: Type.Number(),
  },
  { $id: 'ClinicalDataEnrichment' },
);
