// The only module that imports @duckdb/node-api for queries: opening a store,
// running `sql` values, transactions, appenders, and the row mapper.
import {
  DuckDBInstance, DuckDBPendingResultState, JSDuckDBValueConverter, type DuckDBAppender, type DuckDBConnection, type DuckDBDataChunk,
  type DuckDBPreparedStatement, type DuckDBResult,
} from '@duckdb/node-api';
import type { RecordBatch, Schema } from 'apache-arrow';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { migrateStudyStore } from './migrations.js';
import { pause } from '../pause.js';
import { Turns } from '../turns.js';
import { ArrowBatches, type ArrowRows, type Columns } from './arrow-chunks.js';
import { checkDoubleTypes, concatenate, doubleColumns } from './numeric-chunks.js';
import { timed } from './query-timer.js';
import { readyToRun, toDuckDbParams, toDuckDbTypes, type Sql } from './sql.js';

export type Row = Record<string, unknown>;

/** Chunks (of 2,048 rows) numericChunks hands over between two turns of the event loop. */
const CHUNKS_BETWEEN_PAUSES = 32;

/** Tasks of a check (Db.succeeds) run on the event loop before its result is awaited instead. */
const CHECK_TASKS_ON_LOOP = 100;

/** Idle connections kept by a read-only store (more are opened while more queries run). */
const MAX_IDLE_CONNECTIONS = 8;

/**
 * Queries a read-only store runs at once by default; later ones wait their turn. DuckDB already
 * spreads one query over every core, so more at once gain little, and each holds its result. The
 * Study View mix at GENIE's size with 32 connections on 2 cores (npm run bench -- --only concurrency):
 * unbounded 2.8 requests/s and a 7.2 GB server, 4 at once 3.1 and 4.7 GB, 2 at once 4.4 and 2.4 GB.
 * The server sets its own (duckportal.query.*, server/config/limits.ts), with bounded waits.
 */
export const DEFAULT_RUNNING_QUERIES = Math.max(2, Math.floor(availableParallelism() / 2));

export interface QueryTurns {
  /** Queries run at once. */
  maxRunning: number;
  /** A query that waited this long for its turn fails with Busy. */
  maxWaitMs: number;
  /** Queries waiting beyond which one more fails with Busy at once. */
  maxWaiting: number;
}

/**
 * What serving does with a store: read it. The server and the queries see a store through this
 * type, so that a write while serving does not compile (writers: engine/sql/store-writer.ts).
 */
export type ReadOnlyDb = Pick<Db, 'path' | 'succeeds' | 'all' | 'one' | 'stream' | 'arrowBatches' | 'numericChunks' | 'numericColumns' | 'numericStream'>;

export class Db {
  /** Read-only stores: idle connections for concurrent queries (a connection runs one at a time). */
  private readonly idle: DuckDBConnection[] = [];
  private readonly turns: Turns;

  private constructor(
    readonly instance: DuckDBInstance,
    readonly connection: DuckDBConnection,
    /** The connection of the checks (succeeds), used by nothing else. */
    private readonly checkConnection: DuckDBConnection,
    readonly path: string,
    private readonly pooled: boolean,
    turns: QueryTurns,
  ) {
    this.turns = new Turns({ count: turns.maxRunning, maxWaitMs: turns.maxWaitMs, maxWaiting: turns.maxWaiting }, 'queries');
  }

  /**
   * Opens (or creates) a store file; ':memory:' for tests. The schema (the study store's unless
   * another is given) is created if absent.
   */
  static async open(path: string, options: { readOnly?: boolean; memoryLimit?: string; schema?: string; turns?: QueryTurns } = {}): Promise<Db> {
    const config: Record<string, string> = {};
    if (options.readOnly) config.access_mode = 'READ_ONLY';
    if (options.memoryLimit) config.memory_limit = options.memoryLimit;
    const instance = await DuckDBInstance.create(path, config);
    const turns = options.turns ?? { maxRunning: DEFAULT_RUNNING_QUERIES, maxWaitMs: Infinity, maxWaiting: Infinity };
    const db = new Db(instance, await instance.connect(), await instance.connect(), path, options.readOnly === true, turns);
    if (!options.readOnly) {
      await db.exec(options.schema ?? SCHEMA);
      // A new in-memory store has the schema as it is now: nothing to migrate (its checks read the
      // catalog, ~40 ms that every test store and every validation's scratch store would pay).
      if (options.schema === undefined && path !== ':memory:') await migrateStudyStore(db);
    }
    return db;
  }

  /**
   * Runs `work` on a connection: a read-only store (the server) lends one per query so that
   * requests run concurrently, and a slow one never holds up /api/health; a writable store keeps
   * its one connection, which its transactions need.
   */
  private async withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    if (!this.pooled) return work(this.connection);
    await this.turns.take();
    const connection = this.idle.pop() ?? (await this.instance.connect());
    try {
      return await work(connection);
    } finally {
      if (this.idle.length < MAX_IDLE_CONNECTIONS) this.idle.push(connection);
      else connection.closeSync();
      this.turns.give();
    }
  }

  /**
   * Whether a statement (a cheap check: GET /api/health's) runs without error. It is prepared once
   * on a connection of its own and then run task by task on the event loop itself, a fraction of a
   * millisecond: the check answers in the turn that asked, however busy the loop is, where an
   * asynchronous query would wait for a second turn. Only when DuckDB's own threads hold its tasks
   * is the result awaited. Concurrent checks share one run.
   */
  succeeds(query: Sql): Promise<boolean> {
    let running = this.checksRunning.get(query.text);
    if (running === undefined) {
      this.checksRunning.set(query.text, (running = readyToRun(query).then(() => this.check(query), () => false).finally(() => this.checksRunning.delete(query.text))));
    }
    return running;
  }

  private readonly checksRunning = new Map<string, Promise<boolean>>();
  /** The checks' statements, prepared on checkConnection. */
  private readonly checkStatements = new Map<string, Promise<DuckDBPreparedStatement>>();

  private async check(query: Sql): Promise<boolean> {
    try {
      let statement = this.checkStatements.get(query.text);
      if (statement === undefined) this.checkStatements.set(query.text, (statement = this.checkConnection.prepare(query.text)));
      const prepared = await statement;
      if (query.params.length > 0) prepared.bind(toDuckDbParams(query.params), toDuckDbTypes(query.params));
      const pending = prepared.start();
      for (let task = 0; task < CHECK_TASKS_ON_LOOP; task++) {
        const state = pending.runTask();
        if (state === DuckDBPendingResultState.RESULT_READY) return true;
        if (state === DuckDBPendingResultState.NO_TASKS_AVAILABLE) break;
      }
      await pending.getResult();
      return true;
    } catch {
      return false;
    }
  }

  /** Runs a statement without results (DDL, DML). */
  async run(query: Sql): Promise<void> {
    await readyToRun(query);
    await this.withConnection((c) => timed(() => c.run(query.text, toDuckDbParams(query.params), toDuckDbTypes(query.params))));
  }

  /** Runs several ';'-separated constant statements (schema files, pragmas). */
  async exec(text: string): Promise<void> {
    await this.connection.run(text);
  }

  /** Returns rows as JS objects with snake_case keys; BIGINT becomes number, NULL stays null. */
  async all<T = Row>(query: Sql): Promise<T[]> {
    await readyToRun(query);
    const reader = await this.withConnection((c) => timed(() => c.runAndReadAll(query.text, toDuckDbParams(query.params), toDuckDbTypes(query.params))));
    return reader.getRowObjectsJS().map((row) => normaliseRow(row) as T);
  }

  async one<T = Row>(query: Sql): Promise<T | undefined> {
    return (await this.all<T>(query))[0];
  }

  /**
   * Yields the rows in batches (one DuckDB chunk, ~2048 rows, each), so that a large answer is
   * never whole in memory. Runs on a connection of its own: any other statement on the shared
   * connection would invalidate a pending streamed result. The connection closes when the
   * consumer finishes, stops early (`return()`) or fails.
   */
  async *stream<T = Row>(query: Sql): AsyncGenerator<T[], void, undefined> {
    yield* this.streamed(query, (result) => {
      const names = result.deduplicatedColumnNames();
      return (chunk) => chunk.convertRows(JSDuckDBValueConverter).map((values) => rowObject<T>(names, values));
    });
  }

  /**
   * The rows as Arrow record batches of some thousand rows (arrow-chunks.ts), streamed as `stream`
   * streams them; each column becomes the field of `fields` its API name names. At least one
   * batch: an empty result is one batch without rows, which carries the fields.
   */
  async *arrowBatches(rows: ArrowRows, fields: Schema): AsyncGenerator<RecordBatch, void, undefined> {
    const plan = new ArrowBatches(rows.query, await this.describe(rows.query), fields, rows.numbers, apiName);
    let yielded = false;
    for await (const batch of this.streamed(plan.packed, () => (chunk) => plan.append(chunk))) {
      if (batch) yield batch;
      yielded ||= batch !== undefined;
    }
    const last = plan.flush();
    if (last.numRows > 0 || !yielded) yield last;
  }

  /**
   * A query's column names and types, from its plan under LIMIT 0, which DuckDB runs as an empty
   * result (~20 ms for the mutations of 10,000 samples, whose query takes ~250); a prepared
   * statement leaves them unresolved where a parameter's type decides them.
   */
  private async describe(query: Sql): Promise<Columns> {
    await readyToRun(query);
    return this.withConnection(async (c) => {
      const result = await timed(() => c.run(`SELECT * FROM (${query.text}) LIMIT 0`, toDuckDbParams(query.params), toDuckDbTypes(query.params)));
      return { names: result.columnNames(), types: result.columnTypes() };
    });
  }

  /**
   * A streamed result, each chunk converted by `convert`, on a connection of its own. A query turn
   * is held only while DuckDB computes a chunk, never while the consumer (a client reading the
   * answer, perhaps slowly or not at all) holds one: a stalled reader keeps its connection and its
   * result, not the turn that other queries wait for.
   */
  private async *streamed<T>(query: Sql, converter: (result: DuckDBResult) => (chunk: DuckDBDataChunk) => T): AsyncGenerator<T, void, undefined> {
    const inTurn = <R>(work: () => Promise<R>) => (this.pooled ? this.turns.run(work) : work());
    await readyToRun(query);
    const connection = await this.instance.connect();
    try {
      const result = await inTurn(() => timed(() => connection.stream(query.text, toDuckDbParams(query.params), toDuckDbTypes(query.params))));
      const convert = converter(result);
      for (let i = 1; ; i++) {
        const chunk = await inTurn(() => result.fetchChunk());
        if (!chunk || chunk.rowCount === 0) return;
        if (i % CHUNKS_BETWEEN_PAUSES === 0) await pause();
        yield convert(chunk);
      }
    } finally {
      connection.closeSync();
    }
  }

  /**
   * For a query whose columns are all DOUBLE (cast in the SQL): each chunk's columns as typed
   * arrays copied straight from DuckDB's vectors (numeric-chunks.ts), never a JS value per number, which is what makes handing millions of values to the statistics pool cheap. DuckDB
   * reads the result whole (fetching a chunk at a time costs more than the copy), so slice large
   * ones; the consumer gets it chunk by chunk, with a pause for other requests every few chunks.
   */
  async *numericChunks(query: Sql): AsyncGenerator<Float64Array[], void, undefined> {
    const result = await this.numericResult(query);
    for (let i = 0; i < result.chunkCount; i++) {
      if (i % CHUNKS_BETWEEN_PAUSES === CHUNKS_BETWEEN_PAUSES - 1) await pause();
      yield doubleColumns(result.getChunk(i));
    }
  }

  /** The same for a result of moderate size (up to a few million rows): each column whole, as one typed array. */
  async numericColumns(query: Sql): Promise<Float64Array[]> {
    const result = await this.numericResult(query);
    const chunks: Float64Array[][] = [];
    // Copying 4 million rows' chunks took over a second: other requests get turns between them.
    for (let i = 0; i < result.chunkCount; i++) {
      if (i % CHUNKS_BETWEEN_PAUSES === CHUNKS_BETWEEN_PAUSES - 1) await pause();
      chunks.push(doubleColumns(result.getChunk(i)));
    }
    return Array.from({ length: result.columnCount }, (_, c) => concatenate(chunks.map((columns) => columns[c])));
  }

  /**
   * numericChunks for a result too large to hold whole (hundreds of millions of rows): DuckDB
   * streams it a chunk at a time, on a connection of its own as `stream`.
   */
  async *numericStream(query: Sql): AsyncGenerator<Float64Array[], void, undefined> {
    yield* this.streamed(query, (result) => {
      checkDoubleTypes(result.columnTypes());
      return doubleColumns;
    });
  }

  private async numericResult(query: Sql) {
    await readyToRun(query);
    const result = await this.withConnection((c) => timed(() => c.run(query.text, toDuckDbParams(query.params), toDuckDbTypes(query.params))));
    checkDoubleTypes(result.columnTypes());
    return result;
  }

  /** Runs `work` in one transaction: everything it wrote is kept, or nothing is. */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    await this.exec('BEGIN TRANSACTION');
    try {
      const result = await work();
      await this.exec('COMMIT');
      return result;
    } catch (error) {
      await this.exec('ROLLBACK');
      throw error;
    }
  }

  appender(table: string): Promise<DuckDBAppender> {
    return this.connection.createAppender(table);
  }

  close(): void {
    this.checkConnection.closeSync();
    for (const connection of this.idle.splice(0)) connection.closeSync();
    this.connection.closeSync();
    this.instance.closeSync();
  }
}

const SCHEMA = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');

function rowObject<T>(names: readonly string[], values: readonly unknown[]): T {
  const out: Row = {};
  for (let i = 0; i < names.length; i++) out[names[i]] = normaliseValue(values[i]);
  return out as T;
}

function normaliseRow(row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) out[key] = normaliseValue(value);
  return out;
}

function normaliseValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(normaliseValue);
  return value;
}

/** A column's API name as a type: snake_case to camelCase, as `apiName` spells it. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${CamelCase<Capitalize<Tail>>}` : S;

/** The keys of a row whose value may be NULL (or absent): toApiObject leaves them out then. */
type NullableKeys<T> = { [K in keyof T]-?: null extends T[K] ? K : undefined extends T[K] ? K : never }[keyof T];

/** A value as toApiObject writes it: nested rows (plain objects) mapped too, in lists as well. */
type ApiValue<V> = V extends readonly (infer E)[] ? ApiValue<E>[] : V extends Date | Uint8Array ? V : V extends object ? ApiObject<V> : V;

/**
 * A row as toApiObject returns it: camelCase keys, the nullable ones optional and never null. An
 * untyped row (`Row`) gives an untyped object.
 */
export type ApiObject<T> = string extends keyof T ? Record<string, unknown> : {
  [K in Exclude<keyof T, NullableKeys<T>> & string as CamelCase<K>]: ApiValue<T[K]>;
} & {
  [K in NullableKeys<T> & string as CamelCase<K>]?: ApiValue<NonNullable<T[K]>>;
};

/**
 * The row mapper of the API: snake_case keys to camelCase (nested rows too), NULL to absent
 * (cBioPortal omits nulls).
 */
export function toApiObject<T extends object>(row: T): ApiObject<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === null || value === undefined) continue;
    out[apiName(key)] = toApiValue(value);
  }
  return out as ApiObject<T>;
}

/** A column's API name: snake_case to camelCase (a camelCase name stays as it is). */
export const apiName = (column: string): string => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function toApiValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toApiValue);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) return toApiObject(value as Row);
  return value;
}
