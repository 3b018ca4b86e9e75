// TypeBox models of the Study View treatment endpoints (study-view.md 4.18, 8).
import { Type } from '@sinclair/typebox';
import { literalUnion } from '../params.js';

export const TreatmentTier = literalUnion(['Agent', 'AgentClass', 'AgentTarget'] as const, {
  description: 'Treatment tier: the clinical event key holding the treatment (AGENT, AGENT_CLASS, AGENT_TARGET)',
});

export const ClinicalEventSampleSchema = Type.Object(
  {
    patientId: Type.String(),
    sampleId: Type.String(),
    studyId: Type.String(),
    timeTaken: Type.Optional(Type.Integer()),
  },
  { $id: 'ClinicalEventSample' },
);

const samples = Type.Array(ClinicalEventSampleSchema);

export const SampleTreatmentRowSchema = Type.Object(
  { time: literalUnion(['Pre', 'Post'] as const), treatment: Type.String(), count: Type.Integer(), samples },
  { $id: 'SampleTreatmentRow' },
);

export const PatientTreatmentRowSchema = Type.Object(
  { treatment: Type.String(), count: Type.Integer(), samples },
  { $id: 'PatientTreatmentRow' },
);

export const PatientTreatmentReportSchema = Type.Object(
  {
    totalPatients: Type.Integer(),
    totalSamples: Type.Integer(),
    patientTreatments: Type.Array(Type.Object({ treatment: Type.String(), count: Type.Integer() }, { $id: 'PatientTreatment' })),
  },
  { $id: 'PatientTreatmentReport' },
);

export const SampleTreatmentReportSchema = Type.Object(
  { totalSamples: Type.Integer(), treatments: Type.Array(SampleTreatmentRowSchema) },
  { $id: 'SampleTreatmentReport' },
);

/** display-patient / display-sample body: a set of study ids (1..10000000; duplicates are merged). */
export const StudyIdSetSchema = Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000, description: 'List of Study IDs' });
