// TypeBox models of MutSig, Gistic and the custom driver annotation report (api.md 24, 25).
import { Type } from '@sinclair/typebox';

export const MutSigSchema = Type.Object(
  {
    studyId: Type.String(),
    entrezGeneId: Type.Integer(),
    hugoGeneSymbol: Type.String(),
    rank: Type.Integer(),
    numberOfMutations: Type.Optional(Type.Integer()),
    pValue: Type.Optional(Type.Number()),
    qValue: Type.Optional(Type.Number()),
  },
  { $id: 'MutSig' },
);

export const GisticSchema = Type.Object(
  {
    studyId: Type.String(),
    chromosome: Type.Integer(),
    cytoband: Type.String(),
    widePeakStart: Type.Integer(),
    widePeakEnd: Type.Integer(),
    qValue: Type.Number(),
    amp: Type.Boolean(),
    genes: Type.Optional(Type.Array(Type.Object({ entrezGeneId: Type.Integer(), hugoGeneSymbol: Type.String() }, { $id: 'GisticToGene' }))),
  },
  { $id: 'Gistic' },
);

export const CustomDriverAnnotationReportSchema = Type.Object(
  { hasBinary: Type.Boolean(), tiers: Type.Array(Type.String()) },
  { $id: 'CustomDriverAnnotationReport' },
);
