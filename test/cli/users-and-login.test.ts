// `duckportal users grant|revoke|list` and `serve --config` end to end: a server requiring login
// (proxy header) sees an authority granted or revoked by the CLI while it runs; a bad property
// stops `serve` with one line naming it.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoStore } from '../../cli/demo-store.js';

const BIN = fileURLToPath(new URL('../../bin/duckportal.js', import.meta.url));
const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  promisify(execFile)(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });

let dir: string;
let dbPath: string;
let server: ChildProcess | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'duckportal-login-'));
  dbPath = join(dir, 'store.duckdb');
  await buildDemoStore(dbPath, { studyDir: join(dir, 'demo_study'), samples: 200, seed: 3 });
}, 120_000);
afterAll(() => {
  server?.kill();
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('users and login', () => {
  it('grants, lists and revokes authorities', async () => {
    expect((await run(['users', 'grant', 'alice', 'cbioportal:demo_study', '--db', dbPath])).stdout).toBe('granted cbioportal:demo_study to alice\n');
    expect((await run(['users', 'grant', 'bob', 'cbioportal:other_study', '--db', dbPath])).stdout).toBe('granted cbioportal:other_study to bob\n');
    expect((await run(['users', 'list', '--db', dbPath])).stdout).toBe('alice\tcbioportal:demo_study\nbob\tcbioportal:other_study\n');
  }, 60_000);

  it('serves with login required, and applies a revocation made while it runs', async () => {
    const config = join(dir, 'application.properties');
    writeFileSync(config, 'authenticate=header\ndat.method=none\n');
    const port = await freePort();
    // No warm-up: logins are what is tested, and a loaded machine took over 20 s to warm the demo study.
    server = spawn(process.execPath, [BIN, 'serve', '--db', dbPath, '--port', String(port), '--config', config, '--no-warm-up'], { stdio: 'ignore', env: { ...process.env, DAT_METHOD: 'uuid' } });
    const base = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 60_000; ;) {
      const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error('the server did not answer /api/health within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const studies = (user: string) => fetch(`${base}/api/studies`, { headers: { 'x-remote-user': user } });
    expect((await fetch(`${base}/api/studies`)).status).toBe(401);
    expect(await (await studies('alice')).json()).toMatchObject([{ studyId: 'demo_study' }]);
    expect(await (await studies('bob')).json()).toEqual([]);
    // DAT_METHOD from the environment overrides the file: uuid tokens can be had.
    const token = await fetch(`${base}/api/data-access-tokens`, { method: 'POST', headers: { 'x-remote-user': 'alice' } });
    expect(token.status).toBe(201);
    expect((await run(['users', 'revoke', 'alice', 'cbioportal:demo_study', '--db', dbPath])).stdout).toBe('revoked cbioportal:demo_study from alice\n');
    expect(await (await studies('alice')).json()).toEqual([]);
    const byToken = await fetch(`${base}/api/studies/demo_study`, { headers: { authorization: `Bearer ${(await token.json()).token}` } });
    expect(byToken.status).toBe(403);
  }, 120_000);

  it('stops serve with one line naming a bad property', async () => {
    const error = await run(['serve', '--db', dbPath, '--port', '0'], { DAT_TTL_SECONDS: '-5' }).catch((e: { stderr: string; code: number }) => e);
    expect(error).toMatchObject({ code: 1, stderr: 'error: configuration: dat.ttl_seconds: must be an integer greater than 0 (got "-5")\n' });
  }, 60_000);
});
