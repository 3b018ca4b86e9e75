// TypeBox models of cBioPortal's StructuralVariant and StructuralVariantFilter (api.md 16).
import { Type, type Static } from '@sinclair/typebox';
import { SAMPLE_MOLECULAR_FIELDS } from './common.js';
import { SampleMolecularIdentifierSchema } from './molecular-data.js';

const LIST = { maxItems: 10_000_000 };
const JavaInt = Type.Integer({ minimum: -2147483648, maximum: 2147483647 });

/**
 * One site of a query: exactly one of entrezId / hugoSymbol / specialValue, checked in the route
 * (the reference's message: "Should contain only one EntrezId, hugoSymbol or specialValue.").
 */
export const StructuralVariantGeneSubQuerySchema = Type.Object(
  {
    entrezId: Type.Optional(JavaInt),
    hugoSymbol: Type.Optional(Type.String()),
    specialValue: Type.Optional(Type.Union([Type.Literal('ANY_GENE'), Type.Literal('NO_GENE')])),
  },
  { $id: 'StructuralVariantGeneSubQuery', additionalProperties: false },
);
export type StructuralVariantGeneSubQuery = Static<typeof StructuralVariantGeneSubQuerySchema>;

export const StructuralVariantQuerySchema = Type.Object(
  { gene1: StructuralVariantGeneSubQuerySchema, gene2: StructuralVariantGeneSubQuerySchema },
  { $id: 'StructuralVariantQuery', additionalProperties: false },
);

// Exactly one of molecularProfileIds / sampleMolecularIdentifiers is non-empty
// (eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent), checked in the route.
export const StructuralVariantFilterSchema = Type.Object(
  {
    molecularProfileIds: Type.Optional(Type.Array(Type.String(), LIST)),
    sampleMolecularIdentifiers: Type.Optional(Type.Array(SampleMolecularIdentifierSchema, LIST)),
    entrezGeneIds: Type.Optional(Type.Array(JavaInt, LIST)),
    structuralVariantQueries: Type.Optional(Type.Array(StructuralVariantQuerySchema, LIST)),
  },
  { $id: 'StructuralVariantFilter', additionalProperties: false },
);
export type StructuralVariantFilter = Static<typeof StructuralVariantFilterSchema>;

const str = () => Type.Optional(Type.String());
const int = () => Type.Optional(Type.Integer());

/** Fields are present when stored; text columns hold 'NA' and integer columns -1 for "unknown". */
export const StructuralVariantSchema = Type.Object(
  {
    ...SAMPLE_MOLECULAR_FIELDS,
    site1EntrezGeneId: int(),
    site1HugoSymbol: str(),
    site1EnsemblTranscriptId: str(),
    site1Chromosome: str(),
    site1Position: int(),
    site1Contig: str(),
    site1Region: str(),
    site1RegionNumber: int(),
    site1Description: str(),
    site2EntrezGeneId: int(),
    site2HugoSymbol: str(),
    site2EnsemblTranscriptId: str(),
    site2Chromosome: str(),
    site2Position: int(),
    site2Contig: str(),
    site2Region: str(),
    site2RegionNumber: int(),
    site2Description: str(),
    site2EffectOnFrame: str(),
    ncbiBuild: str(),
    dnaSupport: str(),
    rnaSupport: str(),
    normalReadCount: int(),
    tumorReadCount: int(),
    normalVariantCount: int(),
    tumorVariantCount: int(),
    normalPairedEndReadCount: int(),
    tumorPairedEndReadCount: int(),
    normalSplitReadCount: int(),
    tumorSplitReadCount: int(),
    annotation: str(),
    breakpointType: str(),
    connectionType: str(),
    eventInfo: str(),
    variantClass: str(),
    length: int(),
    comments: str(),
    svStatus: str(),
    driverFilter: str(),
    driverFilterAnn: str(),
    driverTiersFilter: str(),
    driverTiersFilterAnn: str(),
    // Raw stored JSON (api.md 1.2): any nested shape, nulls inside kept.
    namespaceColumns: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { $id: 'StructuralVariant' },
);
