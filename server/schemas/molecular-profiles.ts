// TypeBox models of cBioPortal's MolecularProfile, its nested study and MolecularProfileFilter (api.md 12, 2.5).
import { Type, type Static } from '@sinclair/typebox';
import { STUDY_FIRST_BLOCK } from './common.js';

const ids = (description: string) => Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000, description });

/** The classic nested study of Patient.cancerStudy / MolecularProfile.study (api.md 2.5, first block). */
// cBioPortal's CancerStudy, of which a profile's study (DETAILED) has the first fields.
export const NestedCancerStudySchema = Type.Object({
  ...STUDY_FIRST_BLOCK,
  readPermission: Type.Boolean(),
}, { $id: 'CancerStudy' });

export const MolecularProfileSchema = Type.Object(
  {
    molecularProfileId: Type.String(),
    studyId: Type.String(),
    molecularAlterationType: Type.Optional(Type.String()),
    datatype: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    showProfileInAnalysisTab: Type.Optional(Type.Boolean()),
    pivotThreshold: Type.Optional(Type.Number()),
    sortOrder: Type.Optional(Type.String()),
    genericAssayType: Type.Optional(Type.String()),
    patientLevel: Type.Optional(Type.Boolean()),
    study: Type.Optional(NestedCancerStudySchema),
  },
  { $id: 'MolecularProfile' },
);

// Exactly one of the two (eitherStudyIdsOrMolecularProfileIdsPresent) is checked in the route.
export const MolecularProfileFilterSchema = Type.Object(
  {
    studyIds: Type.Optional(ids('All profiles of these studies')),
    molecularProfileIds: Type.Optional(ids('Molecular profile ids')),
  },
  { $id: 'MolecularProfileFilter', additionalProperties: false },
);
export type MolecularProfileFilter = Static<typeof MolecularProfileFilterSchema>;
