// TypeBox models of cBioPortal's GenericAssayCategoricalEnrichment and GenericAssayBinaryEnrichment
// (api.md 23.3); the request is F's MolecularProfileCasesGroupFilter list (./enrichments.ts).
import { Type } from '@sinclair/typebox';

const GroupNameSchema = Type.Object({ name: Type.String() }, { $id: 'GroupStatistics' });
const GroupStatisticsSchema = Type.Object(
  { name: Type.String(), meanExpression: Type.Number(), standardDeviation: Type.Number() },
  { $id: 'GroupStatistics' },
);

const common = {
  stableId: Type.String(),
  genericEntityMetaProperties: Type.Record(Type.String(), Type.String()),
  pValue: Type.Number(),
  qValue: Type.Number(),
};

// Categorical group statistics carry the name only (mean and deviation are null, hence absent).
export const GenericAssayCategoricalEnrichmentSchema = Type.Object(
  { ...common, groupsStatistics: Type.Array(GroupNameSchema) },
  { $id: 'GenericAssayCategoricalEnrichment' },
);

export const GenericAssayBinaryEnrichmentSchema = Type.Object(
  {
    ...common,
    groupsStatistics: Type.Array(GroupStatisticsSchema),
    counts: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer(), totalCount: Type.Integer() }, { $id: 'GenericAssayCountSummary' })),
  },
  { $id: 'GenericAssayBinaryEnrichment' },
);
