// TypeBox models of the namespace count endpoints (study-view.md 4.25, 4.26 and section 8).
import { Type } from '@sinclair/typebox';
import { StudyViewFilterSchema } from './study-view-filter.js';

const keys = { outerKey: Type.String(), innerKey: Type.String() };

// `values` (the chart's own filter values) is accepted and not used for counting.
export const NamespaceDataCountFilterSchema = Type.Object(
  {
    attributes: Type.Optional(Type.Union([Type.Array(
      Type.Object({ ...keys, values: Type.Optional(Type.Unknown()) }, { $id: 'NamespaceDataFilter', additionalProperties: true }),
      { maxItems: 100_000 },
    ), Type.Null()])),
    studyViewFilter: StudyViewFilterSchema,
  },
  { $id: 'NamespaceDataCountFilter', additionalProperties: true },
);

const NamespaceDataCountItemSchema = Type.Object(
  {
    ...keys,
    counts: Type.Array(Type.Object({ value: Type.String(), count: Type.Integer(), totalCount: Type.Integer() }, { $id: 'NamespaceDataCount' })),
  },
  { $id: 'NamespaceDataCountItem' },
);

/** cBioPortal answers a JSON null element for an attribute without values. */
export const NamespaceDataCountsSchema = Type.Array(Type.Union([NamespaceDataCountItemSchema, Type.Null()]));

// Both fields are required (bothSampleIdentifiersAndNamespaceAttributesPresent), checked in the route.
export const NamespaceAttributeCountFilterSchema = Type.Object(
  {
    sampleIdentifiers: Type.Optional(Type.Union([Type.Array(
      Type.Object({ studyId: Type.String(), sampleId: Type.String() }, { $id: 'SampleIdentifier', additionalProperties: true }),
      { minItems: 1, maxItems: 10_000_000, title: 'sampleIdentifiers' },
    ), Type.Null()])),
    namespaceAttributes: Type.Optional(Type.Union([Type.Array(
      Type.Object(keys, { $id: 'NamespaceAttribute', additionalProperties: true }), { maxItems: 100_000 },
    ), Type.Null()])),
  },
  { $id: 'NamespaceAttributeCountFilter', additionalProperties: true },
);

export const NamespaceAttributeCountSchema = Type.Object(
  { ...keys, count: Type.Integer() },
  { $id: 'NamespaceAttributeCount' },
);
