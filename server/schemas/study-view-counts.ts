// TypeBox models of the Study View count endpoints (study-view.md 4.2-4.4, 4.13-4.15, Appendix A).
import { Type } from '@sinclair/typebox';
import { StudyViewFilterSchema } from './study-view-filter.js';

export const ClinicalDataCountFilterSchema = Type.Object(
  {
    attributes: Type.Array(
      Type.Object({ attributeId: Type.String(), values: Type.Optional(Type.Unknown()) }, { additionalProperties: true, $id: 'ClinicalDataFilter' }),
      { maxItems: 100_000 },
    ),
    studyViewFilter: StudyViewFilterSchema,
  },
  { $id: 'ClinicalDataCountFilter', additionalProperties: true },
);

export const ClinicalDataCountItemSchema = Type.Object(
  {
    attributeId: Type.String(),
    counts: Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() }, { $id: 'ClinicalDataCount' })),
  },
  { $id: 'ClinicalDataCountItem' },
);

export const CaseListDataCountSchema = Type.Object(
  { label: Type.Optional(Type.String()), value: Type.String(), count: Type.Integer() },
  { $id: 'CaseListDataCount' },
);

export const GenomicDataCountSchema = Type.Object(
  {
    label: Type.Optional(Type.String()),
    value: Type.String(),
    count: Type.Integer(),
    uniqueCount: Type.Optional(Type.Integer()),
    sampleIds: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'GenomicDataCount' },
);

const alterationCountFields = {
  entrezGeneId: Type.Integer(),
  hugoGeneSymbol: Type.String(),
  numberOfAlteredCases: Type.Integer(),
  numberOfAlteredCasesOnPanel: Type.Integer(),
  totalCount: Type.Integer(),
  numberOfProfiledCases: Type.Integer(),
  matchingGenePanelIds: Type.Array(Type.String()),
  qValue: Type.Optional(Type.Number()),
  uniqueEventKey: Type.String(),
  hugoGeneSymbols: Type.Array(Type.String()),
  entrezGeneIds: Type.Array(Type.Integer()),
};

export const AlterationCountByGeneSchema = Type.Object(alterationCountFields, { $id: 'AlterationCountByGene' });

export const CopyNumberCountByGeneSchema = Type.Object(
  { ...alterationCountFields, alteration: Type.Integer(), cytoband: Type.Optional(Type.String()) },
  { $id: 'CopyNumberCountByGene' },
);
