// The duckportal Fastify application as a plugin-composed instance: routes under /api.
import Fastify, { type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../engine/sql/db.js';
import { CohortCache } from '../engine/filter/cohort-cache.js';
import { ProfileMatrices } from '../engine/queries/profile-matrix.js';
import { createStatsPool, type StatsPool } from '../engine/stats/pool/pool.js';
import { StateStore } from '../engine/state/state-store.js';
import { DEFAULT_SETTINGS, type SecuritySettings } from './config/settings.js';
import { installErrorHandler } from './plugins/error-handler.js';
import { installSecurity } from './plugins/security.js';
import { installVirtualStudyIds } from './virtual-studies.js';
import { installHttp, MAX_INFLATED_BODY } from './plugins/http.js';
import { installOpenApi } from './plugins/openapi.js';
import { rememberSampleIdentifierLists } from './repeated-identifiers.js';
import { ROUTE_GROUPS } from './routes/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Worker pool for CPU-heavy statistics (engine/stats/pool). */
    stats: StatsPool;
    /** Materialised Study View cohorts (engine/filter/cohort-cache.ts). */
    cohorts: CohortCache;
    /** Resident matrices of the profiles enrichments and co-expressions read (engine/queries/profile-matrix.ts). */
    matrices: ProfileMatrices;
  }
}

/** What an app keeps in memory or beside the store between requests; several apps may share one. */
export interface Resident {
  stats: StatsPool;
  cohorts: CohortCache;
  matrices: ProfileMatrices;
}

/** Resident state for apps on `db`, closed by the caller (`closeResident`) after them. */
export async function openResident(db: Db, options: { warmStats?: boolean } = {}): Promise<Resident> {
  const stats = createStatsPool({ warm: options.warmStats });
  return { stats, cohorts: await CohortCache.open(db), matrices: new ProfileMatrices(db, stats) };
}

export async function closeResident(resident: Resident): Promise<void> {
  await resident.cohorts.close();
  await resident.stats.close();
}

export interface AppOptions {
  db: Db;
  logger?: boolean;
  /** Default: a pool of its own (threads start on first use unless `warmStats`), closed with the app. */
  stats?: StatsPool;
  warmStats?: boolean;
  /** State shared with other apps (server/warm-up.ts), closed by its owner; `stats` is then ignored. Default: the app's own. */
  resident?: Resident;
  /** Login and token settings (default: login-free, no tokens). */
  settings?: SecuritySettings;
  /** Users, tokens and virtual studies (default: an in-memory one, closed with the app). */
  state?: StateStore;
  /** The clock of token expiry (tests pass a fake one). */
  now?: () => number;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // maxParamLength: a JWT data access token is a path parameter of /data-access-tokens/{token}.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // cBioPortal accepts request bodies of tens of MB (e.g. 10,000,000-element id lists).
    bodyLimit: MAX_INFLATED_BODY,
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, verbose: true } },
    // Earlier cBioPortal releases served the Study View under /api/column-store/<path>; old
    // clients still call it there (study-view.md 2.1).
    rewriteUrl: (request) => (request.url ?? '/').replace(/^\/api\/column-store\//, '/api/'),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('db', options.db);
  const stats = options.resident?.stats ?? options.stats ?? createStatsPool({ warm: options.warmStats });
  app.decorate('stats', stats);
  if (options.resident === undefined && options.stats === undefined) app.addHook('onClose', () => stats.close());
  const cohorts = options.resident?.cohorts ?? (await CohortCache.open(options.db));
  app.decorate('cohorts', cohorts);
  if (options.resident === undefined) app.addHook('onClose', () => cohorts.close());
  app.decorate('matrices', options.resident?.matrices ?? new ProfileMatrices(options.db, stats));
  // POST bodies are JSON; other media types get 415 as in cBioPortal (api.md 1.1).
  app.removeContentTypeParser('text/plain');
  const state = options.state ?? (await StateStore.open(':memory:'));
  if (options.state === undefined) app.addHook('onClose', () => state.close());
  installErrorHandler(app);
  installSecurity(app, { settings: options.settings ?? DEFAULT_SETTINGS, state, now: options.now ?? Date.now });
  installVirtualStudyIds(app);
  await installHttp(app);
  await installOpenApi(app);
  rememberSampleIdentifierLists(app);
  await app.register(
    async (api) => {
      for (const routes of ROUTE_GROUPS) await api.register(routes);
    },
    { prefix: '/api' },
  );
  return app;
}
