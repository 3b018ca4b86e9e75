// The state in a PostgreSQL database that several servers share (`--state postgresql://…`, property
// duckportal.state.url). A write is one transaction that first bumps the one-row generation: the
// row lock it takes makes writes from every server run one after another, as the file's write
// lock does, so that a per-owner count read in a write cannot be passed by a save on another server.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { Busy, InvalidRequest } from '../errors.js';
import type { Sql } from '../sql/sql.js';
import { redactedUrl } from './state-location.js';
import { BUMP_GENERATION, StateStoreUnavailable, type StateBackend, type StateDb } from './state-backend.js';

const SCHEMA = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');

/** Connections per server: a request holds one for a statement or a short transaction. */
const MAX_CONNECTIONS = 4;
const CONNECT_TIMEOUT_MS = 10_000;
/** The advisory lock under which servers starting at once create the schema one after another. */
const SCHEMA_LOCK = 0x64756b_7374; // 'duk' 'st'
const INT8_OID = 20;

/** BIGINT as a number (generations, epoch milliseconds), as the DuckDB backend's rows have it; the rest as pg parses it. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export class PostgresBackend implements StateBackend {
  private constructor(private readonly pool: pg.Pool) {}

  /** Connects and creates the schema where missing (idempotent); StateStoreUnavailable if it cannot. */
  static async open(url: string): Promise<PostgresBackend> {
    let pool: pg.Pool | undefined;
    try {
      pool = new pg.Pool({ connectionString: url, max: MAX_CONNECTIONS, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, types, application_name: 'duckportal' });
      // An idle connection the server dropped: the pool discards it and the next query connects again.
      pool.on('error', () => undefined);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
        await client.query(SCHEMA);
        await client.query('COMMIT');
      } finally {
        client.release(true);
      }
      return new PostgresBackend(pool);
    } catch (error) {
      await pool?.end().catch(() => undefined);
      throw new StateStoreUnavailable(`state store ${redactedUrl(url)}: ${reasonOf(error)}`);
    }
  }

  /** One read of the one-row generation table per call: a write on another server shows at the next request. */
  async version(): Promise<string> {
    const result = await this.pool.query<{ generation: number }>('SELECT generation FROM generation').catch(failure);
    return String(result.rows[0]?.generation);
  }

  read<T>(work: (db: StateDb) => Promise<T>): Promise<T> {
    return this.inTransaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', work);
  }

  write<T>(work: (db: StateDb) => Promise<T>): Promise<T> {
    return this.inTransaction('BEGIN', async (db) => {
      await db.run(BUMP_GENERATION);
      return work(db);
    });
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  private async inTransaction<T>(begin: string, work: (db: StateDb) => Promise<T>): Promise<T> {
    const client = await this.pool.connect().catch(failure);
    let broken = false;
    try {
      await client.query(begin);
      const result = await work(new PostgresDb(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      return failure(error);
    } finally {
      client.release(broken);
    }
  }
}

class PostgresDb implements StateDb {
  constructor(private readonly client: pg.PoolClient) {}

  async run(query: Sql): Promise<void> {
    await this.client.query(toPostgresQuery(query));
  }

  async all<T>(query: Sql): Promise<T[]> {
    return (await this.client.query(toPostgresQuery(query))).rows as T[];
  }

  async one<T>(query: Sql): Promise<T | undefined> {
    return (await this.all<T>(query))[0];
  }
}

/**
 * A `sql` value as pg takes it. Both number parameters `$1..$n`; only a long list, which the tag
 * binds as one joined string split by DuckDB's string_split (sql.ts), needs PostgreSQL's name for
 * that function.
 */
export function toPostgresQuery(query: Sql): { text: string; values: unknown[] } {
  return { text: query.text.replace(/\bstring_split\((\$\d+), /g, 'string_to_array($1, '), values: [...query.params] };
}

/**
 * A failed statement as the request's error: a text PostgreSQL cannot hold (a NUL character, which
 * nothing stored can contain) is the request's fault; a server gone or unreachable is a 503 to retry.
 */
function failure(error: unknown): never {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === '22021') throw new InvalidRequest('Request contains a character that cannot be stored');
  // SQL states 08 (connection) and 57P (server shut down), Node's socket errors, pg's own connection failures.
  const lost = (typeof code === 'string' && /^(08|57P|E[A-Z]+$)/.test(code)) || /Connection terminated|timeout exceeded when trying to connect/.test(String(message));
  if (lost) throw new Busy('The state store is unavailable', 5);
  throw error;
}

/** One line saying why a connection failed (a refused connection to every address of a host is an AggregateError without a message). */
function reasonOf(error: unknown): string {
  const e = error as { message?: string; code?: string; errors?: { message?: string }[] };
  return e.message || e.errors?.[0]?.message || e.code || String(error);
}
