// The "same result computed directly in DuckDB" of the HTTP benchmarks: an in-process app whose Db
// records every statement it is given (the server code is not instrumented for this) answers the
// request once; the statements are then replayed back to back on the store, reading every row.
// HTTP p50 / SQL p50 is the overhead ratio, comparable across machines and noisy runs.
import { Db } from '../engine/sql/db.js';
import { toDuckDbParams, toDuckDbTypes, type Sql } from '../engine/sql/sql.js';
import { buildApp } from '../server/app.js';
import { readLimits } from '../server/config/limits.js';
import { measure, quantile, SERVER_ENV, type Case, type Timing } from './harness.js';

export interface SqlTiming extends Timing {
  /** Statements a warm request of the endpoint runs. */
  statements: number;
  directSqlP50: number;
  /** HTTP p50 / direct SQL p50; null when a warm request runs no SQL (answered from memory). */
  ratio: number | null;
}

/** A Db whose every query is also appended to `log` (one() goes through all()). */
function recording(db: Db, log: Sql[]): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'all' || property === 'stream' || property === 'run' || property === 'numericChunks' || property === 'numericColumns')
        return (query: Sql) => {
          log.push(query);
          return (value as (q: Sql) => unknown).call(receiver, query);
        };
      return typeof value === 'function' ? value.bind(receiver) : value;
    },
  });
}

export class SqlReplayer {
  private constructor(
    private readonly db: Db,
    private readonly app: Awaited<ReturnType<typeof buildApp>>,
    /** What the app's recording Db was given since the last capture. */
    private readonly log: Sql[],
  ) {}

  /** Opens the store read-only beside the server (DuckDB allows several read-only processes). */
  static async open(dbPath: string): Promise<SqlReplayer> {
    const db = await Db.open(dbPath, { readOnly: true, memoryLimit: '2GB' });
    const log: Sql[] = [];
    return new SqlReplayer(db, await buildApp({ db: recording(db, log), limits: readLimits(undefined, SERVER_ENV) }), log);
  }

  /**
   * The statements `c` runs, from a warm in-process request (as HTTP's p50 is): the first request
   * also materialises the cohort and reads lookups kept in memory, which later ones reuse.
   */
  async capture(c: Case): Promise<Sql[]> {
    for (let i = 0; i < 2; i++) {
      this.log.length = 0;
      const response = await this.app.inject({ method: c.method, url: c.path, payload: c.body as object | undefined });
      if (response.statusCode !== 200) throw new Error(`${c.name}: in-process ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    return [...this.log];
  }

  /** p50 of running the statements back to back, reading every row (as the endpoint does). */
  async replay(statements: readonly Sql[], times: number): Promise<number> {
    const ms: number[] = [];
    for (let i = 0; i < times + 2; i++) {
      const t0 = performance.now();
      for (const s of statements) await this.db.connection.runAndReadAll(s.text, toDuckDbParams(s.params), toDuckDbTypes(s.params));
      if (i >= 2) ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    return Math.round(quantile(ms, 0.5) * 10) / 10;
  }

  async close(): Promise<void> {
    await this.app.close();
    this.db.close();
  }
}

/**
 * HTTP timings of the cases on the server at `base`, then their statements replayed in DuckDB, and
 * the ratios. Every case is timed over HTTP before any is replayed: the in-process app that
 * captures statements keeps lookups in this process's memory, whose collection would otherwise
 * slow the client of the later cases.
 */
export async function measureAllWithSql(base: string, replayer: SqlReplayer, cases: readonly Case[], runs: number): Promise<SqlTiming[]> {
  const timings: Timing[] = [];
  for (const c of cases) timings.push(await measure(base, c, runs));
  const out: SqlTiming[] = [];
  for (const [i, c] of cases.entries()) out.push(await withSql(timings[i], replayer, c, runs));
  return out;
}

async function withSql(timing: Timing, replayer: SqlReplayer, c: Case, runs: number): Promise<SqlTiming> {
  const statements = await replayer.capture(c);
  const directSqlP50 = await replayer.replay(statements, Math.min(runs, 20));
  const ratio = statements.length === 0 ? null : Math.round((timing.p50 / Math.max(directSqlP50, 0.1)) * 100) / 100;
  return { ...timing, statements: statements.length, directSqlP50, ratio };
}
