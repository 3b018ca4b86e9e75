// TypeBox model of cBioPortal's TypeOfCancer (api.md 2.4).
import { Type, type Static } from '@sinclair/typebox';

/** Only cancerTypeId under ID; the rest SUMMARY+. */
export const TypeOfCancerSchema = Type.Object(
  {
    cancerTypeId: Type.String(),
    name: Type.Optional(Type.String()),
    dedicatedColor: Type.Optional(Type.String()),
    shortName: Type.Optional(Type.String()),
    parent: Type.Optional(Type.String()),
  },
  { $id: 'TypeOfCancer' },
);
export type TypeOfCancer = Static<typeof TypeOfCancerSchema>;
