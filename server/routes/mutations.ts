// Mutations (api.md 14): one profile by sample list (GET) or filter (POST), the multi-profile fetch,
// mutation spectrums, counts by protein position and variant counts. Mutation lists are streamed.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { InvalidRequest } from '../../engine/errors.js';
import { requireProfile } from '../../engine/resources/lookup.js';
import { fetchMutationCountsByPosition, fetchMutationSpectrums, fetchVariantCounts } from '../../engine/resources/mutations-counts.js';
import {
  countMutations, MUTATION_SORT_COLUMNS, mutationRows, streamMutations, type MutationSelection, type MutationSortBy,
} from '../../engine/resources/mutations.js';
import { toApiObject } from '../../engine/sql/db.js';
import { literalUnion, pageOf, pagingQuery, type ProjectionName } from '../params.js';
import {
  MutationCountByPositionSchema, MutationFilterSchema, MutationMultipleStudyFilterSchema, MutationPositionIdentifierSchema,
  MutationSchema, MutationSpectrumFilterSchema, MutationSpectrumSchema, VariantCountIdentifierSchema, VariantCountSchema,
} from '../schemas/mutations.js';
import { sendJsonArrayStream } from '../json-array-stream.js';
import { ARROW_ANSWERS, sendArrowStream, wantsArrow } from '../arrow-stream.js';
import { readableStudyIds } from '../plugins/security.js';

const tags = ['Mutations'];
/** Describes the answer for OpenAPI; the items are streamed as JSON texts DuckDB writes (mutations-stream.ts). */
const response = { 200: Type.Array(MutationSchema) };
const ProfileParams = Type.Object({ molecularProfileId: Type.String({ description: 'Molecular Profile ID e.g. acc_tcga_mutations' }) });
const MUTATION_TYPES = ['MUTATION_EXTENDED', 'MUTATION_UNCALLED'] as const;

const SortBy = literalUnion(Object.keys(MUTATION_SORT_COLUMNS) as MutationSortBy[], { description: 'Name of the property that the result list is sorted by' });
const ListQuery = { ...pagingQuery(), sortBy: Type.Optional(SortBy) };

interface ListParams {
  projection?: ProjectionName;
  sortBy?: MutationSortBy;
  direction?: 'ASC' | 'DESC';
  pageSize?: number;
  pageNumber?: number;
}

export const mutationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** META: both counts in headers, no body; otherwise the sorted page, streamed. */
  const answer = async (selection: MutationSelection, params: ListParams, reply: FastifyReply) => {
    const { projection = 'SUMMARY', sortBy, direction } = params;
    if (projection === 'META') {
      const { totalCount, sampleCount } = await countMutations(app.db, selection);
      return reply.header('total-count', String(totalCount)).header('sample-count', String(sampleCount)).send();
    }
    const query = { projection, sortBy, direction, ...pageOf(params) };
    if (wantsArrow(reply.request)) return sendArrowStream(reply, mutationRows(selection, query));
    return sendJsonArrayStream(reply, streamMutations(app.db, selection, query));
  };

  app.get('/molecular-profiles/:molecularProfileId/mutations', {
    schema: {
      tags, operationId: 'getMutationsInMolecularProfileBySampleListIdUsingGET', description: 'Get mutations in a molecular profile by Sample List ID',
      params: ProfileParams,
      querystring: Type.Object({
        sampleListId: Type.String({ description: 'Sample List ID e.g. acc_tcga_all' }),
        entrezGeneId: Type.Integer({ minimum: -2147483648, maximum: 2147483647, description: 'Entrez Gene ID e.g. 1' }),
        ...ListQuery,
      }),
      response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const profile = await requireProfile(app.db, request.params.molecularProfileId, MUTATION_TYPES);
    const { sampleListId, entrezGeneId } = request.query;
    const selection: MutationSelection = { kind: 'profile', profileKey: profile.profile_key, studyKey: profile.study_key, sampleListId, entrezGeneIds: [entrezGeneId] };
    return answer(selection, request.query, reply);
  });

  app.post('/molecular-profiles/:molecularProfileId/mutations/fetch', {
    schema: {
      tags, operationId: 'fetchMutationsInMolecularProfileUsingPOST', description: 'Fetch mutations in a molecular profile',
      params: ProfileParams, querystring: Type.Object(ListQuery), body: MutationFilterSchema, response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const { sampleListId, sampleIds, entrezGeneIds } = request.body;
    if ((sampleListId === undefined) === (sampleIds === undefined)) throw new InvalidRequest('eitherSampleListIdOrSampleIdsPresent must be true');
    const profile = await requireProfile(app.db, request.params.molecularProfileId, MUTATION_TYPES);
    const selection: MutationSelection = { kind: 'profile', profileKey: profile.profile_key, studyKey: profile.study_key, sampleListId, sampleIds, entrezGeneIds };
    return answer(selection, request.query, reply);
  });

  app.post('/mutations/fetch', {
    schema: {
      tags, operationId: 'fetchMutationsInMultipleMolecularProfilesUsingPOST', description: 'Fetch mutations in multiple molecular profiles by sample IDs',
      querystring: Type.Object(ListQuery), body: MutationMultipleStudyFilterSchema, response,
    },
    config: ARROW_ANSWERS,
  }, async (request, reply) => {
    const { molecularProfileIds, sampleMolecularIdentifiers, entrezGeneIds } = request.body;
    if ((molecularProfileIds === undefined) === (sampleMolecularIdentifiers === undefined))
      throw new InvalidRequest('eitherMolecularProfileIdsOrSampleMolecularIdentifiersPresent must be true');
    const selection: MutationSelection = sampleMolecularIdentifiers !== undefined
      ? {
          kind: 'identifiers',
          molecularProfileIds: sampleMolecularIdentifiers.map((i) => i.molecularProfileId),
          sampleIds: sampleMolecularIdentifiers.map((i) => i.sampleId),
          entrezGeneIds,
        }
      : { kind: 'profiles', molecularProfileIds: molecularProfileIds ?? [], entrezGeneIds };
    return answer(selection, request.query, reply);
  });

  app.post('/molecular-profiles/:molecularProfileId/mutation-spectrums/fetch', {
    schema: {
      tags: ['Mutation Spectrums'], operationId: 'fetchMutationSpectrumsUsingPOST', description: 'Fetch mutation spectrums in a molecular profile',
      params: ProfileParams, body: MutationSpectrumFilterSchema,
      response: { 200: Type.Array(MutationSpectrumSchema) },
    },
  }, async (request) => {
    const { sampleListId, sampleIds } = request.body;
    if ((sampleListId === undefined) === (sampleIds === undefined)) throw new InvalidRequest('eitherSampleListIdOrSampleIdsPresent must be true');
    const profile = await requireProfile(app.db, request.params.molecularProfileId, MUTATION_TYPES);
    const rows = await fetchMutationSpectrums(app.db, { profileKey: profile.profile_key, studyKey: profile.study_key, sampleListId, sampleIds });
    return rows.map(toApiObject);
  });

  app.post('/mutation-counts-by-position/fetch', {
    schema: {
      tags: ['Mutations Count'], operationId: 'fetchMutationCountsByPositionUsingPOST', description: 'Fetch mutation counts in all studies by gene and position',
      body: Type.Array(MutationPositionIdentifierSchema, { minItems: 1, maxItems: 10_000_000, title: 'mutationPositionIdentifiers' }),
      response: { 200: Type.Array(MutationCountByPositionSchema) },
    },
  }, async (request) => (await fetchMutationCountsByPosition(app.db, request.body, await readableStudyIds(app, request))).map(toApiObject));

  app.post('/molecular-profiles/:molecularProfileId/variant-counts/fetch', {
    schema: {
      tags: ['Variant Counts'], operationId: 'fetchVariantCountsUsingPOST', description: 'Fetch variant counts in a molecular profile',
      params: ProfileParams,
      body: Type.Array(VariantCountIdentifierSchema, { minItems: 1, maxItems: 50_000, title: 'variantCountIdentifiers' }),
      response: { 200: Type.Array(VariantCountSchema) },
    },
  }, async (request) => {
    const profile = await requireProfile(app.db, request.params.molecularProfileId, MUTATION_TYPES);
    const identifiers = request.body.map((i) => ({ entrezGeneId: i.entrezGeneId, keyword: i.keyword ?? undefined }));
    const rows = await fetchVariantCounts(app.db, { profileKey: profile.profile_key, molecularProfileId: profile.stable_id, studyId: profile.study_id }, identifiers);
    return rows.map(toApiObject);
  });
};
