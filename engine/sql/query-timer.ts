// Time spent in DuckDB per request: the server opens a timer per request (AsyncLocalStorage) and
// Db adds each statement's duration to it, for the Server-Timing header.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface QueryTimer {
  ms: number;
}

export const queryTimer = new AsyncLocalStorage<QueryTimer>();

export async function timed<T>(work: () => Promise<T>): Promise<T> {
  const timer = queryTimer.getStore();
  if (!timer) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    timer.ms += performance.now() - started;
  }
}
