// TypeBox models of the Study View bin endpoints (study-view.md 4.6, 5.1, Appendix A).
// Request fields are nullable as the front end sends them; unknown properties are ignored.
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from '../params.js';
import { StudyViewFilterSchema } from './study-view-filter.js';
import { opt } from './nullable.js';


export const DataBinMethodQuery = Type.Object({
  dataBinMethod: Type.Optional(literalUnion(['STATIC', 'DYNAMIC'] as const, { description: 'DYNAMIC (default): bins of the filtered cohort; STATIC: bins of the unfiltered cohort, recounted on the filtered one' })),
});

/** DataBinFilter fields shared by clinical, custom, genomic and generic-assay bin requests (5.1). */
export const dataBinFilterFields = {
  binMethod: opt(literalUnion(['MEDIAN', 'QUARTILE', 'CUSTOM', 'GENERATE'] as const)),
  customBins: opt(Type.Array(Type.Number(), { maxItems: 10_000 })),
  binsGeneratorConfig: opt(Type.Object({ binSize: Type.Number(), anchorValue: Type.Number() }, { additionalProperties: true, $id: 'BinsGeneratorConfig' })),
  disableLogScale: opt(Type.Boolean()),
  start: opt(Type.Number()),
  end: opt(Type.Number()),
};

export const ClinicalDataBinFilterSchema = Type.Object(
  { attributeId: Type.String(), ...dataBinFilterFields },
  { additionalProperties: true, $id: 'ClinicalDataBinFilter' },
);
export type ClinicalDataBinFilterBody = Static<typeof ClinicalDataBinFilterSchema>;

export const ClinicalDataBinCountFilterSchema = Type.Object(
  { attributes: Type.Array(ClinicalDataBinFilterSchema, { maxItems: 10_000 }), studyViewFilter: StudyViewFilterSchema },
  { $id: 'ClinicalDataBinCountFilter', additionalProperties: true },
);

export const ClinicalDataBinSchema = Type.Object(
  {
    attributeId: Type.String(),
    specialValue: Type.Optional(Type.String()),
    start: Type.Optional(Type.Number()),
    end: Type.Optional(Type.Number()),
    count: Type.Integer(),
  },
  { $id: 'ClinicalDataBin' },
);

const binFields = {
  specialValue: Type.Optional(Type.String()),
  start: Type.Optional(Type.Number()),
  end: Type.Optional(Type.Number()),
  count: Type.Integer(),
};

export const GenomicDataBinFilterSchema = Type.Object(
  { hugoGeneSymbol: Type.String(), profileType: Type.String(), ...dataBinFilterFields },
  { additionalProperties: true, $id: 'GenomicDataBinFilter' },
);

export const GenomicDataBinCountFilterSchema = Type.Object(
  { genomicDataBinFilters: Type.Array(GenomicDataBinFilterSchema, { maxItems: 10_000 }), studyViewFilter: StudyViewFilterSchema },
  { $id: 'GenomicDataBinCountFilter', additionalProperties: true },
);

export const GenomicDataBinSchema = Type.Object(
  { hugoGeneSymbol: Type.String(), profileType: Type.String(), ...binFields },
  { $id: 'GenomicDataBin' },
);

export const GenericAssayDataBinFilterSchema = Type.Object(
  { stableId: Type.String(), profileType: Type.String(), ...dataBinFilterFields },
  { additionalProperties: true, $id: 'GenericAssayDataBinFilter' },
);

export const GenericAssayDataBinCountFilterSchema = Type.Object(
  { genericAssayDataBinFilters: Type.Array(GenericAssayDataBinFilterSchema, { maxItems: 10_000 }), studyViewFilter: StudyViewFilterSchema },
  { $id: 'GenericAssayDataBinCountFilter', additionalProperties: true },
);

export const GenericAssayDataBinSchema = Type.Object(
  { stableId: Type.String(), profileType: Type.String(), ...binFields },
  { $id: 'GenericAssayDataBin' },
);
