// TypeBox models of the Study View clinical tab (study-view.md 4.21, 8).
import { Type } from '@sinclair/typebox';
import { Direction } from '../params.js';

export const ClinicalTableQuerySchema = Type.Object({
  pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'Page size of the result list' })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0, description: 'Page number of the result list. Zero represents the first page.' })),
  searchTerm: Type.Optional(Type.String({
    default: '',
    description: 'Search term to filter sample rows. Samples are returned with a partial match to the search term for any sample clinical attribute.',
  })),
  sortBy: Type.Optional(Type.String({ description: 'sampleId, patientId, or the ATTR_ID to sorted by' })),
  direction: Type.Optional(Direction),
});

/** A table row: ClinicalData without unique keys. */
const ClinicalTableDatumSchema = Type.Object(
  {
    clinicalAttributeId: Type.String(),
    sampleId: Type.String(),
    patientId: Type.String(),
    studyId: Type.String(),
    value: Type.String(),
  },
  { $id: 'ClinicalData' },
);

export const SampleClinicalDataCollectionSchema = Type.Object(
  { byUniqueSampleKey: Type.Record(Type.String(), Type.Array(ClinicalTableDatumSchema)) },
  { $id: 'SampleClinicalDataCollection' },
);
