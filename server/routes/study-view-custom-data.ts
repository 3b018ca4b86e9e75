// Study View custom data charts (study-view.md 4.5, 4.7), each also under its column-store
// preview path /api/not-ready-yet/…. The datasets come inline with the request (see
// engine/study-view/study-view-custom-data.ts), or are charts saved by POST /api/session/custom_data
// (sessions/stored-custom-data.ts).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fetchCustomDataBins } from '../../engine/study-view/study-view-bins.js';
import { customDatasetsOf, fetchCustomDataCounts } from '../../engine/study-view/study-view-custom-data.js';
import { ClinicalDataBinSchema, DataBinMethodQuery } from '../schemas/study-view-bins.js';
import { ClinicalDataCountItemSchema } from '../schemas/study-view-counts.js';
import { CustomDataBinCountFilterSchema, CustomDataCountFilterSchema } from '../schemas/study-view-custom-data.js';
import { binRequestOf } from '../study-view-bins-request.js';
import { ownItems, StudyViewRequest } from '../study-view-request.js';
import { withStoredValues } from '../sessions/stored-custom-data.js';

const TAGS = ['Study View'];

export const studyViewCustomDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [url, operationId] of [
    ['/custom-data-counts/fetch', 'fetchCustomDataCountsUsingPOST'],
    ['/not-ready-yet/custom-data-counts/fetch', 'fetchCustomDataCountsUsingPOST_1'],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags: TAGS, operationId,
          body: CustomDataCountFilterSchema, response: { 200: Type.Array(ClinicalDataCountItemSchema) },
        },
      },
      async (request) => {
        const { studyViewFilter } = request.body;
        const attributes = await withStoredValues(app, request, request.body.attributes);
        const sv = StudyViewRequest.of(app, studyViewFilter);
        // Remove self (3.17): the dataset's custom filter.
        const omit = ownItems(attributes, (a) => ({ block: 'customDataFilters', key: a.attributeId }));
        return fetchCustomDataCounts(app.db, app.matrices, await sv.cohort({ omit }), customDatasetsOf(attributes, sv.filter));
      },
    );
  }

  for (const [url, operationId, preview] of [
    ['/custom-data-bin-counts/fetch', 'fetchCustomDataBinCountsUsingPOST', false],
    ['/not-ready-yet/custom-data-bin-counts/fetch', 'fetchCustomDataBinCountsUsingPOST_1', true],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags: TAGS, operationId,
          querystring: DataBinMethodQuery, body: CustomDataBinCountFilterSchema,
          response: { 200: Type.Array(ClinicalDataBinSchema) },
        },
      },
      async (request) => {
        const { studyViewFilter } = request.body;
        const attributes = await withStoredValues(app, request, request.body.attributes);
        const sv = StudyViewRequest.of(app, studyViewFilter);
        const method = request.query.dataBinMethod ?? 'DYNAMIC';
        // Remove self (3.17): the dataset's custom filter; the preview (column-store) path also
        // drops a clinical filter of the same id.
        const omit = ownItems(attributes, ({ attributeId: key }) =>
          (preview ? [{ block: 'customDataFilters', key }, { block: 'clinicalDataFilters', key }] : { block: 'customDataFilters', key }));
        const requests = attributes.map((a) => ({ attributeId: a.attributeId, ...binRequestOf(a) }));
        return fetchCustomDataBins(app.db, app.matrices, await sv.binCohorts(omit, method), customDatasetsOf(attributes, sv.filter), requests, method);
      },
    );
  }
};
