// The served API description: OpenAPI 3 at /api/v3/api-docs (and cBioPortal's two parts of it,
// /public and /internal), generated from the routes' TypeBox schemas (operationIds and model names
// are cBioPortal's), its Swagger 2.0 form at /api/v2/api-docs, and a Swagger UI page at /api/swagger-ui.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { documentedUnions } from './openapi-document.js';
import { apiGroup } from './openapi-groups.js';
import { Models } from './openapi-models.js';
import { toSwagger2 } from './swagger2.js';

export async function installOpenApi(app: FastifyInstance): Promise<void> {
  // The models of the routes added after this; the components are filled once all are added (they
  // are read when the description is first asked for).
  const models = new Models();
  const components: Record<string, unknown> = {};
  app.addHook('onRoute', (route) => {
    models.add(route.schema);
    models.documentRoute(route);
  });
  app.addHook('onReady', async () => {
    Object.assign(components, models.components());
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'cBioPortal web Public API (duckportal)', version: '1.0', description: 'The cBioPortal web API, served from DuckDB.' },
      servers: [{ url: '/' }],
      components: { schemas: components as never },
    },
    transform: ({ schema, url }) => ({ schema: schema && models.documented(schema), url }),
    transformObject: (document) => ('openapiObject' in document ? documentedUnions(document.openapiObject as Record<string, unknown>) : document.swaggerObject) as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/swagger-ui' });
  app.get('/api/v3/api-docs', { schema: { hide: true } }, async () => app.swagger());
  // cBioPortal's two groups, which the front end's `updateAPI` script reads.
  for (const group of ['public', 'internal'] as const) {
    app.get(`/api/v3/api-docs/${group}`, { schema: { hide: true } }, async () => apiGroup(app.swagger() as unknown as Record<string, unknown>, group));
  }
  app.get('/api/v2/api-docs', { schema: { hide: true } }, async (request) =>
    toSwagger2(app.swagger() as unknown as Record<string, unknown>, request.headers.host ?? 'localhost'));
}
