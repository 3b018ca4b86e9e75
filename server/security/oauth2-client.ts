// The OAuth 2.0 / OpenID Connect provider as duckportal uses it (dat.oauth2.*): the
// authorization-code login that hands out tokens, and the exchange of an offline token for a
// short-lived access token whose roles are the studies the user may read (dat.method=oauth2).
// Access tokens are verified against the provider's JWKS (jose caches the keys).
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OAuth2Settings } from '../config/settings.js';

export interface OAuth2Identity {
  user: string;
  /** The roles at dat.oauth2.jwtRolesPath (empty when the path is absent). */
  roles: string[];
}

export interface CodeExchange {
  identity: OAuth2Identity;
  /** The long-lived offline token (the provider's refresh token), when one was asked for. */
  offlineToken?: string;
}

/** The provider's answer could not be used: the caller is not authenticated (401). */
export class OAuth2Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuth2Error';
  }
}

export class OAuth2Client {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly settings: OAuth2Settings,
    private readonly now: () => number,
  ) {
    this.keys = createRemoteJWKSet(new URL(settings.jwkUrl));
  }

  /** The provider's login page; `offline` asks for an offline token too. */
  authorizationUrl(redirectUri: string, state: string, offline: boolean): string {
    const url = new URL(this.settings.userAuthorizationUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', offline ? 'openid offline_access' : 'openid');
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** Redeems the code the provider sent the browser back with. */
  async exchangeCode(code: string, redirectUri: string): Promise<CodeExchange> {
    const answer = await this.tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    return { identity: await this.identityOf(answer.access_token), offlineToken: answer.refresh_token };
  }

  /** Exchanges an offline token for the user's current identity and roles (on every request: a role change applies at once). */
  async exchangeOfflineToken(offlineToken: string): Promise<OAuth2Identity> {
    const answer = await this.tokenRequest({ grant_type: 'refresh_token', refresh_token: offlineToken });
    return this.identityOf(answer.access_token);
  }

  private async tokenRequest(fields: Record<string, string>): Promise<{ access_token?: unknown; refresh_token?: string }> {
    const body = new URLSearchParams({ ...fields, client_id: this.settings.clientId, client_secret: this.settings.clientSecret });
    let response: Response;
    try {
      response = await fetch(this.settings.accessTokenUri, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new OAuth2Error(`the token endpoint could not be reached: ${String(error)}`);
    }
    if (!response.ok) throw new OAuth2Error(`the token endpoint refused the exchange (${response.status})`);
    const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown; refresh_token?: unknown };
    return { access_token: answer.access_token, refresh_token: typeof answer.refresh_token === 'string' ? answer.refresh_token : undefined };
  }

  private async identityOf(accessToken: unknown): Promise<OAuth2Identity> {
    if (typeof accessToken !== 'string') throw new OAuth2Error('the token endpoint sent no access token');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(accessToken, this.keys, { issuer: this.settings.issuer, currentDate: new Date(this.now()) }));
    } catch (error) {
      throw new OAuth2Error(`the access token did not verify: ${String(error)}`);
    }
    const user = payload[this.settings.userNameAttribute] ?? payload.preferred_username ?? payload.sub;
    if (typeof user !== 'string' || user === '') throw new OAuth2Error('the access token names no user');
    return { user, roles: rolesAt(payload, this.settings.jwtRolesPath) };
  }
}

function rolesAt(payload: JWTPayload, path: readonly string[]): string[] {
  let node: unknown = payload;
  for (const key of path) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return Array.isArray(node) ? node.filter((r): r is string => typeof r === 'string') : [];
}
