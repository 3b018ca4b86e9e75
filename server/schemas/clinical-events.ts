// TypeBox models of cBioPortal's ClinicalEvent and the bodies of clinical-events-meta and
// survival-data fetches (api.md 10).
import { Type, type Static } from '@sinclair/typebox';

export const ClinicalEventDataSchema = Type.Object(
  { key: Type.Optional(Type.String()), value: Type.Optional(Type.String()) },
  { $id: 'ClinicalEventData' },
);

/** ID projection: eventType, patientId, studyId, uniquePatientKey; items of the meta fetch carry no ids. */
export const ClinicalEventSchema = Type.Object(
  {
    eventType: Type.String(),
    patientId: Type.Optional(Type.String()),
    studyId: Type.Optional(Type.String()),
    uniquePatientKey: Type.Optional(Type.String()),
    startNumberOfDaysSinceDiagnosis: Type.Optional(Type.Integer()),
    endNumberOfDaysSinceDiagnosis: Type.Optional(Type.Integer()),
    attributes: Type.Optional(Type.Array(ClinicalEventDataSchema)),
  },
  { $id: 'ClinicalEvent' },
);

export const PatientIdentifierSchema = Type.Object(
  { patientId: Type.String(), studyId: Type.String() },
  { $id: 'PatientIdentifier', additionalProperties: false },
);

const patientIdentifiers = Type.Array(PatientIdentifierSchema, { minItems: 1, maxItems: 10_000_000 });

export const ClinicalEventRequestSchema = Type.Object(
  { eventType: Type.String(), attributes: Type.Optional(Type.Array(ClinicalEventDataSchema)) },
  { $id: 'ClinicalEventRequest' },
);
export type ClinicalEventRequest = Static<typeof ClinicalEventRequestSchema>;

export const ClinicalEventAttributeRequestSchema = Type.Object(
  { patientIdentifiers, clinicalEventRequests: Type.Array(ClinicalEventRequestSchema) },
  { $id: 'ClinicalEventAttributeRequest', additionalProperties: false },
);

export const ClinicalEventRequestIdentifierSchema = Type.Object(
  {
    // Absent is read as empty (every event); the reference fails with 500 there.
    clinicalEventRequests: Type.Optional(Type.Array(ClinicalEventRequestSchema, { maxItems: 10_000_000 })),
    position: Type.Union([Type.Literal('FIRST'), Type.Literal('LAST')]),
  },
  { $id: 'ClinicalEventRequestIdentifier' },
);

export const SurvivalRequestSchema = Type.Object(
  {
    patientIdentifiers,
    attributeIdPrefix: Type.String(),
    startEventRequestIdentifier: ClinicalEventRequestIdentifierSchema,
    // Required here: the reference dereferences it unconditionally (a 500 when absent).
    endEventRequestIdentifier: ClinicalEventRequestIdentifierSchema,
    censoredEventRequestIdentifier: Type.Optional(ClinicalEventRequestIdentifierSchema),
  },
  { $id: 'SurvivalRequest', additionalProperties: false },
);
export type SurvivalRequest = Static<typeof SurvivalRequestSchema>;
