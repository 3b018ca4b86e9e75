// Study View per-gene / per-entity count charts: discrete CNA, mutation and categorical generic
// assay counts (study-view.md 4.8, 4.10, 4.11).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvalidRequest } from '../../engine/errors.js';
import {
  fetchGenericAssayDataCounts, fetchGenericAssayEntityCounts, fetchGenomicDataCounts, fetchMutationStatusSamples, fetchMutationSummaryCounts,
  fetchMutationTypeCounts,
} from '../../engine/study-view/study-view-data-counts.js';
import {
  GenericAssayDataCountFilterSchema, GenericAssayDataCountItemSchema, GenomicDataCountFilterSchema, GenomicDataCountItemSchema,
  MutationDataCountsQuerySchema,
} from '../schemas/study-view-data-counts.js';
import { ownItems, StudyViewRequest } from '../study-view-request.js';

const TAGS = ['Study View'];

export const studyViewDataCountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/genomic-data-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchGenomicDataCountsUsingPOST',
        body: GenomicDataCountFilterSchema, response: { 200: Type.Array(GenomicDataCountItemSchema) },
      },
    },
    async (request) => {
      const { genomicDataFilters, studyViewFilter } = request.body;
      const sv = StudyViewRequest.of(app, studyViewFilter);
      if (genomicDataFilters.length === 0) return [];
      const first = genomicDataFilters[0];
      // Remove self (3.17): same gene and profile type.
      const omit = ownItems(genomicDataFilters, (f) => ({ block: 'genomicDataFilters', key: f.hugoGeneSymbol, profileType: f.profileType }));
      // The profile type of the first filter is used for every gene (4.8).
      return fetchGenomicDataCounts(app.db, app.matrices, await sv.cohort({ omit }), first.profileType, genomicDataFilters.map((f) => f.hugoGeneSymbol));
    },
  );

  app.post(
    '/mutation-data-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchMutationDataCountsUsingPOST',
        querystring: MutationDataCountsQuerySchema,
        body: GenomicDataCountFilterSchema, response: { 200: Type.Array(GenomicDataCountItemSchema) },
      },
    },
    async (request) => {
      const { genomicDataFilters, studyViewFilter } = request.body;
      const { projection = 'SUMMARY', includeSampleIds = false } = request.query;
      const sv = StudyViewRequest.of(app, studyViewFilter);
      const genes = genomicDataFilters.map((f) => f.hugoGeneSymbol);
      if (projection === 'SUMMARY') {
        if (genes.length === 0) return [];
        // Remove self (3.17): the gene's MUTATED item of the same profile type.
        const omit = ownItems(genomicDataFilters, (f) => ({ block: 'mutationDataFilters', key: f.hugoGeneSymbol, profileType: f.profileType, categorization: 'MUTATED' }));
        return fetchMutationSummaryCounts(app.db, app.matrices, await sv.cohort({ omit }), genes);
      }
      const cohort = await sv.cohort();
      if (!includeSampleIds) return fetchMutationTypeCounts(app.db, cohort, genes);
      // The reference fails with a server error unless exactly one gene is asked for (4.10).
      if (genes.length !== 1) throw new InvalidRequest('includeSampleIds=true requires exactly one genomicDataFilter');
      const [types, status] = await Promise.all([
        fetchMutationTypeCounts(app.db, cohort, genes, true), fetchMutationStatusSamples(app.db, app.matrices, cohort, genes[0]),
      ]);
      return [...types, ...status];
    },
  );

  app.post(
    '/generic-assay-data-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchGenericAssayDataCountsUsingPOST',
        body: GenericAssayDataCountFilterSchema, response: { 200: Type.Array(GenericAssayDataCountItemSchema) },
      },
    },
    async (request) => {
      const { genericAssayDataFilters, profileType, studyViewFilter } = request.body;
      const filters = genericAssayDataFilters ?? [];
      // No filters and a blank profile type: 400 (the reference's body is empty; ours is the usual error JSON).
      if (filters.length === 0 && (profileType ?? '').trim() === '') throw new InvalidRequest('genericAssayDataFilters or profileType is required');
      const sv = StudyViewRequest.of(app, studyViewFilter);
      if (filters.length === 0) {
        return fetchGenericAssayDataCounts(app.db, await sv.cohort(), sv.studies, profileType as string);
      }
      // Remove self (3.17): same stableId, any profile type.
      const omit = ownItems(filters, (f) => ({ block: 'genericAssayDataFilters', key: f.stableId }));
      return fetchGenericAssayEntityCounts(app.db, app.matrices, await sv.cohort({ omit }), sv.studyIds,
        filters[0].profileType, filters.map((f) => f.stableId));
    },
  );
};
