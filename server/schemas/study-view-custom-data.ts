// TypeBox models of the custom data endpoints (study-view.md 4.5, 4.7): cBioPortal's
// ClinicalDataCountFilter / ClinicalDataBinCountFilter, whose attributes may carry their dataset
// inline (our stand-in for cBioPortal's session service; same shape as customDataFilters).
import { Type } from '@sinclair/typebox';
import { dataBinFilterFields } from './study-view-bins.js';
import { StudyViewFilterSchema } from './study-view-filter.js';
import { opt } from './nullable.js';

const open = { additionalProperties: true };

const customDataFields = {
  datatype: opt(Type.String()),
  displayName: opt(Type.String()),
  patientAttribute: opt(Type.Boolean({ description: 'count patients instead of samples' })),
  samples: opt(Type.Array(
    Type.Object({ studyId: Type.String(), sampleId: Type.String(), value: opt(Type.String()) }, open),
    { maxItems: 1_000_000, description: 'the custom dataset: one value per sample' },
  )),
};

export const CustomDataCountFilterSchema = Type.Object(
  {
    attributes: Type.Array(
      Type.Object({ attributeId: Type.String(), values: Type.Optional(Type.Unknown()), ...customDataFields }, { ...open, $id: 'ClinicalDataFilter' }),
      { maxItems: 10_000 },
    ),
    studyViewFilter: StudyViewFilterSchema,
  },
  { ...open, $id: 'ClinicalDataCountFilter' },
);

const CustomDataBinFilterSchema = Type.Object(
  { attributeId: Type.String(), ...dataBinFilterFields, ...customDataFields },
  { ...open, $id: 'ClinicalDataBinFilter' },
);

export const CustomDataBinCountFilterSchema = Type.Object(
  { attributes: Type.Array(CustomDataBinFilterSchema, { maxItems: 10_000 }), studyViewFilter: StudyViewFilterSchema },
  { ...open, $id: 'ClinicalDataBinCountFilter' },
);
