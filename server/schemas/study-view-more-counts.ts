// TypeBox models of further Study View count endpoints (study-view.md 4.16, 4.17, 4.24).
import { Type } from '@sinclair/typebox';
import { opt } from './nullable.js';

export const ClinicalEventTypeCountSchema = Type.Object(
  { eventType: Type.String(), count: Type.Integer() },
  { $id: 'ClinicalEventTypeCount' },
);

// Exactly one of sampleIdentifiers / sampleListId, checked in the route.
export const ClinicalAttributeCountFilterSchema = Type.Object(
  {
    sampleIdentifiers: opt(Type.Array(
      Type.Object({ studyId: Type.String(), sampleId: Type.String() }, { additionalProperties: true, $id: 'SampleIdentifier' }),
      { minItems: 1, maxItems: 10_000_000 },
    )),
    sampleListId: opt(Type.String()),
  },
  { $id: 'ClinicalAttributeCountFilter', additionalProperties: true },
);

export const ClinicalAttributeCountSchema = Type.Object(
  { clinicalAttributeId: Type.String(), count: Type.Integer() },
  { $id: 'ClinicalAttributeCount' },
);

export const AlterationCountByStructuralVariantSchema = Type.Object(
  {
    gene1EntrezGeneId: Type.Optional(Type.Integer()),
    gene1HugoGeneSymbol: Type.Optional(Type.String()),
    gene2EntrezGeneId: Type.Optional(Type.Integer()),
    gene2HugoGeneSymbol: Type.Optional(Type.String()),
    numberOfAlteredCases: Type.Integer(),
    totalCount: Type.Integer(),
    numberOfProfiledCases: Type.Integer(),
    matchingGenePanelIds: Type.Array(Type.String()),
    uniqueEventKey: Type.String(),
    hugoGeneSymbols: Type.Array(Type.String()),
    entrezGeneIds: Type.Array(Type.Integer()),
  },
  { $id: 'AlterationCountByStructuralVariant' },
);
