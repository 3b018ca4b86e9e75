// Two servers on one study store sharing a PostgreSQL state store (issue 22): a `duckportal serve`
// process given `--state <url>` and an app in this process, both requiring login (proxy header,
// uuid tokens). Tokens, grants (by `duckportal users grant` with the URL too), virtual studies
// and sessions made through one are honoured by the other at its next request. Skipped, with the
// reason printed, where no PostgreSQL can be started.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoStore } from '../../cli/demo-store.js';
import { Db } from '../../engine/sql/db.js';
import { StateStore } from '../../engine/state/state-store.js';
import { grantAuthority } from '../../engine/state/users.js';
import { buildApp } from '../../server/app.js';
import { settingsFrom } from '../../server/config/settings.js';
import { startPostgres } from '../helpers/postgres.js';
import { ServerProcess } from '../helpers/server-process.js';

const BIN = fileURLToPath(new URL('../../bin/duckportal.js', import.meta.url));
const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => promisify(execFile)(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
const PROPERTIES: [string, string][] = [['authenticate', 'header'], ['dat.method', 'uuid']];

const postgres = await startPostgres();
if ('skip' in postgres) console.log(`shared PostgreSQL state tests skipped: ${postgres.skip}`);

/** A server: `request(user, method, path, body?)` answers status and JSON (or undefined). */
type Server = (user: string | { token: string } | undefined, method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>;

describe.skipIf('skip' in postgres)('two servers sharing a PostgreSQL state store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'duckportal-shared-state-'));
  const db = join(dir, 'store.duckdb');
  let url: string;
  let process_: ServerProcess;
  let study: Db;
  let state: StateStore;
  let app: FastifyInstance;
  const servers: Record<'serve' | 'app', Server> = {} as never;

  const headersOf = (user: Parameters<Server>[0], body: unknown): Record<string, string> => ({
    ...(typeof user === 'string' ? { 'x-remote-user': user } : user ? { authorization: `Bearer ${user.token}` } : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  });

  beforeAll(async () => {
    if (!('url' in postgres)) return;
    url = await postgres.createDatabase('shared');
    await buildDemoStore(db, { studyDir: join(dir, 'demo_study'), samples: 50, seed: 5 });
    const config = join(dir, 'application.properties');
    writeFileSync(config, PROPERTIES.map(([k, v]) => `${k}=${v}`).join('\n'));
    process_ = new ServerProcess(db, join(dir, 'serve.log'), {}, { args: ['--config', config, '--state', url] });
    await process_.start();
    study = await Db.open(db, { readOnly: true });
    state = await StateStore.open(url);
    app = await buildApp({ db: study, settings: settingsFrom(new Map(PROPERTIES)), state });
    servers.serve = async (user, method, path, body) => {
      const res = await fetch(`http://127.0.0.1:${process_.port}${path}`, { method, headers: headersOf(user, body), body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : undefined };
    };
    servers.app = async (user, method, path, body) => {
      const res = await app.inject({ method: method as 'GET', url: path, headers: headersOf(user, body), payload: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.statusCode, json: res.body ? res.json() : undefined };
    };
  }, 180_000);

  afterAll(async () => {
    await process_?.stop();
    await app?.close();
    await state?.close();
    study?.close();
    if ('url' in postgres) await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const both = async (user: Parameters<Server>[0], path: string) =>
    [(await servers.serve(user, 'GET', path)).status, (await servers.app(user, 'GET', path)).status];

  it('honours on both a grant made by `duckportal users grant --state <url>`, and its revocation', async () => {
    expect(await both('bob', '/api/studies/demo_study')).toEqual([403, 403]);
    expect((await cli(['users', 'grant', 'bob', 'cbioportal:demo_study', '--state', url])).stdout).toBe('granted cbioportal:demo_study to bob\n');
    expect(await both('bob', '/api/studies/demo_study')).toEqual([200, 200]);
    // The property, from the environment, names the same database.
    expect((await cli(['users', 'revoke', 'bob', 'cbioportal:demo_study'], { DUCKPORTAL_STATE_URL: url })).stdout).toBe('revoked cbioportal:demo_study from bob\n');
    expect(await both('bob', '/api/studies/demo_study')).toEqual([403, 403]);
  });

  it('accepts on each server a token created through the other; revoked through one, it fails at the next request on the other', async () => {
    await grantAuthority(state, 'carol', 'cbioportal:ALL');
    for (const [maker, other] of [[servers.serve, servers.app], [servers.app, servers.serve]]) {
      const created = await maker('carol', 'POST', '/api/data-access-tokens');
      expect(created.status).toBe(201);
      const token = { token: created.json.token as string };
      expect((await other(token, 'GET', '/api/studies/demo_study')).status).toBe(200);
      expect((await other('carol', 'GET', `/api/data-access-tokens/${token.token}`)).json).toMatchObject({ token: token.token, username: 'carol' });
      expect((await maker('carol', 'DELETE', `/api/data-access-tokens/${token.token}`)).status).toBe(200);
      expect((await other(token, 'GET', '/api/studies/demo_study')).status).toBe(401);
    }
  });

  it('reads through one server the virtual studies and sessions saved through the other', async () => {
    await grantAuthority(state, 'dave', 'cbioportal:demo_study');
    const samples = (await servers.app('dave', 'GET', '/api/studies/demo_study/samples?projection=ID&pageSize=2')).json.map((s: { sampleId: string }) => s.sampleId);
    const saved = await servers.serve('dave', 'POST', '/api/session/virtual_study', { name: 'Two', studies: [{ id: 'demo_study', samples }] });
    expect(saved.status).toBe(200);
    const read = await servers.app('dave', 'GET', `/api/session/virtual_study/${saved.json.id}`);
    expect([read.status, read.json.data.name, read.json.data.studies]).toEqual([200, 'Two', [{ id: 'demo_study', samples }]]);
    expect((await servers.app('dave', 'POST', '/api/filtered-samples/fetch', { studyIds: [saved.json.id] })).json).toHaveLength(2);
    const query = { cancer_study_list: 'demo_study', gene_list: 'TP53' };
    const session = await servers.app('dave', 'POST', '/api/session/main_session', query);
    expect(session.status).toBe(200);
    expect((await servers.serve('dave', 'GET', `/api/session/main_session/${session.json.id}`)).json).toMatchObject({ id: session.json.id, data: query });
  });
});

describe('choosing the state store on the command line', () => {
  it('stops with one line when the state store\'s server cannot be reached, its password hidden', async () => {
    const failure = (args: string[]) => cli(args).then(() => undefined, (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }));
    expect(await failure(['users', 'grant', 'a', 'b', '--state', 'postgresql://duck:secret@127.0.0.1:1/state'])).toEqual({
      code: 1, stderr: expect.stringMatching(/^error: state store postgresql:\/\/duck:\*\*\*@127\.0\.0\.1:1\/state: .*ECONNREFUSED.*\n$/),
    });
  });
});
