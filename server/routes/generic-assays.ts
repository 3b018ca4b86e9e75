// Generic assay meta (api.md 20.1) and generic assay data (20.2). Each POST is served at both
// spellings: the documented one, and the other (hidden) for clients of the other API generation.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { InvalidRequest } from '../../engine/errors.js';
import {
  countGenericAssayData, countGenericAssayMeta, fetchGenericAssayData, fetchGenericAssayMeta,
  type GenericAssayDataSelection, type GenericAssayMetaQuery, type GenericAssayMetaRow,
} from '../../engine/resources/generic-assays.js';
import { requireProfile } from '../../engine/resources/lookup.js';
import { toApiObject } from '../../engine/sql/db.js';
import { MAX_PAGE_SIZE, Projection, type ProjectionName, sendTotalCount } from '../params.js';
import {
  GenericAssayDataMultipleStudyFilterSchema, GenericAssayDataSchema, GenericAssayFilterSchema, GenericAssayMetaFilterSchema,
  GenericAssayMetaSchema, type GenericAssayDataMultipleStudyFilter, type GenericAssayFilter, type GenericAssayMetaFilter,
} from '../schemas/generic-assays.js';

const metaTags = ['Generic Assays'];
const dataTags = ['Generic Assay Data'];
const metaResponse = { 200: Type.Array(GenericAssayMetaSchema) };
const dataResponse = { 200: Type.Array(GenericAssayDataSchema) };
const ProjectionQuery = Type.Object({ projection: Type.Optional(Projection) });
const ProfileParams = Type.Object({ molecularProfileId: Type.String({ description: 'Molecular Profile ID' }) });
const MetaFetchQuery = Type.Object({
  searchTerm: Type.Optional(Type.String({ description: 'Search keyword that applies to stable ID, name, and description' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: 'Page size of the result list' })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 0, description: 'Page number of the result list' })),
  projection: Type.Optional(Projection),
});

/** The meta item; the property map keeps its names as stored (not camel-cased). */
function toGenericAssayMeta({ properties, ...rest }: GenericAssayMetaRow): typeof GenericAssayMetaSchema.static {
  return { ...toApiObject(rest), ...(properties !== undefined && { genericEntityMetaProperties: properties }) };
}

export const genericAssayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // META is not special-cased here (it answers like SUMMARY); only ID changes the shape.
  const meta = (q: Omit<GenericAssayMetaQuery, 'idOnly'>, projection: ProjectionName | undefined) =>
    fetchGenericAssayMeta(app.db, { ...q, idOnly: projection === 'ID' }).then((rows) => rows.map(toGenericAssayMeta));

  const fetchMeta = async (body: GenericAssayMetaFilter, query: typeof MetaFetchQuery.static, reply: FastifyReply) => {
    const { pageSize, pageNumber, projection } = query;
    if ((pageSize === undefined) !== (pageNumber === undefined)) throw new InvalidRequest('pageSize and pageNumber must both be supplied together');
    const searchTerm = query.searchTerm?.trim() || undefined;
    const q = {
      molecularProfileIds: body.molecularProfileIds, stableIds: body.genericAssayStableIds, searchTerm,
      ...(pageSize !== undefined && pageNumber !== undefined ? { limit: pageSize, offset: pageSize * pageNumber } : {}),
    };
    if (q.limit !== undefined) reply.header('total-count', String(await countGenericAssayMeta(app.db, { ...q, idOnly: projection === 'ID' })));
    return reply.send(await meta(q, projection));
  };
  const metaFetchSchema = { tags: metaTags, description: 'Fetch meta data for generic-assay by ID', querystring: MetaFetchQuery, body: GenericAssayMetaFilterSchema, response: metaResponse };

  app.post('/generic-assay-meta/fetch', { schema: { ...metaFetchSchema, operationId: 'fetchGenericAssayMetaUsingPOST' } },
    async (request, reply) => fetchMeta(request.body, request.query, reply));
  // The classic path (api.md 29 #17).
  app.post('/generic_assay_meta/fetch', { schema: { ...metaFetchSchema, hide: true } },
    async (request, reply) => fetchMeta(request.body, request.query, reply));

  app.get('/generic-assay-meta/:molecularProfileId', {
    schema: {
      tags: metaTags, operationId: 'getGenericAssayMetaUsingGET', description: 'Fetch meta data for generic-assay by ID',
      params: ProfileParams, querystring: ProjectionQuery, response: metaResponse,
    },
  }, async (request) => meta({ molecularProfileIds: [request.params.molecularProfileId] }, request.query.projection));

  app.get('/generic-assay-meta/generic-assay/:genericAssayStableId', {
    schema: {
      tags: metaTags, operationId: 'getGenericAssayMeta_gaUsingGET', description: 'Fetch meta data for generic-assay by ID',
      params: Type.Object({ genericAssayStableId: Type.String({ description: 'Generic Assay stable ID' }) }),
      querystring: ProjectionQuery, response: metaResponse,
    },
  }, async (request) => meta({ stableIds: [request.params.genericAssayStableId] }, request.query.projection));

  const answer = async (selection: GenericAssayDataSelection, stableIds: readonly string[] | undefined, projection: ProjectionName | undefined, reply: FastifyReply) => {
    if (projection === 'META') return sendTotalCount(reply, await countGenericAssayData(app.db, selection, stableIds));
    return reply.send((await fetchGenericAssayData(app.db, selection, stableIds)).map(toApiObject));
  };
  const profileOf = (molecularProfileId: string) => requireProfile(app.db, molecularProfileId, ['GENERIC_ASSAY']);

  app.get('/generic-assay-data/:molecularProfileId/generic-assay/:genericAssayStableId', {
    schema: {
      tags: dataTags, operationId: 'getGenericAssayDataInMolecularProfileUsingGET', description: 'Get generic_assay_data in a molecular profile',
      params: Type.Object({ molecularProfileId: Type.String({ description: 'Molecular Profile ID' }), genericAssayStableId: Type.String({ description: 'Generic Assay stable ID' }) }),
      querystring: ProjectionQuery, response: dataResponse,
    },
  }, async (request, reply) => {
    const profile = await profileOf(request.params.molecularProfileId);
    const selection: GenericAssayDataSelection = { kind: 'profile', profileKey: profile.profile_key, studyKey: profile.study_key };
    return answer(selection, [request.params.genericAssayStableId], request.query.projection, reply);
  });

  const fetchInProfile = async (molecularProfileId: string, body: GenericAssayFilter, projection: ProjectionName | undefined, reply: FastifyReply) => {
    const { sampleListId, sampleIds, genericAssayStableIds } = body;
    if ((sampleListId === undefined) === (sampleIds === undefined)) throw new InvalidRequest('eitherSampleListIdOrSampleIdsPresent must be true');
    const profile = await profileOf(molecularProfileId);
    const selection: GenericAssayDataSelection = { kind: 'profile', profileKey: profile.profile_key, studyKey: profile.study_key, sampleListId, sampleIds };
    return answer(selection, genericAssayStableIds, projection, reply);
  };
  const inProfileSchema = {
    tags: dataTags, description: 'fetch generic_assay_data in a molecular profile',
    params: ProfileParams, querystring: ProjectionQuery, body: GenericAssayFilterSchema, response: dataResponse,
  };
  app.post('/generic_assay_data/:molecularProfileId/fetch', { schema: { ...inProfileSchema, operationId: 'fetchGenericAssayDataInMolecularProfileUsingPOST' } },
    async (request, reply) => fetchInProfile(request.params.molecularProfileId, request.body, request.query.projection, reply));
  app.post('/generic-assay-data/:molecularProfileId/fetch', { schema: { ...inProfileSchema, hide: true } },
    async (request, reply) => fetchInProfile(request.params.molecularProfileId, request.body, request.query.projection, reply));

  /**
   * Unknown profile ids select nothing (the reference fails with 500); both or neither list is a
   * 400 with the rule's message (the reference's controller answers that 400 with an empty body).
   */
  const fetchMulti = async (body: GenericAssayDataMultipleStudyFilter | undefined, projection: ProjectionName | undefined, reply: FastifyReply) => {
    const profiles = body?.molecularProfileIds ?? [];
    const identifiers = body?.sampleMolecularIdentifiers ?? [];
    if ((profiles.length > 0) === (identifiers.length > 0)) throw new InvalidRequest('eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent must be true');
    const selection: GenericAssayDataSelection = profiles.length > 0
      ? { kind: 'profiles', molecularProfileIds: profiles }
      : { kind: 'identifiers', molecularProfileIds: identifiers.map((i) => i.molecularProfileId), sampleIds: identifiers.map((i) => i.sampleId) };
    return answer(selection, body?.genericAssayStableIds, projection, reply);
  };
  const multiSchema = {
    tags: dataTags, description: 'Fetch generic_assay_data',
    querystring: ProjectionQuery, body: Type.Optional(GenericAssayDataMultipleStudyFilterSchema), response: dataResponse,
  };
  app.post('/generic_assay_data/fetch', { schema: { ...multiSchema, operationId: 'fetchGenericAssayDataInMultipleMolecularProfilesUsingPOST' } },
    async (request, reply) => fetchMulti(request.body, request.query.projection, reply));
  app.post('/generic-assay-data/fetch', { schema: { ...multiSchema, hide: true } },
    async (request, reply) => fetchMulti(request.body, request.query.projection, reply));
};
