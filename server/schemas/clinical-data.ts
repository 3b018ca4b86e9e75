// TypeBox models of cBioPortal's ClinicalData and its two fetch filters (api.md 9).
import { Type, type Static } from '@sinclair/typebox';
import { ClinicalAttributeSchema } from './clinical-attributes.js';

const ids = (description: string) => Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000, description });

/** Sample-level items carry sampleId and uniqueSampleKey; `value` is absent under ID. */
export const ClinicalDataSchema = Type.Object(
  {
    clinicalAttributeId: Type.String(),
    sampleId: Type.Optional(Type.String()),
    patientId: Type.String(),
    studyId: Type.String(),
    uniqueSampleKey: Type.Optional(Type.String()),
    uniquePatientKey: Type.String(),
    value: Type.Optional(Type.String()),
    clinicalAttribute: Type.Optional(ClinicalAttributeSchema),
    patientAttribute: Type.Optional(Type.Boolean()),
  },
  { $id: 'ClinicalData' },
);

// cBioPortal's reader rejects unknown properties in these bodies (api.md 1.7).
export const ClinicalDataSingleStudyFilterSchema = Type.Object(
  {
    ids: Type.Optional(ids('Sample ids (SAMPLE) or patient ids (PATIENT); absent means every entity of the study')),
    attributeIds: Type.Optional(ids('Clinical attribute ids; absent means all')),
  },
  { $id: 'ClinicalDataSingleStudyFilter', additionalProperties: false },
);
export type ClinicalDataSingleStudyFilter = Static<typeof ClinicalDataSingleStudyFilterSchema>;

export const ClinicalDataIdentifierSchema = Type.Object(
  { entityId: Type.String(), studyId: Type.String() },
  { $id: 'ClinicalDataIdentifier', additionalProperties: false },
);

export const ClinicalDataMultiStudyFilterSchema = Type.Object(
  {
    identifiers: Type.Array(ClinicalDataIdentifierSchema, { minItems: 1, maxItems: 10_000_000 }),
    attributeIds: Type.Optional(ids('Clinical attribute ids; absent means all')),
  },
  { $id: 'ClinicalDataMultiStudyFilter', additionalProperties: false },
);
export type ClinicalDataMultiStudyFilter = Static<typeof ClinicalDataMultiStudyFilterSchema>;
