// TypeBox models of cBioPortal's MolecularProfileCasesGroupAndAlterationTypeFilter and
// AlterationEnrichment (api.md 23.1).
import { Type, type Static } from '@sinclair/typebox';
import { MolecularProfileCasesGroupFilterSchema } from './enrichments.js';
import { AlterationFilterSchema } from './study-view-filter.js';

// The group list is required: cBioPortal fails with a 500 on a missing one.
export const MolecularProfileCasesGroupAndAlterationTypeFilterSchema = Type.Object(
  {
    molecularProfileCasesGroupFilter: Type.Array(MolecularProfileCasesGroupFilterSchema, { minItems: 1, maxItems: 10_000_000 }),
    alterationEventTypes: Type.Optional(Type.Union([AlterationFilterSchema, Type.Null()])),
  },
  { $id: 'MolecularProfileCasesGroupAndAlterationTypeFilter', additionalProperties: true },
);
export type MolecularProfileCasesGroupAndAlterationTypeFilter = Static<typeof MolecularProfileCasesGroupAndAlterationTypeFilterSchema>;

const CountSummarySchema = Type.Object(
  { name: Type.String(), alteredCount: Type.Integer(), profiledCount: Type.Integer() },
  { $id: 'CountSummary' },
);

export const AlterationEnrichmentSchema = Type.Object(
  {
    entrezGeneId: Type.Integer(),
    hugoGeneSymbol: Type.String(),
    counts: Type.Array(CountSummarySchema),
    pValue: Type.Number(),
  },
  { $id: 'AlterationEnrichment' },
);
