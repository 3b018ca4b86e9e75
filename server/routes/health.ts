// GET /api/health (api.md 28): UP when the store answers and holds the cancer type reference.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from '../../engine/sql/sql.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['Server running status'],
        operationId: 'getHealthUsingGET',
        response: { 200: Type.Object({ status: Type.Union([Type.Literal('UP'), Type.Literal('DOWN')]) }) },
      },
    },
    async () => {
      const row = await app.db.ping<{ n: number }>(sql`SELECT count(*)::INTEGER AS n FROM (SELECT 1 FROM type_of_cancer LIMIT 1)`);
      return { status: row && row.n > 0 ? ('UP' as const) : ('DOWN' as const) };
    },
  );
};
