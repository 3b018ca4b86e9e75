// TypeBox models of cBioPortal's generic assay objects (api.md 20): GenericAssayMeta,
// GenericAssayData and their filters.
import { Type, type Static } from '@sinclair/typebox';
import { SAMPLE_MOLECULAR_FIELDS } from './common.js';
import { SampleMolecularIdentifierSchema } from './molecular-data.js';

const LIST = { minItems: 1, maxItems: 10_000_000 };

/** ID: stableId only. */
export const GenericAssayMetaSchema = Type.Object(
  {
    stableId: Type.String(),
    entityType: Type.Optional(Type.String()),
    genericEntityMetaProperties: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { $id: 'GenericAssayMeta' },
);

export const GenericAssayMetaFilterSchema = Type.Object(
  {
    molecularProfileIds: Type.Optional(Type.Array(Type.String(), LIST)),
    genericAssayStableIds: Type.Optional(Type.Array(Type.String(), LIST)),
  },
  { $id: 'GenericAssayMetaFilter', additionalProperties: false },
);
export type GenericAssayMetaFilter = Static<typeof GenericAssayMetaFilterSchema>;

export const GenericAssayDataSchema = Type.Object(
  {
    ...SAMPLE_MOLECULAR_FIELDS,
    genericAssayStableId: Type.String(),
    stableId: Type.String(),
    value: Type.String(),
    patientLevel: Type.Boolean(),
  },
  { $id: 'GenericAssayData' },
);

// Exactly one of sampleListId / sampleIds (eitherSampleListIdOrSampleIdsPresent), checked in the route.
export const GenericAssayFilterSchema = Type.Object(
  {
    sampleListId: Type.Optional(Type.String()),
    sampleIds: Type.Optional(Type.Array(Type.String(), LIST)),
    genericAssayStableIds: Type.Optional(Type.Array(Type.String(), LIST)),
  },
  { $id: 'GenericAssayFilter', additionalProperties: false },
);
export type GenericAssayFilter = Static<typeof GenericAssayFilterSchema>;

// Exactly one of the two lists (eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent), checked in the route.
export const GenericAssayDataMultipleStudyFilterSchema = Type.Object(
  {
    molecularProfileIds: Type.Optional(Type.Array(Type.String(), LIST)),
    sampleMolecularIdentifiers: Type.Optional(Type.Array(SampleMolecularIdentifierSchema, LIST)),
    genericAssayStableIds: Type.Optional(Type.Array(Type.String(), LIST)),
  },
  { $id: 'GenericAssayDataMultipleStudyFilter', additionalProperties: false },
);
export type GenericAssayDataMultipleStudyFilter = Static<typeof GenericAssayDataMultipleStudyFilterSchema>;
