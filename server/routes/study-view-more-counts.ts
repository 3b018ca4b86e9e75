// Further Study View count endpoints: clinical event type counts (study-view.md 4.17) and clinical
// attribute counts (4.24) and structural variant counts (4.16).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvalidRequest } from '../../engine/errors.js';
import { readAlterationFilter } from '../../engine/filter/alteration-filter.js';
import { compileSampleListMembers, fetchClinicalAttributeCounts, fetchClinicalEventTypeCounts } from '../../engine/study-view/study-view-more-counts.js';
import { fetchStructuralVariantCounts } from '../../engine/study-view/study-view-sv-counts.js';
import { StudyViewFilterSchema } from '../schemas/study-view-filter.js';
import {
  AlterationCountByStructuralVariantSchema, ClinicalAttributeCountFilterSchema, ClinicalAttributeCountSchema, ClinicalEventTypeCountSchema,
} from '../schemas/study-view-more-counts.js';
import { StudyViewRequest } from '../study-view-request.js';

const TAGS = ['Study View'];

export const studyViewMoreCountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/clinical-event-type-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'getClinicalEventTypeCountsUsingPOST',
        body: StudyViewFilterSchema, response: { 200: Type.Array(ClinicalEventTypeCountSchema) },
      },
    },
    async (request) => fetchClinicalEventTypeCounts(app.db, app.matrices, await StudyViewRequest.validated(app, request.body).cohort()),
  );

  app.post(
    '/clinical-attributes/counts/fetch',
    {
      schema: {
        tags: ['Clinical Attributes'], operationId: 'getClinicalAttributeCountsUsingPOST',
        body: ClinicalAttributeCountFilterSchema, response: { 200: Type.Array(ClinicalAttributeCountSchema) },
      },
    },
    async (request) => {
      const { sampleIdentifiers, sampleListId } = request.body;
      // JSON null is "not given".
      if ((sampleIdentifiers == null) === (sampleListId == null))
        throw new InvalidRequest('eitherSampleListIdOrSampleIdentifiersPresent must be true');
      // Through the cohort cache, as a Study View filter (identifiers resolved as its cohorts are): a
      // selection is materialised once, and one holding whole studies is read by study.
      const selection = sampleListId != null
        ? await app.cohorts.resolve(compileSampleListMembers(sampleListId))
        : await StudyViewRequest.of(app, { sampleIdentifiers }).cohort();
      return fetchClinicalAttributeCounts(app.db, app.matrices, selection);
    },
  );

  app.post(
    '/structuralvariant-counts/fetch',
    {
      schema: {
        tags: TAGS, operationId: 'fetchStructuralVariantCountsUsingPOST',
        body: StudyViewFilterSchema, response: { 200: Type.Array(AlterationCountByStructuralVariantSchema) },
      },
    },
    async (request) => {
      const rows = await fetchStructuralVariantCounts(app.db, app.matrices, await StudyViewRequest.validated(app, request.body).cohort(), readAlterationFilter(request.body.alterationFilter));
      return rows.map(({ gene1EntrezGeneId, gene1HugoGeneSymbol, gene2EntrezGeneId, gene2HugoGeneSymbol, ...r }) => ({
        // A site without a gene: its fields are absent (nulls are omitted, study-view.md 2.1).
        ...(gene1EntrezGeneId === null ? {} : { gene1EntrezGeneId }), ...(gene1HugoGeneSymbol === null ? {} : { gene1HugoGeneSymbol }),
        ...(gene2EntrezGeneId === null ? {} : { gene2EntrezGeneId }), ...(gene2HugoGeneSymbol === null ? {} : { gene2HugoGeneSymbol }),
        ...r,
        hugoGeneSymbols: [gene1HugoGeneSymbol, gene2HugoGeneSymbol].filter((s): s is string => s !== null),
        entrezGeneIds: [gene1EntrezGeneId, gene2EntrezGeneId].filter((g): g is number => g !== null),
      }));
    },
  );
};
