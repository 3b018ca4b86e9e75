// The duckportal Fastify application as a plugin-composed instance: routes under /api.
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db, ReadOnlyDb } from '../engine/sql/db.js';
import type { CohortCache } from '../engine/filter/cohort-cache.js';
import type { ProfileMatrices } from '../engine/resident/profile-matrix.js';
import type { StatsPool } from '../engine/stats/pool/pool.js';
import { StateStore } from '../engine/state/state-store.js';
import { DEFAULT_LIMITS, type Limits } from './config/limits.js';
import { DEFAULT_SETTINGS, type SecuritySettings } from './config/settings.js';
import { frontendConfigFrom, type FrontendConfig } from './config/frontend-config.js';
import type { TlsFiles } from './config/tls.js';
import { installErrorHandler } from './plugins/error-handler.js';
import { installSecurity } from './plugins/security.js';
import { installVirtualStudyIds } from './virtual-studies.js';
import { installStoredCustomData } from './sessions/stored-custom-data.js';
import { installHttp } from './plugins/http.js';
import { installLoadShedding } from './plugins/load-shedding.js';
import { installOpenApi } from './plugins/openapi.js';
import { installRequestNumbers } from './plugins/request-numbers.js';
import { validatorsSkippingRememberedLists } from './remembered-list-validation.js';
import { rememberLongLists } from './repeated-identifiers.js';
import { validatorsWithoutIds } from './schema-ids.js';
import { ROUTE_GROUPS } from './routes/index.js';
import { configServiceRoutes } from './routes/config-service.js';
import { residentStateRoutes } from './routes/resident-state.js';
import type { KeptAnswers } from './kept-answers.js';
import { LiveStore, generationOf, installGenerationHolds } from './live-store.js';
import { closeResident, openResident, type Resident } from './resident.js';

export { closeResident, openResident, type Resident } from './resident.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store as the current request found it (live-store.ts): the generation it holds. */
    db: ReadOnlyDb;
    /** Worker pool for CPU-heavy statistics (engine/stats/pool). */
    stats: StatsPool;
    /** Materialised Study View cohorts (engine/filter/cohort-cache.ts). */
    cohorts: CohortCache;
    /** Resident matrices of the profiles enrichments and co-expressions read (engine/resident/profile-matrix.ts). */
    matrices: ProfileMatrices;
    /** Large answers kept compressed for their next request (server/kept-answers.ts). */
    answers: KeptAnswers;
    /** Caps and timeouts (server/config/limits.ts). */
    limits: Limits;
  }
}

export interface AppOptions {
  /** A store that does not change while served, with `resident` (or the app's own); or `live`. */
  db?: Db;
  /** The store followed as writers publish new generations of it (serve's), closed by its owner. */
  live?: LiveStore;
  logger?: boolean;
  /** State shared with other apps (server/warm-up.ts), closed by its owner. Default: the app's own, closed with it. */
  resident?: Resident;
  /** For the app's own resident state (openResident). */
  stats?: StatsPool;
  warmStats?: boolean;
  /** Login and token settings (default: login-free, no tokens). */
  settings?: SecuritySettings;
  /** The web front end's configuration (default: built from `settings` alone). */
  frontend?: FrontendConfig;
  /** Serve HTTPS with this certificate (server/config/tls.ts); default: plain HTTP. */
  tls?: TlsFiles;
  /** Caps and timeouts (default: the documented ones). */
  limits?: Limits;
  /** Shed load under pressure (server/plugins/load-shedding.ts): a listening server's (serve) app. */
  shedLoad?: boolean;
  /** Users, tokens and virtual studies (default: an in-memory one, closed with the app). */
  state?: StateStore;
  /** The clock of token expiry (tests pass a fake one). */
  now?: () => number;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const settings = options.settings ?? DEFAULT_SETTINGS;
  // A client that sends its request slowly, stops half-way or stops reading its answer is
  // dropped: Node checks the first two every connectionsCheckingInterval.
  const server = { headersTimeout: limits.http.headersTimeoutMs, requestTimeout: limits.http.requestTimeoutMs, connectionsCheckingInterval: 1000 };
  const app = Fastify({
    // An https.Server serves requests as an http.Server does; Fastify's types tell them apart by the server type only.
    ...((options.tls ? { https: { ...options.tls, ...server } } : { http: server }) as FastifyHttpOptions<Server>),
    logger: options.logger ?? false,
    // maxParamLength: a JWT data access token is a path parameter of /data-access-tokens/{token}.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // cBioPortal accepts request bodies of tens of MB (e.g. 10,000,000-element id lists), 80 MB once inflated.
    bodyLimit: limits.body.maxBytes,
    requestTimeout: limits.http.requestTimeoutMs,
    connectionTimeout: limits.http.idleTimeoutMs,
    keepAliveTimeout: limits.http.keepAliveTimeoutMs,
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, verbose: true } },
    // Fastify's validators, except that a body's remembered sampleIdentifiers list is checked once per
    // place; compiled without the models' `$id`s (schema-ids.ts).
    schemaController: { compilersFactory: { buildValidator: validatorsWithoutIds(validatorsSkippingRememberedLists()) as never } },
    // Earlier cBioPortal releases served the Study View under /api/column-store/<path>; old
    // clients still call it there (study-view.md 2.1).
    rewriteUrl: (request) => (request.url ?? '/').replace(/^\/api\/column-store\//, '/api/'),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('limits', limits);
  const live = options.live ?? (await fixedStore(app, options));
  installGenerationHolds(app, live);
  // Each request reads the generation it holds (live-store.ts).
  app.decorate('db', { getter: () => generationOf(live).db });
  app.decorate('stats', live.current.resident.stats);
  app.decorate('cohorts', { getter: () => generationOf(live).resident.cohorts });
  app.decorate('matrices', { getter: () => generationOf(live).resident.matrices });
  app.decorate('answers', { getter: () => generationOf(live).resident.answers });
  // POST bodies are JSON; other media types get 415 as in cBioPortal (api.md 1.1).
  app.removeContentTypeParser('text/plain');
  const state = options.state ?? (await StateStore.open(':memory:'));
  if (options.state === undefined) app.addHook('onClose', () => state.close());
  installErrorHandler(app);
  // Numbers that ajv would let through unbounded (query parameters, body fields) are refused with cBioPortal's wording.
  installRequestNumbers(app);
  if (options.shedLoad) await installLoadShedding(app);
  installSecurity(app, { settings, state, now: options.now ?? Date.now });
  installVirtualStudyIds(app);
  installStoredCustomData(app);
  await installHttp(app, { limits, loginRequired: app.security.auth.loginRequired });
  await installOpenApi(app);
  rememberLongLists(app);
  await app.register(configServiceRoutes(options.frontend ?? frontendConfigFrom(new Map(), settings)));
  await app.register(residentStateRoutes(live));
  await app.register(
    async (api) => {
      for (const routes of ROUTE_GROUPS) await api.register(routes);
    },
    { prefix: '/api' },
  );
  return app;
}

/** A store that does not change while served, and its resident state: the caller's, or the app's own (closed with it). */
async function fixedStore(app: FastifyInstance, options: AppOptions): Promise<LiveStore> {
  if (options.db === undefined) throw new Error('buildApp needs a store: `db` or `live`');
  const resident = options.resident ?? (await openResident(options.db, { stats: options.stats, warmStats: options.warmStats }));
  if (options.resident === undefined) app.addHook('onClose', () => closeResident(resident));
  return LiveStore.fixed(options.db, resident);
}
