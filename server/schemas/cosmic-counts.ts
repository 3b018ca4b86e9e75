// TypeBox model of cBioPortal's CosmicMutation (the COSMIC column of the front end's mutation tables).
import { Type, type Static } from '@sinclair/typebox';

export const CosmicMutationSchema = Type.Object(
  {
    cosmicMutationId: Type.String(),
    count: Type.Integer(),
    keyword: Type.Optional(Type.String()),
    proteinChange: Type.String(),
  },
  { $id: 'CosmicMutation' },
);
export type CosmicMutation = Static<typeof CosmicMutationSchema>;
