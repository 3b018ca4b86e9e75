// TypeBox models of the Study View plots: violin (study-view.md 4.19) and density (4.20), with
// their query parameters (seed.md 4).
import { Type } from '@sinclair/typebox';

/** A Java double on the wire: a number, or "Infinity", "-Infinity", "NaN" when not finite (study-view.md 2.1). */
const Double = Type.Union([Type.Number(), Type.Union([Type.Literal('Infinity'), Type.Literal('-Infinity'), Type.Literal('NaN')])]);

export const ViolinPlotQuerySchema = Type.Object({
  categoricalAttributeId: Type.String({ description: 'Clinical Attribute ID of the categorical attribute' }),
  numericalAttributeId: Type.String({ description: 'Clinical Attribute ID of the numerical attribute' }),
  axisStart: Type.Optional(Type.Number({ description: 'Starting point of the violin plot axis, if different than smallest value' })),
  axisEnd: Type.Optional(Type.Number({ description: 'Ending point of the violin plot axis, if different than largest value' })),
  // The bound keeps one request from asking for an unbounded curve (the reference has none).
  numCurvePoints: Type.Optional(Type.Number({ default: 100, maximum: 10_000, description: 'Number of points in the curve' })),
  logScale: Type.Optional(Type.Boolean({ default: false, description: 'Use log scale for the numerical attribute' })),
  sigmaMultiplier: Type.Optional(Type.Number({ default: 1, description: 'Sigma stepsize multiplier' })),
});

const BinCount = (axis: string) => Type.Integer({ default: 50, minimum: 1, maximum: 2_147_483_647, description: `Number of the bins in ${axis} axis` });

export const DensityPlotQuerySchema = Type.Object({
  xAxisAttributeId: Type.String({ description: 'Clinical Attribute ID of the X axis' }),
  xAxisBinCount: Type.Optional(BinCount('X')),
  xAxisStart: Type.Optional(Type.Number({ description: 'Starting point of the X axis, if different than smallest value' })),
  xAxisEnd: Type.Optional(Type.Number({ description: 'Ending point of the X axis, if different than largest value' })),
  yAxisAttributeId: Type.String({ description: 'Clinical Attribute ID of the Y axis' }),
  yAxisBinCount: Type.Optional(BinCount('Y')),
  yAxisStart: Type.Optional(Type.Number({ description: 'Starting point of the Y axis, if different than smallest value' })),
  yAxisEnd: Type.Optional(Type.Number({ description: 'Ending point of the Y axis, if different than largest value' })),
  xAxisLogScale: Type.Optional(Type.Boolean({ default: false, description: 'Use log scale for X axis' })),
  yAxisLogScale: Type.Optional(Type.Boolean({ default: false, description: 'Use log scale for Y axis' })),
});

export const ClinicalViolinPlotBoxDataSchema = Type.Object(
  { whiskerLower: Double, whiskerUpper: Double, median: Double, q1: Double, q3: Double },
  { $id: 'ClinicalViolinPlotBoxData' },
);

export const ClinicalViolinPlotIndividualPointSchema = Type.Object(
  { sampleId: Type.String(), studyId: Type.String(), value: Double },
  { $id: 'ClinicalViolinPlotIndividualPoint' },
);

export const ClinicalViolinPlotRowDataSchema = Type.Object(
  {
    category: Type.String(),
    numSamples: Type.Integer(),
    curveData: Type.Array(Double),
    boxData: ClinicalViolinPlotBoxDataSchema,
    individualPoints: Type.Array(ClinicalViolinPlotIndividualPointSchema),
  },
  { $id: 'ClinicalViolinPlotRowData' },
);

export const ClinicalViolinPlotDataSchema = Type.Object(
  { axisStart: Double, axisEnd: Double, rows: Type.Array(ClinicalViolinPlotRowDataSchema) },
  { $id: 'ClinicalViolinPlotData' },
);

export const DensityPlotBinSchema = Type.Object(
  { binX: Double, binY: Double, minX: Double, maxX: Double, minY: Double, maxY: Double, count: Type.Integer() },
  { $id: 'DensityPlotBin' },
);

export const DensityPlotDataSchema = Type.Object(
  { bins: Type.Array(DensityPlotBinSchema), pearsonCorr: Type.Optional(Double), spearmanCorr: Type.Optional(Double) },
  { $id: 'DensityPlotData' },
);
