// Who is calling, and which studies they may read (seed.md section 5, api.md 1.10).
// - authenticate=false: nobody logs in; every caller reads every study; a Bearer header is
//   ignored (cbioportalR sends one).
// - authenticate=header or oauth2: login required. A caller proves who they are with
//   `Authorization: Bearer <data access token>` (checked by dat.method), or, with `header`, by a
//   user name in authenticate.header_name set by a trusted reverse proxy. (The oauth2 login
//   itself only hands out tokens: see routes/data-access-tokens.ts.)
// Authorities come from the state store's authorities table, except for dat.method=oauth2
// tokens, whose roles (re-read at every exchange) are the authorities.
import { jwtVerify } from 'jose';
import type { StateStore } from '../../engine/state/state-store.js';
import type { SecuritySettings } from '../config/settings.js';
import { OAuth2Client, OAuth2Error } from './oauth2-client.js';
import { StudyAccess } from './study-access.js';

export interface Caller {
  /** The authenticated user; absent for anonymous callers. */
  user?: string;
  access: StudyAccess;
}

export const ANONYMOUS: Caller = { access: StudyAccess.EVERYTHING };

export interface RequestCredentials {
  authorization?: string;
  /** The value of authenticate.header_name. */
  remoteUser?: string;
  /** The address the request came from. */
  ip: string;
}

export class Authenticator {
  readonly oauth2?: OAuth2Client;
  private readonly jwtKey?: Uint8Array;
  private readonly trusted: ReadonlySet<string>;

  constructor(
    readonly settings: SecuritySettings,
    private readonly state: StateStore,
    readonly now: () => number,
  ) {
    if (settings.dat.oauth2) this.oauth2 = new OAuth2Client(settings.dat.oauth2, now);
    if (settings.dat.jwtSecretKey !== undefined) this.jwtKey = new TextEncoder().encode(settings.dat.jwtSecretKey);
    this.trusted = new Set(settings.trustedProxies.flatMap(addressForms));
  }

  get loginRequired(): boolean {
    return this.settings.authenticate !== 'false';
  }

  get jwtSecret(): Uint8Array | undefined {
    return this.jwtKey;
  }

  /** The caller, or undefined when a login-required instance cannot tell who it is (401). */
  async identify(credentials: RequestCredentials): Promise<Caller | undefined> {
    if (!this.loginRequired) return ANONYMOUS;
    const token = bearerToken(credentials.authorization);
    if (token !== undefined) return this.fromToken(token);
    if (this.settings.authenticate === 'header' && credentials.remoteUser && this.trusted.has(credentials.ip))
      return this.callerFromStore(credentials.remoteUser);
    return undefined;
  }

  /** A user's access from the authorities table. */
  async callerFromStore(user: string): Promise<Caller> {
    const authorities = (await this.state.snapshot()).authorities.get(user) ?? [];
    return { user, access: StudyAccess.of(authorities, this.settings) };
  }

  /** The user's authorities as stored (for download_group). */
  async authoritiesOf(user: string): Promise<readonly string[]> {
    return (await this.state.snapshot()).authorities.get(user) ?? [];
  }

  private async fromToken(token: string): Promise<Caller | undefined> {
    switch (this.settings.dat.method) {
      case 'uuid': {
        const row = (await this.state.snapshot()).tokens.get(token);
        return row !== undefined && row.expiration > this.now() ? this.callerFromStore(row.username) : undefined;
      }
      case 'jwt': {
        try {
          const { payload } = await jwtVerify(token, this.jwtKey!, { algorithms: ['HS256'], currentDate: new Date(this.now()), requiredClaims: ['sub', 'exp'] });
          return this.callerFromStore(payload.sub!);
        } catch {
          return undefined;
        }
      }
      case 'oauth2': {
        try {
          const { user, roles } = await this.oauth2!.exchangeOfflineToken(token);
          return { user, access: StudyAccess.of(roles, this.settings) };
        } catch (error) {
          if (error instanceof OAuth2Error) return undefined;
          throw error;
        }
      }
      case 'none':
        return undefined;
    }
  }
}

/** The token of an `Authorization: Bearer <token>` header (the prefix in any case). */
function bearerToken(header: string | undefined): string | undefined {
  const match = /^bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** An address as Node reports it for IPv4 and IPv4-mapped IPv6 sockets; localhost's IPv6 form too. */
function addressForms(address: string): string[] {
  if (address === '127.0.0.1') return [address, '::ffff:127.0.0.1', '::1'];
  return /^\d+\.\d+\.\d+\.\d+$/.test(address) ? [address, `::ffff:${address}`] : [address];
}
