// TypeBox models of cBioPortal's GenePanel, GenePanelData and the gene panel data filters (api.md 18).
import { Type, type Static } from '@sinclair/typebox';
import { SAMPLE_MOLECULAR_FIELDS } from './common.js';
import { SampleMolecularIdentifierSchema } from './molecular-data.js';

export const GenePanelToGeneSchema = Type.Object(
  { entrezGeneId: Type.Integer(), hugoGeneSymbol: Type.String() },
  { $id: 'GenePanelToGene' },
);

/** ID: genePanelId; SUMMARY adds description; DETAILED (and the single GET) adds genes. */
export const GenePanelSchema = Type.Object(
  {
    genePanelId: Type.String(),
    description: Type.Optional(Type.String()),
    genes: Type.Optional(Type.Array(GenePanelToGeneSchema)),
  },
  { $id: 'GenePanel' },
);

export const GenePanelDataSchema = Type.Object(
  {
    ...SAMPLE_MOLECULAR_FIELDS,
    genePanelId: Type.Optional(Type.String()),
    profiled: Type.Boolean(),
  },
  { $id: 'GenePanelData' },
);

// Exactly one of sampleListId / sampleIds (eitherSampleListIdOrSampleIdsPresent), checked in the route.
export const GenePanelDataFilterSchema = Type.Object(
  {
    sampleListId: Type.Optional(Type.String()),
    sampleIds: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000 })),
  },
  { $id: 'GenePanelDataFilter', additionalProperties: false },
);
export type GenePanelDataFilter = Static<typeof GenePanelDataFilterSchema>;

// Exactly one of the two (eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent); empty lists are allowed.
export const GenePanelDataMultipleStudyFilterSchema = Type.Object(
  {
    molecularProfileIds: Type.Optional(Type.Array(Type.String(), { maxItems: 10_000_000 })),
    sampleMolecularIdentifiers: Type.Optional(Type.Array(SampleMolecularIdentifierSchema, { maxItems: 10_000_000 })),
  },
  { $id: 'GenePanelDataMultipleStudyFilter', additionalProperties: false },
);
export type GenePanelDataMultipleStudyFilter = Static<typeof GenePanelDataMultipleStudyFilterSchema>;
