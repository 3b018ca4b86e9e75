// The statistics worker pool (Piscina): CPU-heavy statistics run off the event loop so that the
// server keeps answering (GET /api/health among others) while one runs. DuckDB's own threads
// share the same cores, so the pool keeps one core for them and the event loop.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { TaskInput, TaskName, TaskOutput } from './tasks.js';

export interface StatsPool {
  run<N extends TaskName>(task: N, input: TaskInput<N>, transfer?: readonly ArrayBuffer[]): Promise<Awaited<TaskOutput<N>>>;
  close(): Promise<void>;
}

export interface StatsPoolOptions {
  /** Worker threads; default: the available cores minus one, at least one. */
  threads?: number;
  /** Start one worker now rather than on first use (a worker takes ~1-2 s to load TypeScript). */
  warm?: boolean;
}

export function createStatsPool(options: StatsPoolOptions = {}): StatsPool {
  const threads = options.threads ?? Math.max(1, availableParallelism() - 1);
  const piscina = new Piscina({
    filename: new URL('./worker.ts', import.meta.url).href,
    // Workers load TypeScript through tsx as the main thread does; resolved here, since a bare
    // `--import tsx` would be looked up from the working directory (a curator's folder, say).
    execArgv: ['--import', import.meta.resolve('tsx')],
    minThreads: options.warm ? 1 : 0,
    maxThreads: threads,
    idleTimeout: 30_000,
  });
  // An error outside any task (a worker that cannot start) must not end the server: later
  // tasks fail with it instead (a 500 for that request).
  let broken: Error | undefined;
  piscina.on('error', (error: Error) => {
    broken = error;
  });
  return {
    run: (task, input, transfer) =>
      broken ? Promise.reject(broken) : piscina.run({ task, input }, { transferList: transfer as ArrayBuffer[] | undefined }),
    close: () => piscina.destroy(),
  };
}
