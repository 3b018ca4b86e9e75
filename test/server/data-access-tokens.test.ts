// Data access tokens per dat.method (api.md 26; seed.md sections 3 and 5) and the login modes:
// uuid and jwt tokens under a fake clock, oauth2 against a stand-in provider on 127.0.0.1, the
// proxy header, and login-free instances.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../engine/sql/db.js';
import { StateStore } from '../../engine/state/state-store.js';
import { grantAuthority } from '../../engine/state/users.js';
import { buildApp } from '../../server/app.js';
import { settingsFrom } from '../../server/config/settings.js';
import { providerProperties, startStandInProvider, type StandInProvider } from '../helpers/oauth2-provider.js';
import { loadTestStudy, openReferenceStore } from '../helpers/store.js';

let db: Db;
let clock = Date.UTC(2026, 10, 22, 12, 0, 0, 250);

beforeAll(async () => {
  const store = await openReferenceStore();
  for (const study of ['study_es_0', 'study_hg38']) await loadTestStudy(store, study);
  db = store.db;
});
afterAll(() => db.close());

/**
 * An app with these properties (and the stand-in provider's, when asked for), alice allowed
 * study_es_0 only unless other grants are given. Apps run one at a time: they share the store.
 */
function securedApp(properties: [string, string][], options: { provider?: boolean; grants?: [string, string][]; realClock?: boolean } = {}) {
  const ctx = {} as { app: FastifyInstance; state: StateStore; provider: StandInProvider };
  beforeAll(async () => {
    if (options.provider) ctx.provider = await startStandInProvider();
    ctx.state = await StateStore.open(':memory:');
    for (const [user, authority] of options.grants ?? [['alice', 'cbioportal:study_es_0']]) await grantAuthority(ctx.state, user, authority);
    const all = [...properties, ...(options.provider ? providerProperties(ctx.provider) : [])];
    // The real clock where the provider's access tokens (real times) are verified.
    ctx.app = await buildApp({ db, settings: settingsFrom(new Map(all)), state: ctx.state, now: options.realClock ? Date.now : () => clock });
  });
  afterAll(async () => {
    await ctx.app.close();
    ctx.state.close();
    await ctx.provider?.close();
  });
  return ctx;
}

const asAlice = { 'x-remote-user': 'alice' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

describe('uuid tokens (authenticate=header, dat.method=uuid)', () => {
  const ctx = securedApp([['authenticate', 'header'], ['dat.method', 'uuid'], ['dat.ttl_seconds', '100'], ['dat.uuid.max_number_per_user', '2'], ['dat.unauth_users', 'anonymousUser, eve']]);
  const inject = (options: InjectOptions) => ctx.app.inject(options);
  const create = async () => (await inject({ method: 'POST', url: '/api/data-access-tokens', headers: asAlice })).json() as { token: string; creation: string; expiration: string; username: string };

  it('refuses a request without credentials with 401 and an empty body', async () => {
    const res = await inject({ url: '/api/studies' });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('');
    expect((await inject({ url: '/api/studies', headers: bearer('not-a-token') })).statusCode).toBe(401);
  });

  it('answers CORS preflights without credentials', async () => {
    const res = await inject({ method: 'OPTIONS', url: '/api/studies', headers: { origin: 'https://app.example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBeDefined();
  });

  it('keeps health and info public', async () => {
    expect((await inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await inject({ url: '/api/info' })).statusCode).toBe(200);
    expect((await inject({ url: '/api/v3/api-docs' })).statusCode).toBe(200);
  });

  it('creates a token (201) that expires dat.ttl_seconds after its creation', async () => {
    const res = await inject({ method: 'POST', url: '/api/data-access-tokens', headers: asAlice });
    expect(res.statusCode).toBe(201);
    const token = res.json();
    expect(token).toEqual({ token: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), username: 'alice', creation: utc(clock), expiration: utc(clock + 100_000) });
  });

  it('accepts the token (Bearer in any case) with the owner\'s authorities', async () => {
    const { token } = await create();
    expect((await inject({ url: '/api/studies/study_es_0', headers: bearer(token) })).statusCode).toBe(200);
    expect((await inject({ url: '/api/studies/study_es_0', headers: { authorization: `bEaReR ${token}` } })).statusCode).toBe(200);
    const other = await inject({ url: '/api/studies/study_hg38', headers: bearer(token) });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'Access to the specified resource has been forbidden' });
  });

  it('expires (fake clock)', async () => {
    const { token } = await create();
    clock += 99_000;
    expect((await inject({ url: '/api/studies/study_es_0', headers: bearer(token) })).statusCode).toBe(200);
    clock += 1_000;
    expect((await inject({ url: '/api/studies/study_es_0', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('invalidates the oldest token beyond dat.uuid.max_number_per_user', async () => {
    await inject({ method: 'DELETE', url: '/api/data-access-tokens', headers: asAlice });
    const first = await create();
    clock += 1_000;
    const second = await create();
    clock += 1_000;
    const third = await create();
    expect((await inject({ url: '/api/studies', headers: bearer(first.token) })).statusCode).toBe(401);
    for (const t of [second, third]) expect((await inject({ url: '/api/studies', headers: bearer(t.token) })).statusCode).toBe(200);
    const listed = (await inject({ url: '/api/data-access-tokens', headers: asAlice })).json() as { token: string }[];
    expect(listed.map((t) => t.token)).toEqual([second.token, third.token]);
  });

  it('reads and revokes one token; 404 once it is gone', async () => {
    const { token } = await create();
    const read = await inject({ url: `/api/data-access-tokens/${token}`, headers: asAlice });
    expect(read.json()).toMatchObject({ token, username: 'alice' });
    const revoked = await inject({ method: 'DELETE', url: `/api/data-access-tokens/${token}`, headers: asAlice });
    expect([revoked.statusCode, revoked.body]).toEqual([200, '']);
    expect((await inject({ url: '/api/studies', headers: bearer(token) })).statusCode).toBe(401);
    const again = await inject({ method: 'DELETE', url: `/api/data-access-tokens/${token}`, headers: asAlice });
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'Specified token cannot be found' }]);
  });

  it('revokes all of the caller\'s tokens', async () => {
    const a = await create();
    const res = await inject({ method: 'DELETE', url: '/api/data-access-tokens', headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    expect((await inject({ url: '/api/studies', headers: bearer(a.token) })).statusCode).toBe(401);
    expect((await inject({ url: '/api/data-access-tokens', headers: asAlice })).json()).toEqual([]);
  });

  it('refuses users listed in dat.unauth_users', async () => {
    const res = await inject({ method: 'POST', url: '/api/data-access-tokens', headers: { 'x-remote-user': 'eve' } });
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'You are prohibited from using Data Access Tokens' }]);
  });

  it('downloads the token file (201, attachment, ISO dates with milliseconds)', async () => {
    const res = await inject({ url: '/api/data-access-token', headers: asAlice });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-disposition']).toBe('attachment; filename=cbioportal_data_access_token.txt');
    const lines = res.body.split('\n');
    expect(lines[0]).toMatch(/^token: [0-9a-f-]{36}$/);
    expect(lines.slice(1)).toEqual([`creation_date: ${new Date(clock).toISOString()}`, `expiration_date: ${new Date(clock + 100_000).toISOString()}`, '']);
    expect(lines[1]).toMatch(/^creation_date: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('ignores the user header from an untrusted address', async () => {
    const res = await inject({ url: '/api/studies', headers: asAlice, remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(401);
  });
});

describe('jwt tokens (dat.method=jwt)', () => {
  const secret = 'a-signing-secret-of-at-least-32-bytes!';
  const ctx = securedApp([['authenticate', 'header'], ['dat.method', 'jwt'], ['dat.jwt.secret_key', secret], ['dat.ttl_seconds', '60']]);
  const inject = (options: InjectOptions) => ctx.app.inject(options);
  const create = async () => (await inject({ method: 'POST', url: '/api/data-access-tokens', headers: asAlice })).json() as { token: string; creation: string; expiration: string };

  it('signs a token whose expiry is inside it', async () => {
    const res = await inject({ method: 'POST', url: '/api/data-access-tokens', headers: asAlice });
    expect(res.statusCode).toBe(201);
    const t = res.json();
    const whole = Math.floor(clock / 1000) * 1000;
    expect(t).toMatchObject({ username: 'alice', creation: utc(whole), expiration: utc(whole + 60_000) });
    const payload = JSON.parse(Buffer.from(t.token.split('.')[1], 'base64url').toString());
    expect(payload).toEqual({ sub: 'alice', iat: whole / 1000, exp: whole / 1000 + 60 });
  });

  it('accepts a valid token and refuses it once expired (fake clock)', async () => {
    const { token } = await create();
    expect((await inject({ url: '/api/studies/study_es_0', headers: bearer(token) })).statusCode).toBe(200);
    expect((await inject({ url: '/api/studies/study_hg38', headers: bearer(token) })).statusCode).toBe(403);
    clock += 61_000;
    expect((await inject({ url: '/api/studies/study_es_0', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('refuses a tampered token and one signed with another secret', async () => {
    const { token } = await create();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'mallory', iat: Math.floor(clock / 1000), exp: Math.floor(clock / 1000) + 60 })).toString('base64url');
    expect((await inject({ url: '/api/studies', headers: bearer(`${header}.${forged}.${signature}`) })).statusCode).toBe(401);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect((await inject({ url: '/api/studies', headers: bearer(`${token.slice(0, token.lastIndexOf('.'))}.${flipped}`) })).statusCode).toBe(401);
    const other = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('alice').setIssuedAt(Math.floor(clock / 1000))
      .setExpirationTime(Math.floor(clock / 1000) + 60).sign(new TextEncoder().encode('another-secret-another-secret-12345'));
    expect((await inject({ url: '/api/studies', headers: bearer(other) })).statusCode).toBe(401);
  });

  it('cannot list or revoke jwt tokens (501)', async () => {
    const { token } = await create();
    for (const [method, url] of [['GET', '/api/data-access-tokens'], ['DELETE', '/api/data-access-tokens'], ['GET', `/api/data-access-tokens/${token}`], ['DELETE', `/api/data-access-tokens/${token}`]] as const) {
      const res = await inject({ method, url, headers: asAlice });
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([501, { message: 'Requested API is not implemented yet' }]);
    }
  });
});

describe('login-free instance (the default)', () => {
  const ctx = securedApp([]);

  it('ignores a Bearer header and shows every study', async () => {
    const res = await ctx.app.inject({ url: '/api/studies/study_hg38', headers: bearer('anything') });
    expect(res.statusCode).toBe(200);
  });

  it('has no authenticated identity for the token endpoints', async () => {
    for (const [method, url] of [['POST', '/api/data-access-tokens'], ['GET', '/api/data-access-tokens'], ['DELETE', '/api/data-access-tokens'], ['GET', '/api/data-access-token']] as const) {
      const res = await ctx.app.inject({ method, url, headers: asAlice });
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([401, { message: 'No authenticated identity found while processing request' }]);
    }
  });
});

describe('dat.method=none on a login-required instance', () => {
  const ctx = securedApp([['authenticate', 'header']]);

  it('refuses the token operations with 403, and Bearer tokens with 401', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/data-access-tokens', headers: asAlice });
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'Access to the specified resource has been forbidden' }]);
    const byToken = await ctx.app.inject({ url: '/api/data-access-tokens/some-token', headers: asAlice });
    expect(byToken.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/studies', headers: bearer('x') })).statusCode).toBe(401);
  });
});

describe('oauth2 tokens against a stand-in provider', () => {
  const ctx = securedApp([['authenticate', 'oauth2'], ['dat.method', 'oauth2']], { provider: true, realClock: true });

  it('exchanges the offline token at every request, so a removed role applies at once', async () => {
    ctx.provider.offlineTokens.set('offline-alice', 'alice@example.org');
    ctx.provider.roles.set('alice@example.org', ['cbioportal:study_es_0', 'cbioportal:study_hg38']);
    expect((await ctx.app.inject({ url: '/api/studies/study_hg38', headers: bearer('offline-alice') })).statusCode).toBe(200);
    const listed = (await ctx.app.inject({ url: '/api/studies', headers: bearer('offline-alice') })).json() as { studyId: string }[];
    expect(listed.map((s) => s.studyId).sort()).toEqual(['study_es_0', 'study_hg38']);
    ctx.provider.roles.set('alice@example.org', ['cbioportal:study_es_0']);
    expect((await ctx.app.inject({ url: '/api/studies/study_hg38', headers: bearer('offline-alice') })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/studies/study_es_0', headers: bearer('offline-alice') })).statusCode).toBe(200);
    const exchanges = ctx.provider.requests.filter((r) => r.refresh_token === 'offline-alice');
    expect(exchanges).toHaveLength(4);
    expect(exchanges[0]).toMatchObject({ grant_type: 'refresh_token', client_id: 'cbioportal' });
  });

  it('refuses an offline token the provider does not know (401)', async () => {
    expect((await ctx.app.inject({ url: '/api/studies', headers: bearer('offline-unknown') })).statusCode).toBe(401);
  });

  it('logs in at the provider and hands out its offline token as the token file', async () => {
    const start = await ctx.app.inject({ url: '/api/data-access-token', headers: { host: 'portal.example.org' } });
    expect(start.statusCode).toBe(302);
    const to = new URL(start.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${ctx.provider.issuer}/protocol/openid-connect/auth`);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      response_type: 'code', scope: 'openid offline_access', client_id: 'cbioportal',
      redirect_uri: 'http://portal.example.org/api/data-access-token/oauth2', state: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    ctx.provider.codes.set('code-1', 'bob@example.org');
    ctx.provider.roles.set('bob@example.org', ['cbioportal:study_es_0']);
    const back = await ctx.app.inject({ url: `/api/data-access-token/oauth2?code=code-1&state=${to.searchParams.get('state')}`, headers: { host: 'portal.example.org' } });
    expect(back.statusCode).toBe(200);
    expect(back.body).toMatch(/^token: offline-bob@example\.org-\d+\n$/);
    const offline = back.body.slice('token: '.length).trim();
    expect((await ctx.app.inject({ url: '/api/studies/study_es_0', headers: bearer(offline) })).statusCode).toBe(200);
    // The state is single use.
    const replay = await ctx.app.inject({ url: `/api/data-access-token/oauth2?code=code-1&state=${to.searchParams.get('state')}` });
    expect(replay.statusCode).toBe(400);
  });

  it('answers 501 on the /data-access-tokens endpoints', async () => {
    ctx.provider.offlineTokens.set('offline-carol', 'carol');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/data-access-tokens', headers: bearer('offline-carol') });
    expect(res.statusCode).toBe(501);
  });
});

describe('authenticate=oauth2 login handing out uuid tokens', () => {
  const ctx = securedApp([['authenticate', 'oauth2'], ['dat.method', 'uuid']], { provider: true, realClock: true, grants: [['dave@example.org', 'cbioportal:study_hg38']] });

  it('sends an unidentified caller to the provider and answers the callback with a uuid token file', async () => {
    const start = await ctx.app.inject({ url: '/api/data-access-token' });
    expect(start.statusCode).toBe(302);
    const to = new URL(start.headers.location as string);
    expect(to.searchParams.get('scope')).toBe('openid');
    ctx.provider.codes.set('code-2', 'dave@example.org');
    const back = await ctx.app.inject({ url: `/api/data-access-token/oauth2?code=code-2&state=${to.searchParams.get('state')}` });
    expect(back.statusCode).toBe(201);
    const token = /^token: (\S+)$/m.exec(back.body)![1];
    expect((await ctx.app.inject({ url: '/api/studies/study_hg38', headers: bearer(token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/studies/study_es_0', headers: bearer(token) })).statusCode).toBe(403);
  });

  it('refuses a callback whose state it did not send', async () => {
    ctx.provider.codes.set('code-3', 'dave@example.org');
    const res = await ctx.app.inject({ url: '/api/data-access-token/oauth2?code=code-3&state=forged' });
    expect(res.statusCode).toBe(400);
    expect(ctx.provider.codes.has('code-3')).toBe(true);
  });
});
