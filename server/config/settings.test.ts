import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configErrorOf } from '../../test/helpers/config-error.js';
import { environmentName, readProperties } from './properties.js';
import { readSettings, settingsFrom } from './settings.js';

const settings = (entries: [string, string][]) => settingsFrom(new Map(entries));
const problem = (entries: [string, string][]) => configErrorOf(() => settings(entries));
const oauth2 = (base: string): [string, string][] => [
  ['dat.oauth2.clientId', 'cbioportal'], ['dat.oauth2.clientSecret', 's'], ['dat.oauth2.issuer', base],
  ['dat.oauth2.userAuthorizationUri', `${base}/auth`], ['dat.oauth2.accessTokenUri', `${base}/token`], ['dat.oauth2.jwkUrl', `${base}/certs`],
];

describe('settings', () => {
  it('defaults to a login-free instance with the documented token defaults', () => {
    const s = settings([]);
    expect(s).toMatchObject({ authenticate: 'false', headerName: 'X-Remote-User', trustedProxies: ['127.0.0.1'], appName: 'cbioportal', filterGroupsByAppName: true });
    expect(s.dat).toEqual({ method: 'none', unauthUsers: ['anonymousUser'], ttlSeconds: 2592000, jwtSecretKey: undefined, uuidMaxNumberPerUser: 1, oauth2: undefined });
  });

  it('names the property of an invalid value in one line', () => {
    expect(problem([['dat.method', 'token']])).toBe('configuration: dat.method: must be one of none, uuid, jwt, oauth2 (got "token")');
    expect(problem([['dat.ttl_seconds', '0']])).toBe('configuration: dat.ttl_seconds: must be an integer greater than 0 (got "0")');
    expect(problem([['dat.uuid.max_number_per_user', '1.5']])).toBe('configuration: dat.uuid.max_number_per_user: must be an integer greater than 0 (got "1.5")');
    expect(problem([['dat.method', 'jwt']])).toBe('configuration: dat.jwt.secret_key: required when dat.method=jwt');
    expect(problem([['authenticate', 'saml']])).toBe('configuration: authenticate: must be one of false, header, oauth2 (got "saml")');
    expect(problem([['filter_groups_by_appname', 'yes']])).toBe('configuration: filter_groups_by_appname: must be true or false (got "yes")');
    expect(problem([['dat.method', 'oauth2']])).toBe('configuration: dat.oauth2.clientId: required when dat.method or authenticate is oauth2');
    const bad = oauth2('http://idp/realms/x').map(([k, v]): [string, string] => (k === 'dat.oauth2.jwkUrl' ? [k, 'http://idp/realms/x/keys'] : [k, v]));
    expect(problem([['dat.method', 'oauth2'], ...bad])).toBe('configuration: dat.oauth2.jwkUrl: must end with /certs (got "http://idp/realms/x/keys")');
  });

  it('reads the oauth2 provider, with the roles path after the client id by default', () => {
    const s = settings([['authenticate', 'oauth2'], ...oauth2('http://idp/realms/x')]);
    expect(s.dat.oauth2).toMatchObject({ clientId: 'cbioportal', jwtRolesPath: ['resource_access', 'cbioportal', 'roles'], userNameAttribute: 'email' });
  });
});

describe('properties', () => {
  it('names environment variables as Spring Boot relaxed binding does', () => {
    expect(environmentName('dat.oauth2.clientId')).toBe('DAT_OAUTH2_CLIENTID');
    expect(environmentName('session.endpoint.publisher-api-key')).toBe('SESSION_ENDPOINT_PUBLISHERAPIKEY');
    expect(environmentName('dat.uuid.max_number_per_user')).toBe('DAT_UUID_MAX_NUMBER_PER_USER');
  });

  it('reads an application.properties file, the environment overriding it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'duckportal-config-')), 'application.properties');
    writeFileSync(file, '# comment\ndat.method = uuid\ndat.ttl_seconds: 60\nauthenticate=header\nunrelated.property=1\ndat.unauth_users=anonymousUser,\\\n  eve\n');
    expect([...readProperties(['dat.method', 'dat.ttl_seconds', 'authenticate', 'dat.unauth_users'], file, {})]).toEqual([
      ['dat.method', 'uuid'], ['dat.ttl_seconds', '60'], ['authenticate', 'header'], ['dat.unauth_users', 'anonymousUser,eve'],
    ]);
    const s = readSettings(file, { DAT_TTL_SECONDS: '120', AUTHENTICATE: 'false' });
    expect([s.dat.method, s.dat.ttlSeconds, s.authenticate, s.dat.unauthUsers]).toEqual(['uuid', 120, 'false', ['anonymousUser', 'eve']]);
  });
});
