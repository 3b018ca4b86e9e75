// Discrete copy number data and counts (api.md 15.1, 15.2); the segment routes (15.3) live in
// copy-number-segments.ts and are registered here.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { InvalidRequest, NotFound } from '../../engine/errors.js';
import {
  countDiscreteCopyNumbers, DISCRETE_CNA_EVENT_TYPES, fetchCopyNumberCounts, fetchDiscreteCopyNumbers,
  type DiscreteCnaEventType, type DiscreteCopyNumberQuery,
} from '../../engine/resources/copy-number.js';
import { requireProfile, type ProfileRow } from '../../engine/resources/lookup.js';
import type { ReadOnlyDb } from '../../engine/sql/db.js';
import { literalUnion, Projection, type ProjectionName, sendTotalCount } from '../params.js';
import {
  CopyNumberCountIdentifierSchema, CopyNumberCountSchema, DiscreteCopyNumberDataSchema, DiscreteCopyNumberFilterSchema,
} from '../schemas/copy-number.js';
import { copyNumberSegmentRoutes } from './copy-number-segments.js';

const tags = ['Discrete Copy Number Alterations'];
const ProfileParams = Type.Object({ molecularProfileId: Type.String({ description: 'Molecular Profile ID e.g. acc_tcga_gistic' }) });
const EventType = literalUnion(Object.keys(DISCRETE_CNA_EVENT_TYPES) as DiscreteCnaEventType[], { description: 'Type of the copy number event' });
const response = { 200: Type.Array(DiscreteCopyNumberDataSchema) };

/** Only discrete CNA profiles; any other profile is "not found" (api.md 15.1). */
async function requireDiscreteCnaProfile(db: ReadOnlyDb, molecularProfileId: string): Promise<ProfileRow> {
  const profile = await requireProfile(db, molecularProfileId, ['COPY_NUMBER_ALTERATION']);
  if (profile.datatype !== 'DISCRETE') throw NotFound.molecularProfile(molecularProfileId);
  return profile;
}

export const copyNumberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (q: DiscreteCopyNumberQuery, projection: ProjectionName, reply: FastifyReply) => {
    if (projection === 'META') return sendTotalCount(reply, await countDiscreteCopyNumbers(app.db, q));
    return reply.send(await fetchDiscreteCopyNumbers(app.db, q, projection === 'DETAILED'));
  };

  app.get('/molecular-profiles/:molecularProfileId/discrete-copy-number', {
    schema: {
      tags, operationId: 'getDiscreteCopyNumbersInMolecularProfileUsingGET', description: 'Get discrete copy number alterations in a molecular profile',
      params: ProfileParams,
      querystring: Type.Object({
        sampleListId: Type.String({ description: 'Sample List ID e.g. acc_tcga_all' }),
        discreteCopyNumberEventType: Type.Optional(EventType),
        projection: Type.Optional(Projection),
      }),
      response,
    },
  }, async (request, reply) => {
    const profile = await requireDiscreteCnaProfile(app.db, request.params.molecularProfileId);
    const { sampleListId, discreteCopyNumberEventType = 'HOMDEL_AND_AMP', projection = 'SUMMARY' } = request.query;
    const q = { profileKey: profile.profile_key, studyKey: profile.study_key, sampleListId, eventType: discreteCopyNumberEventType };
    return answer(q, projection, reply);
  });

  app.post('/molecular-profiles/:molecularProfileId/discrete-copy-number/fetch', {
    schema: {
      tags, operationId: 'fetchDiscreteCopyNumbersInMolecularProfileUsingPOST',
      description: 'Fetch discrete copy number alterations in a molecular profile by sample ID',
      params: ProfileParams,
      querystring: Type.Object({ discreteCopyNumberEventType: Type.Optional(EventType), projection: Type.Optional(Projection) }),
      body: DiscreteCopyNumberFilterSchema,
      response,
    },
  }, async (request, reply) => {
    const { sampleListId, sampleIds, entrezGeneIds } = request.body;
    if ((sampleListId === undefined) === (sampleIds === undefined)) throw new InvalidRequest('eitherSampleListIdOrSampleIdsPresent must be true');
    const profile = await requireDiscreteCnaProfile(app.db, request.params.molecularProfileId);
    const { discreteCopyNumberEventType = 'HOMDEL_AND_AMP', projection = 'SUMMARY' } = request.query;
    const q = { profileKey: profile.profile_key, studyKey: profile.study_key, sampleListId, sampleIds, entrezGeneIds, eventType: discreteCopyNumberEventType };
    return answer(q, projection, reply);
  });

  app.post('/molecular-profiles/:molecularProfileId/discrete-copy-number-counts/fetch', {
    schema: {
      tags: ['Discrete Copy Number Alteration Counts'], operationId: 'fetchCopyNumberCountsUsingPOST',
      description: 'Get counts of specific genes and alterations within a CNA molecular profile',
      params: ProfileParams,
      // title: the bare array's name in the size message (api.md 1.7).
      body: Type.Array(CopyNumberCountIdentifierSchema, { minItems: 1, maxItems: 50_000, title: 'copyNumberCountIdentifiers' }),
      response: { 200: Type.Array(CopyNumberCountSchema) },
    },
  }, async (request) => {
    const profile = await requireDiscreteCnaProfile(app.db, request.params.molecularProfileId);
    return fetchCopyNumberCounts(app.db, profile.profile_key, request.body);
  });

  await app.register(copyNumberSegmentRoutes);
};
