// A stand-in OAuth 2.0 / OpenID Connect provider on 127.0.0.1 for the oauth2 tests: a login
// page address (/auth, never fetched by the server), a token endpoint (/token: authorization
// codes and offline tokens are exchanged for RS256 access tokens) and a JWKS (/certs). The roles
// of each user are read at every exchange, so a test can change them between two requests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface StandInProvider {
  base: string;
  issuer: string;
  /** Roles by user; edit freely. */
  roles: Map<string, string[]>;
  /** Offline token → user. */
  offlineTokens: Map<string, string>;
  /** Authorization code → user (single use). */
  codes: Map<string, string>;
  /** Form fields of every token request. */
  requests: Record<string, string>[];
  close(): Promise<void>;
}

export const CLIENT_ID = 'cbioportal';
export const CLIENT_SECRET = 'client-secret';

export async function startStandInProvider(): Promise<StandInProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const roles = new Map<string, string[]>();
  const offlineTokens = new Map<string, string>();
  const codes = new Map<string, string>();
  const requests: Record<string, string>[] = [];
  let issuer = '';

  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/realms/test/protocol/openid-connect/certs') return send(200, { keys: [jwk] });
    if (req.url !== '/realms/test/protocol/openid-connect/token' || req.method !== 'POST') return send(404, {});
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(text));
      requests.push(form);
      if (form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET) return send(401, { error: 'invalid_client' });
      let user: string | undefined;
      if (form.grant_type === 'refresh_token') user = offlineTokens.get(form.refresh_token);
      if (form.grant_type === 'authorization_code') {
        user = codes.get(form.code);
        codes.delete(form.code);
      }
      if (user === undefined) return send(400, { error: 'invalid_grant' });
      void accessToken(privateKey, issuer, user, roles.get(user) ?? []).then((access_token) => {
        const offline = `offline-${user}-${offlineTokens.size + 1}`;
        if (form.grant_type === 'authorization_code') offlineTokens.set(offline, user);
        send(200, { access_token, token_type: 'Bearer', ...(form.grant_type === 'authorization_code' ? { refresh_token: offline } : {}) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = `${base}/realms/test`;
  return {
    base, issuer, roles, offlineTokens, codes, requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function accessToken(key: CryptoKey, issuer: string, user: string, roles: string[]): Promise<string> {
  return new SignJWT({ email: user, resource_access: { [CLIENT_ID]: { roles } } })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(issuer)
    .setSubject(`id-${user}`)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

/** The dat.oauth2.* properties that point at the stand-in provider. */
export function providerProperties(p: StandInProvider): [string, string][] {
  return [
    ['dat.oauth2.clientId', CLIENT_ID],
    ['dat.oauth2.clientSecret', CLIENT_SECRET],
    ['dat.oauth2.issuer', p.issuer],
    ['dat.oauth2.userAuthorizationUri', `${p.issuer}/protocol/openid-connect/auth`],
    ['dat.oauth2.accessTokenUri', `${p.issuer}/protocol/openid-connect/token`],
    ['dat.oauth2.jwkUrl', `${p.issuer}/protocol/openid-connect/certs`],
  ];
}
