// TypeBox models of cBioPortal's VirtualStudyData (the request) and VirtualStudy (api.md 27.1);
// VirtualStudyData ignores unknown properties (api.md 1.7).
import { Type, type Static } from '@sinclair/typebox';
import { StudyViewFilterSchema } from './study-view-filter.js';

const open = { additionalProperties: true };

export const VirtualStudyDataSchema = Type.Object({
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  studies: Type.Optional(Type.Array(Type.Object({ id: Type.Optional(Type.String()), samples: Type.Optional(Type.Array(Type.String())) }, open))),
  studyViewFilter: Type.Optional(StudyViewFilterSchema),
  dynamic: Type.Optional(Type.Boolean()),
  typeOfCancerId: Type.Optional(Type.String()),
  pmid: Type.Optional(Type.String()),
}, { ...open, $id: 'VirtualStudyData' });

export const VirtualStudySchema = Type.Object({
  id: Type.String(),
  data: Type.Object({
    name: Type.String(),
    description: Type.Optional(Type.String()),
    studies: Type.Array(Type.Object({ id: Type.String(), samples: Type.Array(Type.String()) })),
    studyViewFilter: Type.Optional(Type.Object({}, open)),
    origin: Type.Array(Type.String()),
    typeOfCancerId: Type.Optional(Type.String()),
    pmid: Type.Optional(Type.String()),
    dynamic: Type.Optional(Type.Boolean()),
  }),
}, { $id: 'VirtualStudy' });
export type VirtualStudy = Static<typeof VirtualStudySchema>;
