// TypeBox models of cBioPortal's CoExpressionFilter and CoExpression (api.md 22.2).
import { Type, type Static } from '@sinclair/typebox';

// Exactly one of sampleListId / sampleIds and of entrezGeneId / genesetId: checked in the route.
export const CoExpressionFilterSchema = Type.Object(
  {
    sampleListId: Type.Optional(Type.String()),
    sampleIds: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000 })),
    entrezGeneId: Type.Optional(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
    genesetId: Type.Optional(Type.String()),
  },
  { $id: 'CoExpressionFilter', additionalProperties: false },
);
export type CoExpressionFilter = Static<typeof CoExpressionFilterSchema>;

/** ρ and p are always written, null for genes failing the data-quality tests (api.md 1.2). */
export const CoExpressionSchema = Type.Object(
  {
    geneticEntityId: Type.String(),
    geneticEntityType: Type.String(),
    spearmansCorrelation: Type.Union([Type.Number(), Type.Null()]),
    pValue: Type.Union([Type.Number(), Type.Null()]),
  },
  { $id: 'CoExpression' },
);
