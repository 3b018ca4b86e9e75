// GET /config_service (and /config_service.jsp, /api/config_service): the web front end's
// configuration as it boots with it, public, with the caller's name; outside the API description.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, closeResident, openResident, type Resident } from '../../server/app.js';
import { frontendConfigFrom } from '../../server/config/frontend-config.js';
import { settingsFrom } from '../../server/config/settings.js';
import { openReferenceStore } from '../helpers/store.js';

let open: FastifyInstance;
let login: FastifyInstance;
let resident: Resident;
beforeAll(async () => {
  const { db } = await openReferenceStore({ genesets: false });
  resident = await openResident(db);
  open = await buildApp({ db, resident });
  const settings = settingsFrom(new Map([['authenticate', 'header'], ['app.name', 'private-portal']]));
  login = await buildApp({ db, resident, settings, frontend: frontendConfigFrom(new Map([['skin.title', 'Our portal']]), settings) });
});
afterAll(async () => {
  await open.close();
  await login.close();
  await closeResident(resident);
});

describe('GET /config_service', () => {
  it('answers the front end\'s configuration as JSON at each path the front end versions use', async () => {
    for (const path of ['/config_service', '/api/config_service', '/config_service.jsp']) {
      const res = await open.inject({ url: path, headers: { host: 'portal.example.org:8443' } });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({
        sessionServiceEnabled: true, authenticationMethod: false, app_name: 'cbioportal', clickhouse_mode: true,
        show_oncokb: false, session_url_length_threshold: null,
        base_url: 'portal.example.org:8443', user_display_name: 'anonymousUser', user_email_address: 'anonymousUser',
        mskWholeSlideViewerToken: null,
      });
    }
  });

  it('answers an older front end\'s JSONP request at /config_service.jsp, and refuses a callback that is not a name', async () => {
    const res = await open.inject('/config_service.jsp?callback=callback&_=1700000000000');
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    const script = /^\/\*\*\/callback\((.*)\);$/s.exec(res.body);
    expect(JSON.parse(script![1])).toMatchObject({ sessionServiceEnabled: true, user_display_name: 'anonymousUser' });
    const bad = await open.inject(`/config_service.jsp?callback=${encodeURIComponent('alert(1)//')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Request parameter type mismatch: callback/);
  });

  it('is public on a login-required instance, and names the user who is logged in', async () => {
    const anonymous = await login.inject('/config_service');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ authenticationMethod: 'header', app_name: 'private-portal', skin_title: 'Our portal', user_display_name: 'anonymousUser' });
    const alice = await login.inject({ url: '/config_service', headers: { 'x-remote-user': 'alice@example.org' }, remoteAddress: '127.0.0.1' });
    expect(alice.json()).toMatchObject({ user_display_name: 'alice@example.org', user_email_address: 'alice@example.org' });
    expect((await login.inject('/api/studies')).statusCode).toBe(401);
  });

  it('is not an operation of the API description, as in cBioPortal', async () => {
    const doc = (await open.inject('/api/v3/api-docs')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes('config_service'))).toEqual([]);
  });
});
