// TypeBox models of cBioPortal's gene set objects (api.md 19): Geneset, GenesetMolecularData,
// GenesetHierarchyInfo, GenesetCorrelation and the gene set data filter.
import { Type, type Static } from '@sinclair/typebox';

/** representativeScore / representativePvalue only inside hierarchy answers. */
export const GenesetSchema = Type.Object(
  {
    genesetId: Type.String(),
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    refLink: Type.Optional(Type.String()),
    representativeScore: Type.Optional(Type.Number()),
    representativePvalue: Type.Optional(Type.Number()),
  },
  { $id: 'Geneset' },
);

/** `geneticProfileId`, not molecularProfileId (cBioPortal's GenesetMolecularDataMixin). */
export const GenesetMolecularDataSchema = Type.Object(
  {
    uniqueSampleKey: Type.String(),
    uniquePatientKey: Type.String(),
    geneticProfileId: Type.String(),
    sampleId: Type.String(),
    patientId: Type.String(),
    studyId: Type.String(),
    genesetId: Type.String(),
    stableId: Type.String(),
    value: Type.String(),
  },
  { $id: 'GenesetMolecularData' },
);

export const GenesetDataFilterCriteriaSchema = Type.Object(
  {
    genesetIds: Type.Optional(Type.Array(Type.String())),
    sampleListId: Type.Optional(Type.String()),
    sampleIds: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'GenesetDataFilterCriteria', additionalProperties: false },
);
export type GenesetDataFilterCriteria = Static<typeof GenesetDataFilterCriteriaSchema>;

/** Super nodes have no `genesets`; roots no parent fields. */
export const GenesetHierarchyInfoSchema = Type.Object(
  {
    nodeId: Type.Integer(),
    nodeName: Type.String(),
    parentId: Type.Optional(Type.Integer()),
    parentNodeName: Type.Optional(Type.String()),
    genesets: Type.Optional(Type.Array(GenesetSchema)),
  },
  { $id: 'GenesetHierarchyInfo' },
);

export const GenesetCorrelationSchema = Type.Object(
  {
    entrezGeneId: Type.Integer(),
    hugoGeneSymbol: Type.String(),
    // Jackson writes a NaN correlation as the string "NaN".
    correlationValue: Type.Union([Type.Number(), Type.Literal('NaN')]),
    expressionGeneticProfileId: Type.String(),
    zScoreGeneticProfileId: Type.String(),
  },
  { $id: 'GenesetCorrelation' },
);
