// TypeBox models of cBioPortal's DiscreteCopyNumberData, CopyNumberCount, CopyNumberSeg and
// their request bodies (api.md 15).
import { Type, type Static } from '@sinclair/typebox';
import { SAMPLE_MOLECULAR_FIELDS } from './common.js';
import { GeneSchema } from './genes.js';

/** Java Integer: larger numbers are a body error in the reference, not a lookup. */
const JavaInt = Type.Integer({ minimum: -2147483648, maximum: 2147483647 });

/** ID and SUMMARY are the same; drivers and namespaceColumns only on the event path; DETAILED adds gene. */
export const DiscreteCopyNumberDataSchema = Type.Object(
  {
    ...SAMPLE_MOLECULAR_FIELDS,
    entrezGeneId: Type.Integer(),
    alteration: Type.Integer(),
    driverFilter: Type.Optional(Type.String()),
    driverFilterAnnotation: Type.Optional(Type.String()),
    driverTiersFilter: Type.Optional(Type.String()),
    driverTiersFilterAnnotation: Type.Optional(Type.String()),
    // Raw stored JSON (api.md 1.2): any nested shape, nulls inside kept.
    namespaceColumns: Type.Optional(Type.Object({}, { additionalProperties: true })),
    gene: Type.Optional(GeneSchema),
  },
  { $id: 'DiscreteCopyNumberData' },
);

// Exactly one of sampleListId / sampleIds (eitherSampleListIdOrSampleIdsPresent), checked in the route.
export const DiscreteCopyNumberFilterSchema = Type.Object(
  {
    sampleListId: Type.Optional(Type.String()),
    sampleIds: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000 })),
    entrezGeneIds: Type.Optional(Type.Array(JavaInt, { minItems: 1, maxItems: 50_000 })),
  },
  { $id: 'DiscreteCopyNumberFilter', additionalProperties: false },
);
export type DiscreteCopyNumberFilter = Static<typeof DiscreteCopyNumberFilterSchema>;

export const CopyNumberCountIdentifierSchema = Type.Object(
  { entrezGeneId: JavaInt, alteration: JavaInt },
  { $id: 'CopyNumberCountIdentifier', additionalProperties: false },
);

export const CopyNumberCountSchema = Type.Object(
  {
    molecularProfileId: Type.String(),
    entrezGeneId: Type.Integer(),
    alteration: Type.Integer(),
    numberOfSamples: Type.Integer(),
    numberOfSamplesWithAlterationInGene: Type.Optional(Type.Integer()),
  },
  { $id: 'CopyNumberCount' },
);

/** Every projection has the same fields. */
export const CopyNumberSegSchema = Type.Object(
  {
    uniqueSampleKey: Type.String(),
    uniquePatientKey: Type.String(),
    studyId: Type.String(),
    sampleId: Type.String(),
    patientId: Type.String(),
    chromosome: Type.String(),
    start: Type.Integer(),
    end: Type.Integer(),
    numberOfProbes: Type.Integer(),
    segmentMean: Type.Number(),
  },
  { $id: 'CopyNumberSeg' },
);

export const SampleIdentifierSchema = Type.Object(
  { sampleId: Type.String(), studyId: Type.String() },
  { $id: 'SampleIdentifier', additionalProperties: false },
);
