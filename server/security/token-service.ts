// Data access tokens by dat.method (api.md 26; seed.md sections 3 and 5): uuid tokens live in the
// state store; jwt tokens are HS256-signed by jose with their expiry inside and nothing stored
// (so they cannot be listed or revoked: 501); oauth2 offline tokens come from the provider's
// login (routes/data-access-tokens.ts) and all /api/data-access-tokens* answer 501.
import { SignJWT } from 'jose';
import { NotFound, NotImplemented } from '../../engine/errors.js';
import type { StateStore, TokenRow } from '../../engine/state/state-store.js';
import { createUuidToken, deleteUuidTokens } from '../../engine/state/tokens.js';
import type { Authenticator } from './authenticator.js';
import { Forbidden, Unauthorized } from './security-errors.js';

export interface DataAccessToken {
  token: string;
  username: string;
  /** Epoch milliseconds. */
  creation: number;
  expiration: number;
}

export class TokenService {
  constructor(
    private readonly auth: Authenticator,
    private readonly state: StateStore,
  ) {}

  private get dat() {
    return this.auth.settings.dat;
  }

  /**
   * The caller checks of the user-scoped endpoints, in cBioPortal's order: an authenticated
   * user (a login-free instance's anonymous caller is none), allowed to use tokens, on an
   * instance with a token method.
   */
  async checkUser(user: string | undefined): Promise<string> {
    if (user === undefined) throw new Unauthorized('No authenticated identity found while processing request');
    if (this.dat.unauthUsers.includes(user) || !(await this.inDownloadGroup(user))) throw new Unauthorized('You are prohibited from using Data Access Tokens');
    if (this.dat.method === 'none') throw new Forbidden();
    return user;
  }

  /** Token-addressed endpoints: no user checks (as in the reference), the method's rules only. */
  checkMethod(): void {
    if (this.dat.method === 'none') throw new Forbidden();
    if (this.dat.method !== 'uuid') throw new NotImplemented();
  }

  async create(user: string): Promise<DataAccessToken> {
    const now = this.auth.now();
    if (this.dat.method === 'uuid') return createUuidToken(this.state, user, { now, ttlSeconds: this.dat.ttlSeconds, maxPerUser: this.dat.uuidMaxNumberPerUser });
    if (this.dat.method === 'jwt') {
      // Whole seconds: a JWT's iat/exp are NumericDates.
      const creation = Math.floor(now / 1000) * 1000;
      const expiration = creation + this.dat.ttlSeconds * 1000;
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user)
        .setIssuedAt(creation / 1000)
        .setExpirationTime(expiration / 1000)
        .sign(this.auth.jwtSecret!);
      return { token, username: user, creation, expiration };
    }
    throw new NotImplemented();
  }

  /** The user's uuid tokens, oldest first. */
  async list(user: string): Promise<TokenRow[]> {
    this.checkMethod();
    const tokens = [...(await this.state.snapshot()).tokens.values()].filter((t) => t.username === user);
    return tokens.sort((a, b) => a.creation - b.creation || a.token.localeCompare(b.token));
  }

  async get(token: string): Promise<TokenRow> {
    this.checkMethod();
    const row = (await this.state.snapshot()).tokens.get(token);
    if (row === undefined) throw new NotFound('Specified token cannot be found');
    return row;
  }

  async revokeAll(user: string): Promise<void> {
    this.checkMethod();
    await deleteUuidTokens(this.state, { username: user });
  }

  async revoke(token: string): Promise<void> {
    this.checkMethod();
    if ((await deleteUuidTokens(this.state, { token })) === 0) throw new NotFound('Specified token cannot be found');
  }

  private async inDownloadGroup(user: string): Promise<boolean> {
    const group = this.auth.settings.downloadGroup?.toUpperCase();
    if (group === undefined) return true;
    const app = this.auth.settings.appName.toUpperCase();
    return (await this.auth.authoritiesOf(user)).some((a) => [group, `${app}:${group}`].includes(a.replace(/^ROLE_/, '').toUpperCase()));
  }
}

/** cBioPortal's JSON form of a token: dates as `yyyy-MM-dd HH:mm:ss` in UTC (api.md 1.2). */
export function tokenJson(t: DataAccessToken): { token: string; username: string; creation: string; expiration: string } {
  return { token: t.token, username: t.username, creation: utcText(t.creation), expiration: utcText(t.expiration) };
}

/** The downloaded token file: ISO 8601 dates with milliseconds and Z (seed.md section 2). */
export function tokenFile(t: { token: string; creation?: number; expiration?: number }): string {
  const lines = [`token: ${t.token}`];
  if (t.creation !== undefined) lines.push(`creation_date: ${new Date(t.creation).toISOString()}`);
  if (t.expiration !== undefined) lines.push(`expiration_date: ${new Date(t.expiration).toISOString()}`);
  return lines.map((l) => `${l}\n`).join('');
}

const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
