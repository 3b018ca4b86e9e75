// TypeBox models of cBioPortal's NamespaceAttribute, NamespaceData and NamespaceComparisonFilter (api.md 21).
import { Type, type Static } from '@sinclair/typebox';

export const NamespaceAttributeSchema = Type.Object(
  { outerKey: Type.String(), innerKey: Type.String() },
  { $id: 'NamespaceAttribute', additionalProperties: false },
);

/** No unique keys on these items. */
export const NamespaceDataSchema = Type.Object(
  {
    outerKey: Type.String(),
    innerKey: Type.String(),
    attrValue: Type.String(),
    studyId: Type.String(),
    sampleId: Type.String(),
    patientId: Type.String(),
  },
  { $id: 'NamespaceData' },
);

const SampleIdentifierSchema = Type.Object(
  { sampleId: Type.String(), studyId: Type.String() },
  { $id: 'SampleIdentifier', additionalProperties: false },
);

// sampleIdentifiers and namespaceAttribute are both required (bothSampleIdentifiersAndNamespaceAttributePresent), checked in the route.
export const NamespaceComparisonFilterSchema = Type.Object(
  {
    sampleIdentifiers: Type.Optional(Type.Array(SampleIdentifierSchema, { minItems: 1, maxItems: 10_000_000 })),
    namespaceAttribute: Type.Optional(NamespaceAttributeSchema),
    values: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'NamespaceComparisonFilter', additionalProperties: false },
);
export type NamespaceComparisonFilter = Static<typeof NamespaceComparisonFilterSchema>;
