// GET /duckportal/resident-state: what the server keeps in memory for the generation of the store
// it serves (server/live-store.ts), for operators: the generation and its studies, the lookups and
// matrices within their budget (the largest first), the materialised cohorts and the kept answers;
// how many lookups were read from the store (of the whole store, per study) and how many of each
// were taken over from the generation before (server/carry-over.ts).
// Not cBioPortal's: outside /api and the API description. Its keys name filters and profiles,
// so only a caller who may read every study gets it (any caller of a login-free instance).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Forbidden } from '../security/security-errors.js';
import { generationOf, type LiveStore } from '../live-store.js';

/** Lookups listed one by one, the largest first; the rest are counted in the totals only. */
const LISTED = 50;

const ResidentStateSchema = Type.Object(
  {
    generation: Type.Integer(),
    studies: Type.Array(Type.String()),
    lookups: Type.Object({
      entries: Type.Integer(),
      bytes: Type.Number(),
      budgetBytes: Type.Number(),
      largest: Type.Array(Type.Object({ key: Type.String(), bytes: Type.Number() })),
      /** Lookups read from this generation's store: those of the whole store, and per study for those of some studies. */
      built: Type.Object({ wholeStore: Type.Integer(), byStudy: Type.Record(Type.String(), Type.Integer()) }),
      carried: Type.Integer(),
    }),
    cohorts: Type.Object({ entries: Type.Integer(), carried: Type.Integer() }),
    answers: Type.Object({ entries: Type.Integer(), bytes: Type.Number(), carried: Type.Integer() }),
  },
  // No $id: a model outside the API description (this route is hidden) would be listed in it unreferenced.
);

export function residentStateRoutes(live: LiveStore): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/duckportal/resident-state', {
      config: { ownPermissionCheck: true },
      schema: { hide: true, tags: ['Operations'], response: { 200: ResidentStateSchema } },
    }, async (request) => {
      if (!request.caller.access.readsEveryStudy) throw new Forbidden();
      const generation = generationOf(live);
      const { matrices, cohorts, answers } = generation.resident;
      const report = matrices.report();
      const { wholeStore, byStudy, carried } = matrices.buildCounts();
      return {
        generation: generation.number,
        studies: [...generation.studies.keys()].sort(),
        lookups: {
          entries: report.entries.length,
          bytes: report.entries.reduce((sum, e) => sum + e.bytes, 0),
          budgetBytes: report.budgetBytes,
          largest: report.entries.sort((a, b) => b.bytes - a.bytes).slice(0, LISTED),
          built: { wholeStore, byStudy },
          carried,
        },
        cohorts: { entries: cohorts.size, carried: cohorts.carried },
        answers: { entries: answers.size, bytes: answers.keptBytes, carried: answers.carried },
      };
    });
  };
}
