// TypeBox models of cBioPortal's Patient and PatientFilter (api.md 5).
import { Type, type Static } from '@sinclair/typebox';
import { CancerStudySchema } from './studies.js';

/** uniquePatientKey in list answers only; cancerStudy under DETAILED. */
export const PatientSchema = Type.Object(
  {
    uniquePatientKey: Type.Optional(Type.String()),
    patientId: Type.String(),
    studyId: Type.String(),
    cancerStudy: Type.Optional(CancerStudySchema),
  },
  { $id: 'Patient' },
);

const PatientIdentifierSchema = Type.Object(
  { patientId: Type.String(), studyId: Type.String() },
  { $id: 'PatientIdentifier', additionalProperties: false },
);

// Exactly one list (rule eitherPatientIdentifiersOrUniquePatientKeysPresent, checked in the route);
// cBioPortal's reader rejects unknown properties (api.md 1.7).
export const PatientFilterSchema = Type.Object(
  {
    patientIdentifiers: Type.Optional(Type.Array(PatientIdentifierSchema, { minItems: 1, maxItems: 10_000_000 })),
    uniquePatientKeys: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000 })),
  },
  { $id: 'PatientFilter', additionalProperties: false },
);
export type PatientFilter = Static<typeof PatientFilterSchema>;
