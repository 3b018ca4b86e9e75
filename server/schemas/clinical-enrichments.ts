// TypeBox models of cBioPortal's GroupFilter and ClinicalDataEnrichment (api.md 23.4, study-view.md 4.23).
import { Type, type Static } from '@sinclair/typebox';
import { ClinicalAttributeSchema } from './clinical-attributes.js';

const SampleIdentifierSchema = Type.Object(
  { studyId: Type.String(), sampleId: Type.String() },
  { title: 'SampleIdentifier', additionalProperties: true },
);

// groups and sampleIdentifiers are required here: cBioPortal fails with a 500 on null ones.
export const GroupFilterSchema = Type.Object(
  {
    groups: Type.Array(
      Type.Object(
        {
          name: Type.Optional(Type.String()),
          sampleIdentifiers: Type.Array(SampleIdentifierSchema, { minItems: 1, maxItems: 10_000_000, title: 'sampleIdentifiers' }),
        },
        { title: 'Group', additionalProperties: true },
      ),
      { minItems: 2, title: 'groups' },
    ),
  },
  { $id: 'GroupFilter', additionalProperties: true },
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
