// TypeBox models of cBioPortal's Sample and SampleFilter (api.md 6).
import { Type, type Static } from '@sinclair/typebox';

/** Keys in every projection; sampleType SUMMARY+ (absent when unrecognised); the flags DETAILED. */
export const SampleSchema = Type.Object(
  {
    uniqueSampleKey: Type.String(),
    uniquePatientKey: Type.String(),
    sampleId: Type.String(),
    patientId: Type.String(),
    studyId: Type.String(),
    sampleType: Type.Optional(Type.String()),
    sequenced: Type.Optional(Type.Boolean()),
    copyNumberSegmentPresent: Type.Optional(Type.Boolean()),
  },
  { $id: 'Sample' },
);

const SampleIdentifierSchema = Type.Object(
  { sampleId: Type.String(), studyId: Type.String() },
  { $id: 'SampleIdentifier', additionalProperties: false },
);

const list = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Optional(Type.Array(item, { minItems: 1, maxItems: 10_000_000 }));

// Exactly one of the three (rule onlyOneTypeOfFilterPresent, checked in the route); cBioPortal's
// reader rejects unknown properties (api.md 1.7).
export const SampleFilterSchema = Type.Object(
  {
    sampleIdentifiers: list(SampleIdentifierSchema),
    sampleListIds: list(Type.String()),
    uniqueSampleKeys: list(Type.String()),
  },
  { $id: 'SampleFilter', additionalProperties: false },
);
export type SampleFilter = Static<typeof SampleFilterSchema>;
