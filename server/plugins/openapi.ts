// The served API description: OpenAPI 3 at /api/v3/api-docs, generated from the routes' TypeBox
// schemas (operationIds are cBioPortal's), its Swagger 2.0 form at /api/v2/api-docs, and a
// Swagger UI page at /api/swagger-ui.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { toSwagger2 } from './swagger2.js';

export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'cBioPortal web Public API (duckportal)', version: '1.0', description: 'The cBioPortal web API, served from DuckDB.' },
      servers: [{ url: '/' }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/swagger-ui' });
  app.get('/api/v3/api-docs', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/v2/api-docs', { schema: { hide: true } }, async (request) =>
    toSwagger2(app.swagger() as unknown as Record<string, unknown>, request.headers.host ?? 'localhost'));
}
