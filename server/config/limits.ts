// The server's caps and timeouts: every bound on what one client may make the server hold or wait
// for. Each is a property (README, "Operations"), read as the security settings are: from the
// properties file, overridden by the environment (duckportal.query.max_wait_seconds →
// DUCKPORTAL_QUERY_MAX_WAIT_SECONDS).
import { DEFAULT_RUNNING_QUERIES } from '../../engine/sql/db.js';
import { readProperties, type Properties } from './properties.js';
import { positiveInteger } from './settings.js';

export interface Limits {
  http: {
    /** Time to receive a request's line and headers (Node's headersTimeout). */
    headersTimeoutMs: number;
    /** Time to receive a whole request, body included (Node's requestTimeout): a half-sent body is dropped. */
    requestTimeoutMs: number;
    /** A connection on which nothing moves for this long is closed: a stalled reader of an answer too. */
    idleTimeoutMs: number;
    /** An idle keep-alive connection between requests is closed after this long. */
    keepAliveTimeoutMs: number;
  };
  body: {
    /** Largest request body, once inflated. */
    maxBytes: number;
    /** Largest body of a caller without credentials on a login-required instance. */
    maxBytesAnonymous: number;
    /** gzip-encoded bodies inflated at once; a request beyond gets 503 with Retry-After. */
    maxConcurrentInflations: number;
  };
  query: {
    /** Queries run at once (DuckDB already spreads one over every core). */
    maxRunning: number;
    /** A query that waited this long for its turn gets 503 with Retry-After. */
    maxWaitMs: number;
    /** Queries waiting for a turn; one more gets 503 at once. */
    maxWaiting: number;
  };
  /** Bytes of long identifier lists remembered across requests (server/repeated-identifiers.ts). */
  rememberedListsMaxBytes: number;
  virtualStudies: {
    /** Largest saved virtual study (its JSON). */
    maxBytes: number;
    /** Virtual studies one user (or the anonymous user of an open instance) may own. */
    maxPerUser: number;
  };
  sessions: {
    /** Largest stored session (its JSON): a custom chart of a large study is the large one. */
    maxBytes: number;
    /** Sessions one user (or the anonymous user of an open instance) may store. */
    maxPerUser: number;
  };
  pressure: {
    /** Event-loop delay beyond which requests are shed with 503 (@fastify/under-pressure); 0: off. */
    maxEventLoopDelayMs: number;
    /** Heap use beyond which requests are shed with 503; 0: off. */
    maxHeapUsedBytes: number;
  };
}

const MB = 1_000_000;

/** The properties, their defaults and what each sets: the one table README's Operations section follows. */
export const LIMIT_PROPERTIES = {
  'duckportal.http.headers_timeout_seconds': 30,
  'duckportal.http.request_timeout_seconds': 120,
  'duckportal.http.idle_timeout_seconds': 60,
  'duckportal.http.keep_alive_timeout_seconds': 72,
  'duckportal.body.max_mb': 80,
  'duckportal.body.max_mb_anonymous': 2,
  'duckportal.body.max_concurrent_inflations': 2,
  'duckportal.query.max_running': DEFAULT_RUNNING_QUERIES,
  'duckportal.query.max_wait_seconds': 30,
  'duckportal.query.max_waiting': 1000,
  'duckportal.remembered_lists.max_mb': 256,
  'duckportal.virtual_studies.max_kb': 1024,
  'duckportal.virtual_studies.max_per_user': 100,
  // MongoDB's document limit, which bounds what cBioPortal's session service can store.
  'duckportal.sessions.max_kb': 16384,
  'duckportal.sessions.max_per_user': 10000,
  'duckportal.pressure.max_event_loop_delay_ms': 2000,
  'duckportal.pressure.max_heap_used_mb': 0,
} as const;

type LimitProperty = keyof typeof LIMIT_PROPERTIES;

export const LIMIT_PROPERTY_NAMES = Object.keys(LIMIT_PROPERTIES) as LimitProperty[];

/** The documented defaults: what tests and `npm start` run with. */
export const DEFAULT_LIMITS: Limits = limitsFrom(new Map());

export function readLimits(file?: string, env: NodeJS.ProcessEnv = process.env): Limits {
  return limitsFrom(readProperties(LIMIT_PROPERTY_NAMES, file, env));
}

/** Every limit from `props`, a property absent taking its default; an invalid value throws ConfigError naming it. */
export function limitsFrom(props: Properties): Limits {
  const get = (p: LimitProperty) => positiveInteger(props, p, LIMIT_PROPERTIES[p]);
  // 0 switches a pressure check off, so these take 0 too.
  const getOrZero = (p: LimitProperty) => (props.get(p) === '0' ? 0 : get(p));
  return {
    http: {
      // Node requires the headers' timeout to be within the whole request's.
      headersTimeoutMs: Math.min(get('duckportal.http.headers_timeout_seconds'), get('duckportal.http.request_timeout_seconds')) * 1000,
      requestTimeoutMs: get('duckportal.http.request_timeout_seconds') * 1000,
      idleTimeoutMs: get('duckportal.http.idle_timeout_seconds') * 1000,
      keepAliveTimeoutMs: get('duckportal.http.keep_alive_timeout_seconds') * 1000,
    },
    body: {
      maxBytes: get('duckportal.body.max_mb') * MB,
      maxBytesAnonymous: get('duckportal.body.max_mb_anonymous') * MB,
      maxConcurrentInflations: get('duckportal.body.max_concurrent_inflations'),
    },
    query: {
      maxRunning: get('duckportal.query.max_running'),
      maxWaitMs: get('duckportal.query.max_wait_seconds') * 1000,
      maxWaiting: get('duckportal.query.max_waiting'),
    },
    rememberedListsMaxBytes: get('duckportal.remembered_lists.max_mb') * MB,
    virtualStudies: {
      maxBytes: get('duckportal.virtual_studies.max_kb') * 1000,
      maxPerUser: get('duckportal.virtual_studies.max_per_user'),
    },
    sessions: {
      maxBytes: get('duckportal.sessions.max_kb') * 1000,
      maxPerUser: get('duckportal.sessions.max_per_user'),
    },
    pressure: {
      maxEventLoopDelayMs: getOrZero('duckportal.pressure.max_event_loop_delay_ms'),
      maxHeapUsedBytes: getOrZero('duckportal.pressure.max_heap_used_mb') * MB,
    },
  };
}
