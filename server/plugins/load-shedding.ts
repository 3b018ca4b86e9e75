// Load shedding (@fastify/under-pressure): while the event loop lags or the heap is past its
// limit (duckportal.pressure.*), a request gets 503 with Retry-After and a JSON message at once,
// before any work, instead of queueing behind the overload it would deepen. Only a listening
// server sheds (buildApp's `shedLoad`): the apps that tests and the warm-up drive in-process share
// their event loop with the store's loading, whose pauses are no overload of the server.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

const RETRY_AFTER_SECONDS = 10;

export async function installLoadShedding(app: FastifyInstance): Promise<void> {
  const { maxEventLoopDelayMs, maxHeapUsedBytes } = app.limits.pressure;
  if (maxEventLoopDelayMs === 0 && maxHeapUsedBytes === 0) return;
  // under-pressure's sampling interval: the event loop delay is the mean over one. An interval in
  // which the loop never ticked (one synchronous stretch, e.g. parsing a 17 MB body) has no sample,
  // which under-pressure reports as an infinite delay: the interval is never shorter than the
  // limit, so that this means a loop held at least that long (a 1 s interval shed requests after
  // stretches of 1-2 s under a 2 s limit).
  const sampleIntervalMs = Math.max(1000, maxEventLoopDelayMs);
  // Compiling every route's schemas at start-up holds the event loop for seconds: the samples
  // taken before the app was ready, and the one spanning that moment, are not load.
  let shedsFrom = Infinity;
  app.addHook('onReady', async () => {
    shedsFrom = performance.now() + 2 * sampleIntervalMs;
  });
  await app.register(underPressure, {
    sampleInterval: sampleIntervalMs,
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxHeapUsedBytes,
    pressureHandler: (request, reply, type, value) => {
      if (performance.now() < shedsFrom) return;
      const what = type === underPressure.TYPE_HEAP_USED_BYTES ? `heap use ${Math.round(Number(value) / 1e6)} MB` : `event loop delay ${Math.round(Number(value))} ms`;
      request.log.warn(`shedding ${request.method} ${request.url}: ${what}`);
      reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: `The server is overloaded (${what}); retry later` });
    },
  });
}
