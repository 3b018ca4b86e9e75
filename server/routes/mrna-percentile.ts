// POST /api/molecular-profiles/{molecularProfileId}/mrna-percentile/fetch (api.md 22.1).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotFound } from '../../engine/errors.js';
import { requireProfile } from '../../engine/resources/lookup.js';
import { fetchMrnaPercentiles } from '../../engine/resources/mrna-percentile.js';
import { toApiObject } from '../../engine/sql/db.js';
import { sql } from '../../engine/sql/sql.js';

const MrnaPercentileSchema = Type.Object(
  {
    molecularProfileId: Type.String(),
    sampleId: Type.String(),
    patientId: Type.String(),
    studyId: Type.String(),
    entrezGeneId: Type.Integer(),
    percentile: Type.Number(),
    zScore: Type.Number(),
    uniqueSampleKey: Type.String(),
    uniquePatientKey: Type.String(),
  },
  { $id: 'MrnaPercentile' },
);

export const mrnaPercentileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/molecular-profiles/:molecularProfileId/mrna-percentile/fetch',
    {
      schema: {
        tags: ['Molecular Data'],
        operationId: 'fetchMrnaPercentileUsingPOST',
        params: Type.Object({ molecularProfileId: Type.String() }),
        querystring: Type.Object({ sampleId: Type.String() }),
        body: Type.Array(Type.Integer(), { minItems: 1, maxItems: 10_000_000, description: 'List of Entrez Gene IDs' }),
        response: { 200: Type.Array(MrnaPercentileSchema) },
      },
    },
    async (request) => {
      const profile = await requireProfile(app.db, request.params.molecularProfileId, ['MRNA_EXPRESSION']);
      const sample = await app.db.one<{ sample_key: number }>(
        sql`SELECT sample_key FROM sample WHERE study_key = ${profile.study_key} AND sample_id = ${request.query.sampleId}`,
      );
      if (!sample) throw NotFound.sample(profile.study_id, request.query.sampleId);
      return (await fetchMrnaPercentiles(app.db, profile.profile_key, sample.sample_key, request.body)).map(toApiObject);
    },
  );
};
