// The duckportal Fastify application as a plugin-composed instance: routes under /api.
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../engine/sql/db.js';
import { installErrorHandler } from './plugins/error-handler.js';
import { healthRoutes } from './routes/health.js';
import { studyRoutes } from './routes/studies.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface AppOptions {
  db: Db;
  logger?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('db', options.db);
  installErrorHandler(app);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { startedAt: number }).startedAt = performance.now();
  });
  app.addHook('onSend', async (request, reply) => {
    const started = (request as unknown as { startedAt?: number }).startedAt ?? performance.now();
    reply.header('Elapsed-Time', String(Math.round(performance.now() - started)));
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(studyRoutes);
    },
    { prefix: '/api' },
  );
  return app;
}
