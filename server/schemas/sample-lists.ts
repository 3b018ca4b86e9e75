// TypeBox model of cBioPortal's SampleList (api.md 7).
import { Type } from '@sinclair/typebox';

/** sampleListId only under ID; sampleCount and sampleIds under DETAILED (and the single GET). */
export const SampleListSchema = Type.Object(
  {
    sampleListId: Type.String(),
    category: Type.Optional(Type.String()),
    studyId: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    sampleCount: Type.Optional(Type.Integer()),
    sampleIds: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'SampleList' },
);
