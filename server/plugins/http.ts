// Transport concerns of every response (api.md 1.1): CORS exposing cBioPortal's headers,
// gzip/br compression, Elapsed-Time, and a Server-Timing header that splits SQL time from total.
import compress from '@fastify/compress';
import zlib from 'node:zlib';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { createGunzip } from 'node:zlib';
import { Transform } from 'node:stream';
import { queryTimer, type QueryTimer } from '../../engine/sql/query-timer.js';

declare module 'fastify' {
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
  // The fastest levels: answers run to tens of MB of JSON (272,000 filtered samples: 50 MB), where
  // gzip's default level costs ~300 ms and brotli's ~400; level 1 of either still shrinks this JSON
  // 15-30 fold. Output in 64 KB pieces rather than 16: each piece is a round trip between zlib's
  // thread and this one (50 MB took ~130 ms to compress and send with 16 KB, ~70 with 64).
  const chunkSize = 64 * 1024;
  await app.register(compress, {
    global: true, encodings: ['br', 'gzip', 'deflate'], threshold: 1024,
    zlibOptions: { level: 1, chunkSize },
    brotliOptions: { chunkSize, params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  });
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
