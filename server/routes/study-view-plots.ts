// Study View plots: clinical violin plots (study-view.md 4.19, 6.1) and clinical density plots
// (4.20, 6.2). Compact columns gathered in memory; the statistics run in the worker pool.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvalidRequest } from '../../engine/errors.js';
import { sampleIdsByKey } from '../../engine/resident/case-keys.js';
import {
  fetchDensityPairs, fetchViolinSamples, toClinicalViolinPlotData, toDensityPlotData, withoutFirstClinicalFilter,
} from '../../engine/study-view/study-view-plots.js';
import { StudyViewFilterSchema } from '../schemas/study-view-filter.js';
import {
  ClinicalViolinPlotDataSchema, DensityPlotDataSchema, DensityPlotQuerySchema, ViolinPlotQuerySchema,
} from '../schemas/study-view-plots.js';
import { StudyViewRequest } from '../study-view-request.js';

const TAGS = ['Study View'];

/** A requested bound of a log axis must have a logarithm: ln(1 + v) needs v > −1 (the reference answers 500). */
function checkLogBound(name: string, value: number | undefined, log: boolean): void {
  if (log && value !== undefined && !(value > -1)) throw new InvalidRequest(`${name} must be greater than -1 on a log scale axis`);
}

export const studyViewPlotRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/clinical-data-violin-plots/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchClinicalDataViolinPlotsUsingPOST', querystring: ViolinPlotQuerySchema,
        body: StudyViewFilterSchema, response: { 200: ClinicalViolinPlotDataSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const sv = StudyViewRequest.validated(app, request.body);
      // numSamples counts the request's cohort; the plotted values come from the cohort without
      // the first filter item on the numerical attribute (3.17).
      const [keep, cohort] = await Promise.all([
        sv.cohort(),
        sv.withFilter(withoutFirstClinicalFilter(sv.filter, q.numericalAttributeId)).cohort(),
      ]);
      const samples = await fetchViolinSamples(app.db, app.matrices, cohort, keep, q.categoricalAttributeId, q.numericalAttributeId);
      const stats = await app.stats.run('violinPlot', {
        values: samples.values, offsets: samples.offsets, kept: samples.kept,
        // On any numerical attribute: the reference takes the log of MUTATION_COUNT only (Appendix B quirk 10, not followed).
        logScale: q.logScale ?? false,
        axisStart: q.axisStart, axisEnd: q.axisEnd,
        numCurvePoints: q.numCurvePoints ?? 100, sigmaMultiplier: q.sigmaMultiplier ?? 1,
      });
      return toClinicalViolinPlotData(samples, stats, await sampleIdsByKey(app.db, app.matrices));
    },
  );

  app.post(
    '/clinical-data-density-plot/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchClinicalDataDensityPlotUsingPOST', querystring: DensityPlotQuerySchema,
        body: StudyViewFilterSchema, response: { 200: DensityPlotDataSchema },
      },
    },
    async (request) => {
      const q = request.query;
      // On any attribute: the reference takes the log of MUTATION_COUNT only (Appendix B quirk 10, not followed).
      const xLog = q.xAxisLogScale ?? false;
      const yLog = q.yAxisLogScale ?? false;
      checkLogBound('xAxisStart', q.xAxisStart, xLog);
      checkLogBound('xAxisEnd', q.xAxisEnd, xLog);
      checkLogBound('yAxisStart', q.yAxisStart, yLog);
      checkLogBound('yAxisEnd', q.yAxisEnd, yLog);
      const cohort = await StudyViewRequest.of(app, request.body).cohort();
      const { x, y } = await fetchDensityPairs(app.db, app.matrices, cohort, q.xAxisAttributeId, q.yAxisAttributeId);
      const data = await app.stats.run('densityPlot', {
        x, y,
        xAxis: { binCount: q.xAxisBinCount ?? 50, start: q.xAxisStart, end: q.xAxisEnd, log: xLog },
        yAxis: { binCount: q.yAxisBinCount ?? 50, start: q.yAxisStart, end: q.yAxisEnd, log: yLog },
      });
      return toDensityPlotData(data);
    },
  );
};
