// TypeBox models of cBioPortal's study objects (api.md 2.4, 4.1).
import { Type, type Static } from '@sinclair/typebox';
import { STUDY_DETAILED_COUNTS, RESOURCE_COUNT_FIELDS } from './common.js';

export const ResourceCountSchema = Type.Object(
  { ...RESOURCE_COUNT_FIELDS, cancerStudyIdentifier: Type.String() },
  { $id: 'ResourceCount' },
);

export const CancerStudyMetadataSchema = Type.Object(
  {
    studyId: Type.String(),
    cancerTypeId: Type.String(),
    name: Type.String(),
    description: Type.Optional(Type.String()),
    publicStudy: Type.Boolean(),
    pmid: Type.Optional(Type.String()),
    citation: Type.Optional(Type.String()),
    groups: Type.String(),
    status: Type.Integer(),
    importDate: Type.String(),
    referenceGenome: Type.String(),
    allSampleCount: Type.Integer(),
    ...STUDY_DETAILED_COUNTS,
    cancerType: Type.Optional(
      Type.Object({
        id: Type.String(),
        name: Type.Optional(Type.String()),
        dedicatedColor: Type.Optional(Type.String()),
        shortName: Type.Optional(Type.String()),
        parent: Type.Optional(Type.String()),
      }),
    ),
    readPermission: Type.Boolean(),
    resourceCounts: Type.Array(ResourceCountSchema),
  },
  { $id: 'CancerStudyMetadata' },
);
export type CancerStudyMetadata = Static<typeof CancerStudyMetadataSchema>;

export const ErrorSchema = Type.Object({ message: Type.String() }, { $id: 'ErrorMessage' });
