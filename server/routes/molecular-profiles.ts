// Molecular profiles (api.md 12): all, one study's, one, and the fetch by study or profile ids.
// META answers with total-count only; the single GET is always DETAILED.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { InvalidRequest, NotFound } from '../../engine/errors.js';
import { requireStudyKey } from '../../engine/resources/lookup.js';
import {
  countMolecularProfiles, fetchMolecularProfiles, MOLECULAR_PROFILE_SORT_COLUMNS,
  type MolecularProfileScope, type MolecularProfileSortBy,
} from '../../engine/resources/molecular-profiles.js';
import { toApiObject } from '../../engine/sql/db.js';
import { literalUnion, pageOf, pagingQuery, Projection, type ProjectionName, sendTotalCount, StudyIdParams } from '../params.js';
import { MolecularProfileFilterSchema, MolecularProfileSchema } from '../schemas/molecular-profiles.js';
import { readableStudyIds } from '../plugins/security.js';

const tags = ['Molecular Profiles'];
const ListQuery = Type.Object({
  ...pagingQuery(),
  sortBy: Type.Optional(literalUnion(Object.keys(MOLECULAR_PROFILE_SORT_COLUMNS) as MolecularProfileSortBy[], { description: 'Name of the property that the result list is sorted by' })),
});
const response = { 200: Type.Array(MolecularProfileSchema) };

interface Listing {
  scope: MolecularProfileScope;
  projection: ProjectionName;
  sortBy?: MolecularProfileSortBy;
  direction?: 'ASC' | 'DESC';
  limit?: number;
  offset?: number;
}

export const molecularProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (q: Listing, reply: FastifyReply) => {
    if (q.projection === 'META') return sendTotalCount(reply, await countMolecularProfiles(app.db, q.scope));
    return reply.send((await fetchMolecularProfiles(app.db, { ...q, projection: q.projection })).map(toApiObject));
  };
  const listParams = (query: typeof ListQuery.static) => ({
    projection: query.projection ?? 'SUMMARY', sortBy: query.sortBy, direction: query.direction, ...pageOf(query),
  });

  app.get('/molecular-profiles', {
    schema: { tags, operationId: 'getAllMolecularProfilesUsingGET', description: 'Get all molecular profiles', querystring: ListQuery, response },
  }, async (request, reply) => {
    const studyIds = await readableStudyIds(app, request);
    return answer({ scope: studyIds === undefined ? { kind: 'all' } : { kind: 'studies', studyIds }, ...listParams(request.query) }, reply);
  });

  app.get('/studies/:studyId/molecular-profiles', {
    schema: {
      tags, operationId: 'getAllMolecularProfilesInStudyUsingGET', description: 'Get all molecular profiles in a study',
      params: StudyIdParams, querystring: ListQuery, response,
    },
  }, async (request, reply) => {
    await requireStudyKey(app.db, request.params.studyId);
    return answer({ scope: { kind: 'studies', studyIds: [request.params.studyId] }, ...listParams(request.query) }, reply);
  });

  app.get('/molecular-profiles/:molecularProfileId', {
    schema: {
      tags, operationId: 'getMolecularProfileUsingGET', description: 'Get molecular profile',
      params: Type.Object({ molecularProfileId: Type.String({ description: 'Molecular Profile ID e.g. acc_tcga_mutations' }) }),
      response: { 200: MolecularProfileSchema },
    },
  }, async (request) => {
    const id = request.params.molecularProfileId;
    const [profile] = await fetchMolecularProfiles(app.db, { scope: { kind: 'ids', molecularProfileIds: [id] }, projection: 'DETAILED' });
    if (!profile) throw NotFound.molecularProfile(id);
    return toApiObject(profile);
  });

  app.post('/molecular-profiles/fetch', {
    schema: {
      tags, operationId: 'fetchMolecularProfilesUsingPOST', description: 'Fetch molecular profiles',
      querystring: Type.Object({ projection: Type.Optional(Projection) }), body: MolecularProfileFilterSchema, response,
    },
  }, async (request, reply) => {
    const { studyIds, molecularProfileIds } = request.body;
    if ((studyIds === undefined) === (molecularProfileIds === undefined)) throw new InvalidRequest('eitherStudyIdsOrMolecularProfileIdsPresent must be true');
    const scope: MolecularProfileScope = studyIds !== undefined ? { kind: 'studies', studyIds } : { kind: 'ids', molecularProfileIds: molecularProfileIds ?? [] };
    return answer({ scope, projection: request.query.projection ?? 'SUMMARY' }, reply);
  });
};
