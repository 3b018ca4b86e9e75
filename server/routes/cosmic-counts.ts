// POST /api/cosmic-counts/fetch (cBioPortal's CosmicCountController): COSMIC's counts of the
// mutation keywords of a mutation table (the front end's COSMIC column); [] before `cosmic import`.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fetchCosmicCounts } from '../../engine/resources/cosmic-counts.js';
import { toApiObject } from '../../engine/sql/db.js';
import { CosmicMutationSchema, type CosmicMutation } from '../schemas/cosmic-counts.js';

/** A bare-array body of 1 to 50,000 keywords; `title` names it in the size message (api.md 1.7). */
const Keywords = Type.Array(Type.String(), { minItems: 1, maxItems: 50_000, title: 'keywords', description: 'List of keywords' });

export const cosmicCountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/cosmic-counts/fetch', {
    schema: {
      tags: ['Cosmic Counts'], operationId: 'fetchCosmicCountsUsingPOST', description: 'Get counts within the COSMIC database by keywords',
      body: Keywords,
      response: { 200: Type.Array(CosmicMutationSchema) },
    },
  }, async (request) => (await fetchCosmicCounts(app.db, request.body)).map((row) => toApiObject(row) as CosmicMutation));
};
