// Transport concerns of every response (api.md 1.1): CORS exposing cBioPortal's headers,
// gzip/br compression, Elapsed-Time, and a Server-Timing header that splits SQL time from total.
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { createGunzip } from 'node:zlib';
import { Transform } from 'node:stream';
import { queryTimer, type QueryTimer } from '../../engine/sql/query-timer.js';
import { BROTLI_OPTIONS, ENCODINGS, ZLIB_OPTIONS } from '../compression.js';
import { KeptAnswers } from '../kept-answers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Large answers kept compressed for their next request (server/kept-answers.ts). */
    answers: KeptAnswers;
  }
  interface FastifyRequest {
    timing: { started: number; sql: QueryTimer };
  }
}

export async function installHttp(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: true,
    methods: ['GET', 'POST', 'DELETE', 'HEAD', 'OPTIONS'],
    exposedHeaders: ['total-count', 'sample-count', 'elapsed-time', 'server-timing'],
  });
  await app.register(compress, { global: true, encodings: [...ENCODINGS], threshold: 1024, zlibOptions: ZLIB_OPTIONS, brotliOptions: BROTLI_OPTIONS });
  app.decorate('answers', new KeptAnswers());
  app.decorateRequest('timing', undefined as never);
  app.addHook('preValidation', async (request) => {
    // Values are trimmed, and `?projection=` (an empty value) means the parameter is absent (api.md 1.3).
    const query = request.query as Record<string, unknown> | undefined;
    for (const key of Object.keys(query ?? {})) {
      const value = query![key];
      if (typeof value !== 'string') continue;
      if (value.trim() === '') delete query![key];
      else query![key] = value.trim();
    }
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.headers['content-encoding'] !== 'gzip') return payload;
    // cBioPortal accepts gzip-encoded JSON bodies; the inflated size is capped against bombs.
    delete request.headers['content-encoding'];
    delete request.headers['content-length'];
    return payload.pipe(createGunzip()).pipe(sizeCap(MAX_INFLATED_BODY));
  });
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

/** cBioPortal's inflated request size limit (api.md 1.1). */
export const MAX_INFLATED_BODY = 80_000_000;

/** Fails the stream with a 413 once more than `limit` bytes went through. */
function sizeCap(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(Object.assign(new Error(`Request body is larger than ${limit} bytes once inflated`), { statusCode: 413 }));
      else done(null, chunk);
    },
  });
}
