// TypeBox models of cBioPortal's NumericGeneMolecularData and its two filters (api.md 13).
import { Type, type Static } from '@sinclair/typebox';
import { GeneSchema } from './genes.js';

const LIST = { minItems: 1, maxItems: 10_000_000 };
/** Java Integer: larger ids are a body error in the reference, not a lookup. */
const EntrezId = Type.Integer({ minimum: -2147483648, maximum: 2147483647 });

/** ID and SUMMARY are the same; DETAILED adds gene. */
export const NumericGeneMolecularDataSchema = Type.Object(
  {
    uniqueSampleKey: Type.String(),
    uniquePatientKey: Type.String(),
    entrezGeneId: Type.Integer(),
    molecularProfileId: Type.String(),
    sampleId: Type.String(),
    patientId: Type.String(),
    studyId: Type.String(),
    value: Type.Number(),
    gene: Type.Optional(GeneSchema),
  },
  { $id: 'NumericGeneMolecularData' },
);

// Exactly one of sampleListId / sampleIds (eitherSampleListIdOrSampleIdsPresent), checked in the route.
export const MolecularDataFilterSchema = Type.Object(
  {
    sampleListId: Type.Optional(Type.String()),
    sampleIds: Type.Optional(Type.Array(Type.String(), LIST)),
    entrezGeneIds: Type.Optional(Type.Array(EntrezId, LIST)),
  },
  { $id: 'MolecularDataFilter', additionalProperties: false },
);
export type MolecularDataFilter = Static<typeof MolecularDataFilterSchema>;

export const SampleMolecularIdentifierSchema = Type.Object(
  { molecularProfileId: Type.String(), sampleId: Type.String() },
  { $id: 'SampleMolecularIdentifier', additionalProperties: false },
);

// Exactly one of the two lists (eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent), checked in the route.
export const MolecularDataMultipleStudyFilterSchema = Type.Object(
  {
    molecularProfileIds: Type.Optional(Type.Array(Type.String(), LIST)),
    sampleMolecularIdentifiers: Type.Optional(Type.Array(SampleMolecularIdentifierSchema, LIST)),
    entrezGeneIds: Type.Optional(Type.Array(EntrezId, LIST)),
  },
  { $id: 'MolecularDataMultipleStudyFilter', additionalProperties: false },
);
export type MolecularDataMultipleStudyFilter = Static<typeof MolecularDataMultipleStudyFilterSchema>;
