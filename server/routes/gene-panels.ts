// Gene panels (api.md 18.1) and gene panel data (18.2): which panel, if any, profiled each sample.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvalidRequest, NotFound } from '../../engine/errors.js';
import {
  countGenePanels, fetchGenePanels, streamGenePanelDataJson, GENE_PANEL_SORT_COLUMNS, type GenePanelDataSelection, type GenePanelSortBy,
} from '../../engine/resources/gene-panels.js';
import { requireProfile } from '../../engine/resources/lookup.js';
import { toApiObject } from '../../engine/sql/db.js';
import { sendJsonArrayStream } from '../json-array-stream.js';
import { literalUnion, pageOf, pagingQuery, Projection, sendTotalCount } from '../params.js';
import {
  GenePanelDataFilterSchema, GenePanelDataMultipleStudyFilterSchema, GenePanelDataSchema, GenePanelSchema,
} from '../schemas/gene-panels.js';

const tags = ['Gene Panels'];
const dataTags = ['Gene Panel Data'];
const dataResponse = { 200: Type.Array(GenePanelDataSchema) };

export const genePanelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/gene-panels', {
    schema: {
      tags, operationId: 'getAllGenePanelsUsingGET', description: 'Get all gene panels',
      querystring: Type.Object({
        ...pagingQuery(),
        sortBy: Type.Optional(literalUnion(Object.keys(GENE_PANEL_SORT_COLUMNS) as GenePanelSortBy[], { description: 'Name of the property that the result list is sorted by' })),
      }),
      response: { 200: Type.Array(GenePanelSchema) },
    },
  }, async (request, reply) => {
    const { projection = 'SUMMARY', sortBy, direction } = request.query;
    if (projection === 'META') return sendTotalCount(reply, await countGenePanels(app.db));
    return (await fetchGenePanels(app.db, { projection, sortBy, direction, ...pageOf(request.query) })).map(toApiObject);
  });

  app.get('/gene-panels/:genePanelId', {
    schema: {
      tags, operationId: 'getGenePanelUsingGET', description: 'Get gene panel',
      params: Type.Object({ genePanelId: Type.String({ description: 'Gene Panel ID e.g. NSCLC_UNITO_2016_PANEL' }) }),
      response: { 200: GenePanelSchema },
    },
  }, async (request) => {
    const [panel] = await fetchGenePanels(app.db, { genePanelIds: [request.params.genePanelId], projection: 'DETAILED' });
    if (!panel) throw NotFound.genePanel(request.params.genePanelId);
    return toApiObject(panel);
  });

  app.post('/gene-panels/fetch', {
    schema: {
      tags, operationId: 'fetchGenePanelsUsingPOST', description: 'Get gene panel',
      querystring: Type.Object({ projection: Type.Optional(Projection) }),
      // title: the bare array's name in the size message (api.md 1.7).
      body: Type.Array(Type.String(), { minItems: 1, maxItems: 10_000_000, title: 'genePanelIds', description: 'List of Gene Panel IDs' }),
      response: { 200: Type.Array(GenePanelSchema) },
    },
  }, async (request) => {
    // META is not special-cased here: the reference answers the ID items.
    const projection = request.query.projection ?? 'SUMMARY';
    return (await fetchGenePanels(app.db, { genePanelIds: request.body, projection })).map(toApiObject);
  });

  app.post('/molecular-profiles/:molecularProfileId/gene-panel-data/fetch', {
    schema: {
      tags: dataTags, operationId: 'getGenePanelDataUsingPOST', description: 'Get gene panel data',
      params: Type.Object({ molecularProfileId: Type.String({ description: 'Molecular Profile ID e.g. nsclc_unito_2016_mutations' }) }),
      body: GenePanelDataFilterSchema, response: dataResponse,
    },
  }, async (request, reply) => {
    const { sampleListId, sampleIds } = request.body;
    if ((sampleListId === undefined) === (sampleIds === undefined)) throw new InvalidRequest('eitherSampleListIdOrSampleIdsPresent must be true');
    const id = request.params.molecularProfileId;
    let selection: GenePanelDataSelection;
    // Only the sample-list form checks the profile; with sample ids an unknown profile gives [].
    if (sampleListId !== undefined) selection = { kind: 'sampleList', profileKey: (await requireProfile(app.db, id)).profile_key, sampleListId };
    else selection = { kind: 'pairs', molecularProfileIds: (sampleIds ?? []).map(() => id), sampleIds: sampleIds ?? [] };
    return sendJsonArrayStream(reply, streamGenePanelDataJson(app.db, selection));
  });

  app.post('/gene-panel-data/fetch', {
    schema: {
      tags: dataTags, operationId: 'fetchGenePanelDataInMultipleMolecularProfilesUsingPOST', description: 'Fetch gene panel data',
      body: GenePanelDataMultipleStudyFilterSchema, response: dataResponse,
    },
  }, async (request, reply) => {
    const { molecularProfileIds, sampleMolecularIdentifiers } = request.body;
    if ((molecularProfileIds === undefined) === (sampleMolecularIdentifiers === undefined))
      throw new InvalidRequest('eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent must be true');
    const selection: GenePanelDataSelection = sampleMolecularIdentifiers !== undefined
      ? { kind: 'pairs', molecularProfileIds: sampleMolecularIdentifiers.map((i) => i.molecularProfileId), sampleIds: sampleMolecularIdentifiers.map((i) => i.sampleId) }
      : { kind: 'profiles', molecularProfileIds: molecularProfileIds ?? [] };
    return sendJsonArrayStream(reply, streamGenePanelDataJson(app.db, selection));
  });
};
