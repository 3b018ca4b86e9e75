// Transport concerns of every request and response (api.md 1.1): CORS exposing cBioPortal's
// headers, gzip/br compression, gzip-encoded request bodies (inflated by @fastify/compress, a
// bounded number at once), Elapsed-Time, and a Server-Timing header that splits SQL time from total.
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest, RequestPayload } from 'fastify';
import { Turns } from '../../engine/turns.js';
import type { Limits } from '../config/limits.js';
import { queryTimer, type QueryTimer } from '../../engine/sql/query-timer.js';
import { BROTLI_OPTIONS, ENCODINGS, ZLIB_OPTIONS } from '../compression.js';

declare module 'fastify' {
  interface FastifyRequest {
    timing: { started: number; sql: QueryTimer };
    /** While the request holds an inflation turn: the stream of its inflated body. */
    inflating: RequestPayload | undefined;
  }
}

export async function installHttp(app: FastifyInstance, options: { limits: Limits; loginRequired: boolean }): Promise<void> {
  await app.register(cors, {
    origin: true,
    methods: ['GET', 'POST', 'DELETE', 'HEAD', 'OPTIONS'],
    exposedHeaders: ['total-count', 'sample-count', 'elapsed-time', 'server-timing'],
  });
  installInflationTurns(app, options.limits);
  // On a login-required instance anyone may call the public routes (config.public): their bodies
  // are held to the smaller anonymous limit.
  if (options.loginRequired) {
    const { maxBytes, maxBytesAnonymous } = options.limits.body;
    app.addHook('onRoute', (route) => {
      if (route.config?.public) route.bodyLimit = Math.min(route.bodyLimit ?? maxBytes, maxBytesAnonymous);
    });
  }
  // cBioPortal accepts gzip-encoded bodies (api.md 1.1); the inflated size is Fastify's bodyLimit,
  // counted on the inflated bytes. An invalid or truncated stream is a 400, another encoding a 415.
  // api.md lists cBioPortal's 500 for a gzip header on a request without a body (a GET): that
  // defect is not reproduced, such a request is served as any other (waitForTurn skips it).
  await app.register(compress, {
    global: true, encodings: [...ENCODINGS], threshold: 1024, zlibOptions: ZLIB_OPTIONS, brotliOptions: BROTLI_OPTIONS,
    requestEncodings: ['gzip'],
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

/**
 * At most `duckportal.body.max_concurrent_inflations` bodies are inflated at once: each may grow to
 * the body limit in memory, so sixteen small gzip bombs must not hold sixteen times that. A request
 * waits for its turn (its body unread, held back by TCP) within the query wait limit, then gets 503.
 * The turn is given back once the body is parsed, or when the request ends or is aborted.
 */
function installInflationTurns(app: FastifyInstance, limits: Limits): void {
  const { body, query } = limits;
  const inflations = new Turns({ count: body.maxConcurrentInflations, maxWaitMs: query.maxWaitMs, maxWaiting: query.maxWaiting }, 'compressed request bodies');
  const giveBack = async (request: FastifyRequest) => {
    if (request.inflating === undefined) return;
    // A body refused half-way (too large, invalid JSON) would otherwise go on inflating unread.
    if (!request.inflating.readableEnded) request.inflating.destroy();
    request.inflating = undefined;
    inflations.give();
  };
  const waitForTurn = async (request: FastifyRequest, _reply: unknown, payload: RequestPayload) => {
    const encoding = request.headers['content-encoding'];
    if (encoding === undefined || encoding === 'identity' || !hasBody(request)) return payload;
    await inflations.take();
    // A small body can inflate to its end while it waits and fail there (a bad checksum). Its
    // error was emitted before the body parser listened, and the pipeline destroyed the request
    // stream too: checked first, it is the answer (a 400, set by the compression plugin), where
    // taking it for an abort left the request unanswered.
    const failed = (payload as RequestPayload & { errored?: Error | null }).errored;
    if (failed) {
      inflations.give();
      throw failed;
    }
    // Aborted while it waited: onRequestAbort has run already.
    if (request.raw.destroyed) inflations.give();
    else request.inflating = payload;
    return payload;
  };
  app.decorateRequest('inflating', undefined);
  // Runs after the compression plugin's own preParsing hook, which this one's payload is the inflating stream of.
  app.addHook('onRoute', (route) => {
    route.preParsing = [...[route.preParsing ?? []].flat(), waitForTurn as never];
  });
  app.addHook('preValidation', giveBack);
  app.addHook('onResponse', giveBack);
  app.addHook('onRequestAbort', giveBack);
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
