// TypeBox models of cBioPortal's Gene and ReferenceGenomeGene (api.md 2.2, 17).
import { Type, type Static } from '@sinclair/typebox';

/** ID: entrezGeneId + hugoGeneSymbol; SUMMARY and DETAILED add type. geneticEntityId is never filled. */
export const GeneSchema = Type.Object(
  {
    entrezGeneId: Type.Integer(),
    hugoGeneSymbol: Type.String(),
    type: Type.Optional(Type.String()),
    geneticEntityId: Type.Optional(Type.Integer()),
  },
  { $id: 'Gene' },
);
export type Gene = Static<typeof GeneSchema>;

export const ReferenceGenomeGeneSchema = Type.Object(
  {
    entrezGeneId: Type.Integer(),
    referenceGenomeId: Type.Integer(),
    hugoGeneSymbol: Type.Optional(Type.String()),
    chromosome: Type.Optional(Type.String()),
    cytoband: Type.Optional(Type.String()),
    start: Type.Optional(Type.Integer()),
    end: Type.Optional(Type.Integer()),
  },
  { $id: 'ReferenceGenomeGene' },
);
