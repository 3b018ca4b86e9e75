// TypeBox models of cBioPortal's enrichment requests and the expression / numeric generic-assay
// enrichment items (api.md 23, 23.2, 23.3).
import { Type, type Static } from '@sinclair/typebox';
import { literalUnion } from '../params.js';

export const EnrichmentTypeSchema = literalUnion(['SAMPLE', 'PATIENT'] as const, { description: 'Type of the enrichment e.g. SAMPLE or PATIENT' });

export const MolecularProfileCaseIdentifierSchema = Type.Object(
  { molecularProfileId: Type.String(), caseId: Type.String() },
  { $id: 'MolecularProfileCaseIdentifier', additionalProperties: false },
);

export const MolecularProfileCasesGroupFilterSchema = Type.Object(
  {
    name: Type.String(),
    molecularProfileCaseIdentifiers: Type.Array(MolecularProfileCaseIdentifierSchema, { minItems: 1, maxItems: 10_000_000 }),
  },
  { $id: 'MolecularProfileCasesGroupFilter', additionalProperties: false },
);
export type MolecularProfileCasesGroupFilter = Static<typeof MolecularProfileCasesGroupFilterSchema>;

const GroupStatisticsSchema = Type.Object(
  { name: Type.String(), meanExpression: Type.Number(), standardDeviation: Type.Number() },
  { $id: 'GroupStatistics' },
);

export const GenomicEnrichmentSchema = Type.Object(
  {
    entrezGeneId: Type.Integer(),
    hugoGeneSymbol: Type.String(),
    groupsStatistics: Type.Array(GroupStatisticsSchema),
    pValue: Type.Number(),
  },
  { $id: 'GenomicEnrichment' },
);

export const GenericAssayEnrichmentSchema = Type.Object(
  {
    stableId: Type.String(),
    genericEntityMetaProperties: Type.Record(Type.String(), Type.String()),
    groupsStatistics: Type.Array(GroupStatisticsSchema),
    pValue: Type.Number(),
  },
  { $id: 'GenericAssayEnrichment' },
);
