// GET /api/health (api.md 28): UP when the store answers and holds the cancer type reference.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from '../../engine/sql/sql.js';

/** Fails unless the store answers and holds a cancer type. */
const STORE_CHECK = sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM type_of_cancer) THEN 1 ELSE error('no cancer type reference') END`;

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['Server running status'],
        operationId: 'getServerStatusUsingGET',
        response: { 200: Type.Object({ status: Type.Union([Type.Literal('UP'), Type.Literal('DOWN')]) }, { $id: 'ServerStatusMessage' }) },
      },
    },
    async () => ({ status: (await app.db.succeeds(STORE_CHECK)) ? ('UP' as const) : ('DOWN' as const) }),
  );
};
