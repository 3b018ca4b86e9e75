// TypeBox models of the Study View per-gene count endpoints (study-view.md 4.8, 4.10).
import { Type } from '@sinclair/typebox';
import { GenomicDataCountSchema } from './study-view-counts.js';
import { StudyViewFilterSchema } from './study-view-filter.js';
import { opt } from './nullable.js';

export const GenomicDataCountFilterSchema = Type.Object(
  {
    genomicDataFilters: Type.Array(
      Type.Object({ hugoGeneSymbol: Type.String(), profileType: Type.String(), values: Type.Optional(Type.Unknown()) }, { additionalProperties: true, $id: 'GenomicDataFilter' }),
      { maxItems: 100_000 },
    ),
    studyViewFilter: StudyViewFilterSchema,
  },
  { $id: 'GenomicDataCountFilter', additionalProperties: true },
);

export const GenomicDataCountItemSchema = Type.Object(
  { hugoGeneSymbol: Type.String(), profileType: Type.String(), counts: Type.Array(GenomicDataCountSchema) },
  { $id: 'GenomicDataCountItem' },
);

export const MutationDataCountsQuerySchema = Type.Object(
  {
    projection: Type.Optional(Type.String({ default: 'SUMMARY' })),
    includeSampleIds: Type.Optional(Type.Boolean({ default: false })),
  },
  { additionalProperties: true },
);

export const GenericAssayDataCountFilterSchema = Type.Object(
  {
    genericAssayDataFilters: Type.Optional(Type.Union([Type.Array(
      Type.Object({ stableId: Type.String(), profileType: Type.String(), values: Type.Optional(Type.Unknown()) }, { additionalProperties: true, $id: 'GenericAssayDataFilter' }),
      { maxItems: 100_000 },
    ), Type.Null()])),
    profileType: opt(Type.String()),
    studyViewFilter: StudyViewFilterSchema,
  },
  { $id: 'GenericAssayDataCountFilter', additionalProperties: true },
);

export const GenericAssayDataCountItemSchema = Type.Object(
  {
    stableId: Type.String(),
    counts: Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() }, { $id: 'GenericAssayDataCount' })),
  },
  { $id: 'GenericAssayDataCountItem' },
);
