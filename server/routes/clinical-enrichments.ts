// Clinical-data enrichments between sample groups (api.md 23.4, study-view.md 4.23 and 6.4); the
// column store's preview path is served by the same handler, which names the numeric test by the
// groups that entered it where the Legacy path counts the request's groups.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fetchClinicalEnrichmentData, toClinicalDataEnrichments } from '../../engine/analyses/clinical-enrichments.js';
import { toApiObject } from '../../engine/sql/db.js';
import { ClinicalDataEnrichmentSchema, GroupFilterSchema } from '../schemas/clinical-enrichments.js';

export const clinicalEnrichmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [path, operationId, legacy] of [
    ['/clinical-data-enrichments/fetch', 'fetchClinicalEnrichmentsUsingPOST', true],
    ['/not-ready-yet/clinical-data-enrichments/fetch', 'fetchClinicalEnrichmentsUsingPOST_1', false],
  ] as const) {
    app.post(path, {
      schema: {
        tags: ['Clinical Data Enrichments'], operationId, description: 'Fetch clinical data enrichments for the sample groups',
        body: GroupFilterSchema, response: { 200: Type.Array(ClinicalDataEnrichmentSchema) },
      },
    }, async (request) => {
      const groups = request.body.groups.map((g) => ({
        studyIds: g.sampleIdentifiers.map((i) => i.studyId), sampleIds: g.sampleIdentifiers.map((i) => i.sampleId),
      }));
      const data = await fetchClinicalEnrichmentData(app.db, app.matrices, groups);
      if (data.input.numeric.length === 0 && data.input.categorical.length === 0) return [];
      return toClinicalDataEnrichments(data, await app.stats.run('clinicalEnrichmentTests', data.input), legacy).map(toApiObject);
    });
  }
};
