// Study View histogram endpoints: clinical, genomic and generic assay data bin counts
// (study-view.md 4.6, 4.9, 4.12, 5).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fetchClinicalDataBins } from '../../engine/study-view/study-view-bins.js';
import { fetchGenericAssayDataBins, fetchGenomicDataBins } from '../../engine/study-view/study-view-profile-bins.js';
import {
  ClinicalDataBinCountFilterSchema, ClinicalDataBinSchema, DataBinMethodQuery, GenericAssayDataBinCountFilterSchema,
  GenericAssayDataBinSchema, GenomicDataBinCountFilterSchema, GenomicDataBinSchema,
} from '../schemas/study-view-bins.js';
import { binRequestOf } from '../study-view-bins-request.js';
import { ownItems, StudyViewRequest } from '../study-view-request.js';

const TAGS = ['Study View'];

export const studyViewBinRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/clinical-data-bin-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchClinicalDataBinCountsUsingPOST',
        querystring: DataBinMethodQuery, body: ClinicalDataBinCountFilterSchema,
        response: { 200: Type.Array(ClinicalDataBinSchema) },
      },
    },
    async (request) => {
      const { attributes, studyViewFilter } = request.body;
      const sv = StudyViewRequest.of(app, studyViewFilter);
      const method = request.query.dataBinMethod ?? 'DYNAMIC';
      // Remove self (3.17): the attribute's clinical filter.
      const omit = ownItems(attributes, (a) => ({ block: 'clinicalDataFilters', key: a.attributeId }));
      const requests = attributes.map((a) => ({ attributeId: a.attributeId, ...binRequestOf(a) }));
      return fetchClinicalDataBins(app.db, app.matrices, await sv.binCohorts(omit, method), sv.studyIds, requests, method);
    },
  );

  app.post(
    '/genomic-data-bin-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchGenomicDataBinCountsUsingPOST',
        querystring: DataBinMethodQuery, body: GenomicDataBinCountFilterSchema,
        response: { 200: Type.Array(GenomicDataBinSchema) },
      },
    },
    async (request) => {
      const { genomicDataBinFilters: filters, studyViewFilter } = request.body;
      const sv = StudyViewRequest.of(app, studyViewFilter);
      const method = request.query.dataBinMethod ?? 'DYNAMIC';
      // Remove self (3.17): same gene and profile type.
      const omit = ownItems(filters, (f) => ({ block: 'genomicDataFilters', key: f.hugoGeneSymbol, profileType: f.profileType }));
      const requests = filters.map((f) => ({ hugoGeneSymbol: f.hugoGeneSymbol, profileType: f.profileType, ...binRequestOf(f) }));
      return fetchGenomicDataBins(app.db, app.matrices, await sv.binCohorts(omit, method), requests, method);
    },
  );

  app.post(
    '/generic-assay-data-bin-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchGenericAssayDataBinCountsUsingPOST',
        querystring: DataBinMethodQuery, body: GenericAssayDataBinCountFilterSchema,
        response: { 200: Type.Array(GenericAssayDataBinSchema) },
      },
    },
    async (request) => {
      const { genericAssayDataBinFilters: filters, studyViewFilter } = request.body;
      const sv = StudyViewRequest.of(app, studyViewFilter);
      const method = request.query.dataBinMethod ?? 'DYNAMIC';
      // Remove self (3.17): same stableId and profile type.
      const omit = ownItems(filters, (f) => ({ block: 'genericAssayDataFilters', key: f.stableId, profileType: f.profileType }));
      const requests = filters.map((f) => ({ stableId: f.stableId, profileType: f.profileType, ...binRequestOf(f) }));
      return fetchGenericAssayDataBins(app.db, app.matrices, await sv.binCohorts(omit, method), sv.studyIds, requests, method);
    },
  );
};
