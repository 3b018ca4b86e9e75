// Gene sets (api.md 19.1), gene set scores (19.2), the gene set hierarchy (19.4) and the
// expression correlation of a gene set's genes (19.3).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { countGenesets, fetchGenesetData, fetchGenesets, fetchGenesetVersion, genesetSamplesOf, requireGeneset } from '../../engine/resources/genesets.js';
import { fetchGenesetCorrelations } from '../../engine/analyses/genesets-correlation.js';
import { fetchGenesetHierarchy } from '../../engine/resources/genesets-hierarchy.js';
import { requireProfile } from '../../engine/resources/lookup.js';
import { toApiObject } from '../../engine/sql/db.js';
import { pageOf, Projection, sendTotalCount } from '../params.js';
import {
  GenesetCorrelationSchema, GenesetDataFilterCriteriaSchema, GenesetHierarchyInfoSchema, GenesetMolecularDataSchema, GenesetSchema,
} from '../schemas/genesets.js';

const tags = ['Gene Sets'];
const GenesetParams = Type.Object({ genesetId: Type.String({ description: 'Gene set ID e.g. GNF2_ZAP70' }) });
/** Optional sample ids of the hierarchy and correlation bodies; absent or [] = not given. */
const OptionalSampleIds = Type.Optional(Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'Sample ids to query a custom subset' }));
const score = (defaultValue: number, description: string) => Type.Optional(Type.Number({ minimum: 0, maximum: 1, default: defaultValue, description }));

export const genesetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/genesets', {
    schema: {
      tags, operationId: 'getAllGenesetsUsingGET', description: 'Get all gene sets',
      querystring: Type.Object({
        projection: Type.Optional(Projection),
        // Gene sets allow Integer.MAX_VALUE as page size (api.md 1.5).
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, default: 10_000_000, description: 'Page size of the result list' })),
        pageNumber: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'Page number of the result list' })),
      }),
      response: { 200: Type.Array(GenesetSchema) },
    },
  }, async (request, reply) => {
    if (request.query.projection === 'META') return sendTotalCount(reply, await countGenesets(app.db));
    return (await fetchGenesets(app.db, pageOf(request.query))).map(toApiObject);
  });

  // Registered before /genesets/:genesetId; the router prefers the static segment anyway.
  app.get('/genesets/version', {
    schema: { tags, operationId: 'getGenesetVersionUsingGET', description: 'Get the geneset version', response: { 200: Type.String() } },
  }, async (_request, reply) =>
    // A JSON string (Fastify would send a bare string unquoted); no recorded version reads as "".
    (reply as FastifyReply).type('application/json; charset=utf-8').send(JSON.stringify((await fetchGenesetVersion(app.db)) ?? '')));

  app.get('/genesets/:genesetId', {
    schema: { tags, operationId: 'getGenesetUsingGET', description: 'Get a gene set', params: GenesetParams, response: { 200: GenesetSchema } },
  }, async (request) => toApiObject(await requireGeneset(app.db, request.params.genesetId)));

  app.post('/genesets/fetch', {
    schema: {
      tags, operationId: 'fetchGenesetsUsingPOST', description: 'Fetch gene sets by ID',
      // title: the bare array's name in the size message (api.md 1.7).
      body: Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000, title: 'genesetIds', description: 'List of Geneset IDs' }),
      response: { 200: Type.Array(GenesetSchema) },
    },
  }, async (request) => (await fetchGenesets(app.db, { genesetIds: request.body })).map(toApiObject));

  app.post('/genetic-profiles/:geneticProfileId/geneset-genetic-data/fetch', {
    schema: {
      tags: ['Gene Set Scores'], operationId: 'fetchGeneticDataItemsUsingPOST',
      description: 'Fetch gene set "genetic data" items (gene set scores) by profile Id, gene set ids and sample ids',
      params: Type.Object({ geneticProfileId: Type.String({ description: 'Genetic profile ID, e.g. gbm_tcga_gsva_scores' }) }),
      body: GenesetDataFilterCriteriaSchema,
      response: { 200: Type.Array(GenesetMolecularDataSchema) },
    },
  }, async (request) => {
    // Any profile type is accepted; one without gene set scores answers [] (as the reference).
    const profile = await requireProfile(app.db, request.params.geneticProfileId);
    const { sampleListId, sampleIds, genesetIds } = request.body;
    const samples = await genesetSamplesOf(app.db, sampleListId, sampleIds);
    return (await fetchGenesetData(app.db, profile, samples, genesetIds)).map(toApiObject);
  });

  app.post('/geneset-hierarchy/fetch', {
    schema: {
      tags: ['Gene Set Hierarchy'], operationId: 'fetchGenesetHierarchyInfoUsingPOST',
      description: 'Get gene set hierarchical organization information. I.e. how different gene sets relate to other gene sets, in a hierarchy',
      querystring: Type.Object({
        geneticProfileId: Type.String({ description: 'Genetic Profile ID e.g. gbm_tcga_gsva_scores' }),
        percentile: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 75, description: 'Percentile for the representative score' })),
        scoreThreshold: score(0.4, 'Gene set score threshold (for absolute score value)'),
        pvalueThreshold: score(0.05, 'p-value threshold'),
        sampleListId: Type.Optional(Type.String({ description: 'Identifier of pre-defined sample list with samples to query' })),
      }),
      body: OptionalSampleIds,
      response: { 200: Type.Array(GenesetHierarchyInfoSchema) },
    },
  }, async (request) => {
    const { geneticProfileId, percentile = 75, scoreThreshold = 0.4, pvalueThreshold = 0.05, sampleListId } = request.query;
    const profile = await requireProfile(app.db, geneticProfileId);
    const body = request.body ?? undefined;
    const samples = await genesetSamplesOf(app.db, sampleListId, body && body.length > 0 ? body : undefined);
    return fetchGenesetHierarchy(app.db, profile, samples, { percentile, scoreThreshold, pvalueThreshold });
  });

  app.post('/genesets/:genesetId/expression-correlation/fetch', {
    schema: {
      tags: ['Gene Set Correlation'], operationId: 'fetchCorrelatedGenesUsingPOST',
      description: 'Get the genes in a gene set that have expression correlated to the gene set scores (calculated using Spearman\'s correlation)',
      params: GenesetParams,
      querystring: Type.Object({
        geneticProfileId: Type.String({ description: 'Genetic Profile ID e.g. gbm_tcga_gsva_scores' }),
        correlationThreshold: score(0.3, 'Correlation threshold (for absolute correlation value, Spearman correlation)'),
        sampleListId: Type.Optional(Type.String({ description: 'Identifier of pre-defined sample list with samples to query' })),
      }),
      body: OptionalSampleIds,
      response: { 200: Type.Array(GenesetCorrelationSchema) },
    },
  }, async (request) => {
    const { geneticProfileId, correlationThreshold = 0.3, sampleListId } = request.query;
    const geneset = await requireGeneset(app.db, request.params.genesetId);
    const profile = await requireProfile(app.db, geneticProfileId);
    const body = request.body ?? undefined;
    const samples = await genesetSamplesOf(app.db, sampleListId, body && body.length > 0 ? body : undefined);
    return fetchGenesetCorrelations(app.db, geneset.geneset_id, profile, samples, correlationThreshold);
  });
};
