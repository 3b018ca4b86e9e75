// The security layer of /api (api.md 1.10): who calls (onRequest: 401 with an empty body on a
// login-required instance when nobody can be identified), and whether they may read every study
// the request names (preHandler, after validation as in cBioPortal: 403 before any 404, for
// unknown studies too). Listings filter with `readableStudyIds`. Routes mark themselves with
// `config`: `public` (no credentials needed), `bodyIds` (a bare array body of ids),
// `ownPermissionCheck` (the route checks what it reads itself).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadStudyCatalog, type StudyCatalog } from '../../engine/resident/study-catalog.js';
import type { StateSnapshot, StateStore } from '../../engine/state/state-store.js';
import { virtualStudyOrigins } from '../../engine/state/virtual-studies.js';
import type { SecuritySettings } from '../config/settings.js';
import { ANONYMOUS, Authenticator, type Caller } from '../security/authenticator.js';
import { requestReferences, type BodyIds, type References } from '../security/request-references.js';
import { Forbidden, Unauthorized } from '../security/security-errors.js';
import { TokenService } from '../security/token-service.js';
import type { StudyAccess } from '../security/study-access.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    public?: boolean;
    bodyIds?: BodyIds;
    ownPermissionCheck?: boolean;
  }
  interface FastifyInstance {
    security: Security;
  }
}

export interface Security {
  auth: Authenticator;
  tokens: TokenService;
  state: StateStore;
  /** The store's studies, profiles and sample lists (read once). */
  catalog(): Promise<StudyCatalog>;
}

/** The API description and its UI are public, as cBioPortal's swagger resources are. */
const PUBLIC_PATHS = /^\/api\/(v2\/api-docs|v3\/api-docs|swagger-ui)(\/|\?|$)/;

export function installSecurity(app: FastifyInstance, options: { settings: SecuritySettings; state: StateStore; now: () => number }): void {
  const auth = new Authenticator(options.settings, options.state, options.now);
  const security: Security = {
    auth,
    tokens: new TokenService(auth, options.state),
    state: options.state,
    // Kept with the generation of the store the request holds (server/live-store.ts).
    catalog: () => {
      const db = app.db;
      return app.matrices.keep('study catalog', () => loadStudyCatalog(db), (c) => 200 * (c.studies.size + c.profiles.size + c.sampleLists.size));
    },
  };
  app.decorate('security', security);
  app.decorateRequest('caller', null as never);

  app.addHook('onRequest', async (request) => {
    // CORS preflights carry no credentials and return no data.
    if (request.method === 'OPTIONS') {
      request.caller = ANONYMOUS;
      return;
    }
    const caller = await auth.identify({
      authorization: request.headers.authorization,
      remoteUser: header(request, options.settings.headerName),
      ip: request.ip,
    });
    request.caller = caller ?? ANONYMOUS;
    if (caller === undefined && !request.routeOptions.config?.public && !PUBLIC_PATHS.test(request.url)) throw new Unauthorized();
  });

  app.addHook('preHandler', async (request) => {
    const { access } = request.caller;
    const config = request.routeOptions.config;
    if (!access.restricted || config?.ownPermissionCheck || config?.public) return;
    const refs = requestReferences([request.params, request.query, config?.bodyIds ? undefined : request.body],
      config?.bodyIds ? { body: request.body, kind: config.bodyIds } : undefined);
    const readable = await allReadable(refs, access, await security.catalog(), await options.state.snapshot());
    if (!readable) throw new Forbidden();
  });
}

/** The studies a listing may show the caller; undefined when it may show all. */
export async function readableStudyIds(app: FastifyInstance, request: FastifyRequest): Promise<string[] | undefined> {
  const { access } = request.caller;
  if (!access.restricted) return undefined;
  const { studies } = await app.security.catalog();
  return [...studies].filter(([studyId, groups]) => access.canRead({ studyId, groups })).map(([studyId]) => studyId);
}

/**
 * True when every named study exists and is readable (a virtual study: every study it is built
 * from), and every named profile and sample list belongs to such a study.
 */
export function allReadable(refs: References, access: StudyAccess, catalog: StudyCatalog, state: StateSnapshot): boolean {
  const readable = (studyId: string): boolean => {
    const groups = catalog.studies.get(studyId);
    if (groups !== undefined) return access.canRead({ studyId, groups });
    const origins = virtualStudyOriginsOf(state, studyId);
    return origins !== undefined && origins.length > 0 && origins.every((id) => catalog.studies.has(id) && readable(id));
  };
  const owned = (ids: Set<string>, owner: ReadonlyMap<string, string>) => [...ids].every((id) => owner.has(id) && readable(owner.get(id)!));
  return [...refs.studies].every(readable) && owned(refs.profiles, catalog.profiles) && owned(refs.sampleLists, catalog.sampleLists);
}

/** The ids of the studies a virtual study is built from; undefined when `id` is none. */
function virtualStudyOriginsOf(state: StateSnapshot, id: string): string[] | undefined {
  const data = state.virtualStudies.get(id)?.data;
  return data === undefined ? undefined : virtualStudyOrigins(data);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
