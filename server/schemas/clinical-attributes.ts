// TypeBox model of cBioPortal's ClinicalAttribute (api.md 8).
import { Type, type Static } from '@sinclair/typebox';

/** Fields beyond the ID set (description, datatype, priority) are SUMMARY+; null ones are absent. */
export const ClinicalAttributeSchema = Type.Object(
  {
    clinicalAttributeId: Type.String(),
    studyId: Type.String(),
    displayName: Type.Optional(Type.String()),
    patientAttribute: Type.Boolean(),
    description: Type.Optional(Type.String()),
    datatype: Type.Optional(Type.String()),
    // Text, not a number: cBioPortal stores and serialises the priority as a string.
    priority: Type.Optional(Type.String()),
  },
  { $id: 'ClinicalAttribute' },
);
export type ClinicalAttribute = Static<typeof ClinicalAttributeSchema>;
