// Study View histogram endpoints: clinical data bin counts (study-view.md 4.6, 5).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fetchClinicalDataBins, type ClinicalDataBinRequest } from '../../engine/queries/study-view-bins.js';
import { ClinicalDataBinCountFilterSchema, ClinicalDataBinSchema, DataBinMethodQuery, type ClinicalDataBinFilterBody } from '../schemas/study-view-bins.js';
import { studyViewFilterOf } from '../study-view-request.js';

/** JSON nulls mean "not given". */
function toBinRequest(body: ClinicalDataBinFilterBody): ClinicalDataBinRequest {
  return {
    attributeId: body.attributeId,
    binMethod: body.binMethod ?? undefined,
    customBins: body.customBins ?? undefined,
    binsGeneratorConfig: body.binsGeneratorConfig ?? undefined,
    disableLogScale: body.disableLogScale ?? undefined,
    start: body.start ?? undefined,
    end: body.end ?? undefined,
  };
}

export const studyViewBinRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/clinical-data-bin-counts/fetch',
    {
      schema: {
        tags: ['Study View'], operationId: 'fetchClinicalDataBinCountsUsingPOST',
        querystring: DataBinMethodQuery, body: ClinicalDataBinCountFilterSchema,
        response: { 200: Type.Array(ClinicalDataBinSchema) },
      },
    },
    async (request) => {
      const { attributes, studyViewFilter } = request.body;
      const filter = studyViewFilterOf(studyViewFilter);
      return fetchClinicalDataBins(app.db, filter, attributes.map(toBinRequest), request.query.dataBinMethod ?? 'DYNAMIC');
    },
  );
};
