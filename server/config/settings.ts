// The server's security settings, read from cBioPortal's property names (seed.md section 5,
// api.md 26-27) and checked once at start-up: an invalid value stops the server with one line
// naming the property (ConfigError).
import { readProperties, type Properties } from './properties.js';

export type Authenticate = 'false' | 'header' | 'oauth2';
export type TokenMethod = 'none' | 'uuid' | 'jwt' | 'oauth2';

export interface OAuth2Settings {
  clientId: string;
  clientSecret: string;
  issuer: string;
  userAuthorizationUri: string;
  accessTokenUri: string;
  jwkUrl: string;
  /** Path of the role array inside the access token (`resource_access::cbioportal::roles`). */
  jwtRolesPath: string[];
  /** Where the provider sends the browser back after login; default: this server's callback. */
  redirectUri?: string;
  /** Claim naming the user in the provider's tokens. */
  userNameAttribute: string;
}

export interface SecuritySettings {
  /** `false`: no login, every study readable; `header`, `oauth2`: login required, per-study authorities. */
  authenticate: Authenticate;
  headerName: string;
  trustedProxies: string[];
  appName: string;
  filterGroupsByAppName: boolean;
  /** A study group every authenticated user may read (e.g. PUBLIC). */
  alwaysShowStudyGroup?: string;
  /** Authority a user needs to download tokens (cBioPortal's download_group), if set. */
  downloadGroup?: string;
  publisherApiKey?: string;
  dat: {
    method: TokenMethod;
    unauthUsers: string[];
    ttlSeconds: number;
    jwtSecretKey?: string;
    uuidMaxNumberPerUser: number;
    oauth2?: OAuth2Settings;
  };
}

export class ConfigError extends Error {
  constructor(readonly property: string, problem: string) {
    super(`configuration: ${property}: ${problem}`);
    this.name = 'ConfigError';
  }
}

const OAUTH2 = ['clientId', 'clientSecret', 'issuer', 'userAuthorizationUri', 'accessTokenUri', 'jwkUrl', 'jwtRolesPath', 'redirectUri', 'userNameAttribute'] as const;

export const KNOWN_PROPERTIES = [
  'authenticate', 'authenticate.header_name', 'authenticate.trusted_proxies',
  'app.name', 'filter_groups_by_appname', 'always_show_study_group', 'download_group',
  'session.endpoint.publisher-api-key',
  'dat.method', 'dat.unauth_users', 'dat.ttl_seconds', 'dat.jwt.secret_key', 'dat.uuid.max_number_per_user',
  ...OAUTH2.map((p) => `dat.oauth2.${p}`),
] as const;

/** Login-free defaults (cBioPortal's documented ones): what tests and `npm start` run with. */
export const DEFAULT_SETTINGS: SecuritySettings = settingsFrom(new Map());

/** Reads and checks the settings from a properties file (optional) and the environment. */
export function readSettings(file?: string, env: NodeJS.ProcessEnv = process.env): SecuritySettings {
  return settingsFrom(readProperties(KNOWN_PROPERTIES, file, env));
}

export function settingsFrom(props: Properties): SecuritySettings {
  const get = (p: string) => (props.get(p) === '' ? undefined : props.get(p));
  const method = oneOf(props, 'dat.method', ['none', 'uuid', 'jwt', 'oauth2'] as const, 'none');
  const authenticate = oneOf(props, 'authenticate', ['false', 'header', 'oauth2'] as const, 'false');
  const needsOAuth2 = method === 'oauth2' || authenticate === 'oauth2';
  const jwtSecretKey = get('dat.jwt.secret_key');
  if (method === 'jwt' && jwtSecretKey === undefined) throw new ConfigError('dat.jwt.secret_key', 'required when dat.method=jwt');
  return {
    authenticate,
    headerName: get('authenticate.header_name') ?? 'X-Remote-User',
    trustedProxies: list(get('authenticate.trusted_proxies') ?? '127.0.0.1'),
    appName: get('app.name') ?? 'cbioportal',
    filterGroupsByAppName: bool(props, 'filter_groups_by_appname', true),
    alwaysShowStudyGroup: get('always_show_study_group'),
    downloadGroup: get('download_group'),
    publisherApiKey: get('session.endpoint.publisher-api-key'),
    dat: {
      method,
      unauthUsers: list(get('dat.unauth_users') ?? 'anonymousUser'),
      ttlSeconds: positiveInteger(props, 'dat.ttl_seconds', 2_592_000),
      jwtSecretKey,
      uuidMaxNumberPerUser: positiveInteger(props, 'dat.uuid.max_number_per_user', 1),
      oauth2: needsOAuth2 ? oauth2Settings(get) : undefined,
    },
  };
}

function oauth2Settings(get: (p: string) => string | undefined): OAuth2Settings {
  const required = (name: string, suffix?: string) => {
    const property = `dat.oauth2.${name}`;
    const value = get(property);
    if (value === undefined) throw new ConfigError(property, 'required when dat.method or authenticate is oauth2');
    if (suffix !== undefined) {
      if (!URL.canParse(value)) throw new ConfigError(property, `not a URL: ${JSON.stringify(value)}`);
      // The seed's rule for the provider's addresses (Keycloak's endpoint names).
      if (!new URL(value).pathname.endsWith(suffix)) throw new ConfigError(property, `must end with ${suffix} (got ${JSON.stringify(value)})`);
    }
    return value;
  };
  const redirectUri = get('dat.oauth2.redirectUri');
  if (redirectUri !== undefined && !URL.canParse(redirectUri)) throw new ConfigError('dat.oauth2.redirectUri', `not a URL: ${JSON.stringify(redirectUri)}`);
  const clientId = required('clientId');
  return {
    clientId,
    clientSecret: required('clientSecret'),
    issuer: required('issuer'),
    userAuthorizationUri: required('userAuthorizationUri', '/auth'),
    accessTokenUri: required('accessTokenUri', '/token'),
    jwkUrl: required('jwkUrl', '/certs'),
    jwtRolesPath: (get('dat.oauth2.jwtRolesPath') ?? `resource_access::${clientId}::roles`).split('::'),
    redirectUri,
    userNameAttribute: get('dat.oauth2.userNameAttribute') ?? 'email',
  };
}

function oneOf<const T extends string>(props: Properties, property: string, values: readonly T[], fallback: T): T {
  const value = props.get(property);
  if (value === undefined || value === '') return fallback;
  if (!(values as readonly string[]).includes(value)) throw new ConfigError(property, `must be one of ${values.join(', ')} (got ${JSON.stringify(value)})`);
  return value as T;
}

export function positiveInteger(props: Properties, property: string, fallback: number): number {
  const value = props.get(property);
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) <= 0 || !Number.isSafeInteger(Number(value)))
    throw new ConfigError(property, `must be an integer greater than 0 (got ${JSON.stringify(value)})`);
  return Number(value);
}

function bool(props: Properties, property: string, fallback: boolean): boolean {
  const value = props.get(property)?.toLowerCase();
  if (value === undefined || value === '') return fallback;
  if (value !== 'true' && value !== 'false') throw new ConfigError(property, `must be true or false (got ${JSON.stringify(value)})`);
  return value === 'true';
}

function list(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}
