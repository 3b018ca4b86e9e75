// TypeBox models of cBioPortal's Mutation, its filters, MutationSpectrum, MutationCountByPosition
// and VariantCount (api.md 14). Streamed answers are serialised item by item with MutationSchema.
import { Type, type Static } from '@sinclair/typebox';
import { SAMPLE_MOLECULAR_FIELDS } from './common.js';
import { GeneSchema } from './genes.js';
import { SampleMolecularIdentifierSchema } from './molecular-data.js';

const LIST = { minItems: 1, maxItems: 10_000_000 };
/** Java Integer: larger ids are a body error in the reference, not a lookup. */
const Int32 = Type.Integer({ minimum: -2147483648, maximum: 2147483647 });

export const AlleleSpecificCopyNumberSchema = Type.Object(
  {
    ascnIntegerCopyNumber: Type.Optional(Type.Integer()),
    ascnMethod: Type.Optional(Type.String()),
    ccfExpectedCopiesUpper: Type.Optional(Type.Number()),
    ccfExpectedCopies: Type.Optional(Type.Number()),
    clonal: Type.Optional(Type.String()),
    minorCopyNumber: Type.Optional(Type.Integer()),
    expectedAltCopies: Type.Optional(Type.Integer()),
    totalCopyNumber: Type.Optional(Type.Integer()),
  },
  { $id: 'AlleleSpecificCopyNumber' },
);

/** ID: the ids; SUMMARY adds the MAF fields; DETAILED adds gene and alleleSpecificCopyNumber. */
export const MutationSchema = Type.Object(
  {
    uniqueSampleKey: Type.String(),
    uniquePatientKey: Type.String(),
    molecularProfileId: Type.String(),
    sampleId: Type.String(),
    patientId: Type.String(),
    entrezGeneId: Type.Integer(),
    studyId: Type.String(),
    center: Type.Optional(Type.String()),
    mutationStatus: Type.Optional(Type.String()),
    validationStatus: Type.Optional(Type.String()),
    tumorAltCount: Type.Optional(Type.Integer()),
    tumorRefCount: Type.Optional(Type.Integer()),
    normalAltCount: Type.Optional(Type.Integer()),
    normalRefCount: Type.Optional(Type.Integer()),
    aminoAcidChange: Type.Optional(Type.String()),
    chr: Type.Optional(Type.String()),
    startPosition: Type.Optional(Type.Integer()),
    endPosition: Type.Optional(Type.Integer()),
    referenceAllele: Type.Optional(Type.String()),
    variantAllele: Type.Optional(Type.String()),
    proteinChange: Type.Optional(Type.String()),
    mutationType: Type.Optional(Type.String()),
    ncbiBuild: Type.Optional(Type.String()),
    variantType: Type.Optional(Type.String()),
    refseqMrnaId: Type.Optional(Type.String()),
    proteinPosStart: Type.Optional(Type.Integer()),
    proteinPosEnd: Type.Optional(Type.Integer()),
    keyword: Type.Optional(Type.String()),
    driverFilter: Type.Optional(Type.String()),
    driverFilterAnnotation: Type.Optional(Type.String()),
    driverTiersFilter: Type.Optional(Type.String()),
    driverTiersFilterAnnotation: Type.Optional(Type.String()),
    // Any JSON object, written as stored (nested nulls included).
    namespaceColumns: Type.Optional(Type.Object({}, { additionalProperties: true })),
    gene: Type.Optional(GeneSchema),
    alleleSpecificCopyNumber: Type.Optional(AlleleSpecificCopyNumberSchema),
  },
  { $id: 'Mutation' },
);

// Exactly one of sampleListId / sampleIds (eitherSampleListIdOrSampleIdsPresent), checked in the route.
export const MutationFilterSchema = Type.Object(
  {
    sampleListId: Type.Optional(Type.String()),
    sampleIds: Type.Optional(Type.Array(Type.String(), LIST)),
    entrezGeneIds: Type.Optional(Type.Array(Int32, LIST)),
  },
  { $id: 'MutationFilter', additionalProperties: false },
);
export type MutationFilter = Static<typeof MutationFilterSchema>;

// Exactly one of the two lists (eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent), checked in the route.
export const MutationMultipleStudyFilterSchema = Type.Object(
  {
    // No size constraint in the reference (an empty list is a 500 there; here it is []).
    molecularProfileIds: Type.Optional(Type.Array(Type.String())),
    sampleMolecularIdentifiers: Type.Optional(Type.Array(SampleMolecularIdentifierSchema, LIST)),
    entrezGeneIds: Type.Optional(Type.Array(Int32, LIST)),
  },
  { $id: 'MutationMultipleStudyFilter', additionalProperties: false },
);

export const MutationSpectrumFilterSchema = Type.Object(
  {
    sampleListId: Type.Optional(Type.String()),
    sampleIds: Type.Optional(Type.Array(Type.String(), LIST)),
  },
  { $id: 'MutationSpectrumFilter', additionalProperties: false },
);

export const MutationSpectrumSchema = Type.Object(
  {
    ...SAMPLE_MOLECULAR_FIELDS,
    CtoA: Type.Integer(),
    CtoG: Type.Integer(),
    CtoT: Type.Integer(),
    TtoA: Type.Integer(),
    TtoC: Type.Integer(),
    TtoG: Type.Integer(),
  },
  { $id: 'MutationSpectrum' },
);

export const MutationPositionIdentifierSchema = Type.Object(
  { entrezGeneId: Int32, proteinPosStart: Int32, proteinPosEnd: Int32 },
  { $id: 'MutationPositionIdentifier', additionalProperties: false },
);

export const MutationCountByPositionSchema = Type.Object(
  { entrezGeneId: Type.Integer(), proteinPosStart: Type.Integer(), proteinPosEnd: Type.Integer(), count: Type.Integer() },
  { $id: 'MutationCountByPosition' },
);

export const VariantCountIdentifierSchema = Type.Object(
  // null first: ajv's type coercion would turn a null keyword into "" for a plain string.
  { entrezGeneId: Int32, keyword: Type.Optional(Type.Union([Type.Null(), Type.String()])) },
  { $id: 'VariantCountIdentifier', additionalProperties: false },
);

export const VariantCountSchema = Type.Object(
  {
    molecularProfileId: Type.String(),
    entrezGeneId: Type.Integer(),
    keyword: Type.Optional(Type.String()),
    numberOfSamples: Type.Integer(),
    numberOfSamplesWithMutationInGene: Type.Integer(),
    numberOfSamplesWithKeyword: Type.Integer(),
  },
  { $id: 'VariantCount' },
);
