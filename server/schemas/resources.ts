// TypeBox models of cBioPortal's ResourceDefinition and ResourceData (api.md 11).
import { Type } from '@sinclair/typebox';

/** ID: resourceId, studyId, displayName; SUMMARY/DETAILED add the rest. */
export const ResourceDefinitionSchema = Type.Object(
  {
    resourceId: Type.String(),
    studyId: Type.String(),
    displayName: Type.String(),
    description: Type.Optional(Type.String()),
    resourceType: Type.Optional(Type.Union([Type.Literal('STUDY'), Type.Literal('SAMPLE'), Type.Literal('PATIENT')])),
    priority: Type.Optional(Type.String()),
    openByDefault: Type.Optional(Type.Boolean()),
    customMetaData: Type.Optional(Type.String()),
  },
  { $id: 'ResourceDefinition' },
);

/** Keys and ids only for the owner kind (sample / patient / study); url from SUMMARY on. */
export const ResourceDataSchema = Type.Object(
  {
    uniqueSampleKey: Type.Optional(Type.String()),
    uniquePatientKey: Type.Optional(Type.String()),
    sampleId: Type.Optional(Type.String()),
    patientId: Type.Optional(Type.String()),
    studyId: Type.String(),
    resourceId: Type.String(),
    url: Type.Optional(Type.String()),
    resourceDefinition: Type.Optional(ResourceDefinitionSchema),
  },
  { $id: 'ResourceData' },
);
