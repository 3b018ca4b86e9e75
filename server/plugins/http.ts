// Transport concerns of every response (api.md 1.1): CORS exposing cBioPortal's headers,
// gzip/br compression, Elapsed-Time, and a Server-Timing header that splits SQL time from total.
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { queryTimer, type QueryTimer } from '../../engine/sql/query-timer.js';

declare module 'fastify' {
  interface FastifyRequest {
    timing: { started: number; sql: QueryTimer };
  }
}

export async function installHttp(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: true,
    methods: ['GET', 'POST', 'HEAD', 'OPTIONS'],
    exposedHeaders: ['total-count', 'sample-count', 'elapsed-time', 'server-timing'],
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip', 'deflate'], threshold: 1024 });
  app.decorateRequest('timing', undefined as never);
  app.addHook('onRequest', async (request) => {
    const sql = { ms: 0 };
    request.timing = { started: performance.now(), sql };
    // Every statement run while this request is handled adds its time here (engine/sql/db.ts).
    queryTimer.enterWith(sql);
  });
  app.addHook('onSend', async (request, reply) => {
    const timing = request.timing;
    if (!timing) return;
    const total = performance.now() - timing.started;
    reply.header('Elapsed-Time', String(Math.round(total)));
    reply.header('Server-Timing', `sql;dur=${timing.sql.ms.toFixed(1)}, total;dur=${total.toFixed(1)}`);
  });
}
