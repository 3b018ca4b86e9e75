import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { StateStore, statePathOf } from './state-store.js';
import { createUuidToken, deleteUuidTokens } from './tokens.js';
import { grantAuthority, listUsers, revokeAuthority } from './users.js';

const files: string[] = [];
const file = () => {
  files.push(join(mkdtempSync(join(tmpdir(), 'duckportal-state-')), 'store.duckdb.state.duckdb'));
  return files[files.length - 1];
};
afterAll(() => files.forEach((f) => rmSync(dirname(f), { recursive: true, force: true })));
const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Another process holding the file's write lock (DuckDB's lock is a POSIX record lock, which
 * excludes other processes only: a second instance in this process would not be kept out).
 * Resolves once the lock is held; `release()` closes the file and waits for the process to end.
 */
async function lockInAnotherProcess(path: string): Promise<{ release: () => Promise<void> }> {
  const code = `
    import { DuckDBInstance } from '@duckdb/node-api';
    const instance = await DuckDBInstance.create(${JSON.stringify(path)});
    const connection = await instance.connect();
    await connection.run('SELECT 1');
    console.log('locked');
    process.stdin.once('data', () => { connection.closeSync(); instance.closeSync(); process.exit(0); });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: REPO, stdio: ['pipe', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  expect(line).toBe('locked');
  return {
    release: async () => {
      const exited = once(child, 'exit');
      child.stdin.end('release\n');
      expect(await exited).toEqual([0, null]);
    },
  };
}

describe('StateStore', () => {
  it('lives beside the study store', () => {
    expect(statePathOf('/data/portal.duckdb')).toBe('/data/portal.duckdb.state.duckdb');
    expect(statePathOf(':memory:')).toBe(':memory:');
  });

  it('shows a server what another process wrote to the file (the CLI granting while it serves)', async () => {
    const path = file();
    const server = await StateStore.open(path);
    const cli = await StateStore.open(path);
    expect((await server.snapshot()).authorities.get('alice')).toBeUndefined();
    const before = await server.snapshot();
    expect(await server.snapshot()).toBe(before); // unchanged file: the same snapshot, no reopen
    expect(await grantAuthority(cli, 'alice', 'cbioportal:study_es_0')).toBe(true);
    expect(await grantAuthority(cli, 'alice', 'cbioportal:study_es_0')).toBe(false);
    expect((await server.snapshot()).authorities.get('alice')).toEqual(['cbioportal:study_es_0']);
    expect(await revokeAuthority(cli, 'alice', 'cbioportal:study_es_0')).toBe(true);
    expect((await server.snapshot()).authorities.get('alice')).toBeUndefined();
    expect(await listUsers(server)).toEqual([{ user: 'alice', enabled: true, authorities: [] }]);
    server.close();
    cli.close();
  });

  // A revoke the server does not see would leave the user reading the study: every write, however
  // soon it follows the server's last read, must show in the next snapshot. Two such writes leave
  // the file's size alone (the same pages) and, within one tick of a coarse clock, its mtime too:
  // setting the mtime back after each write stands for that.
  it('never misses a write, even one that leaves the file\'s size and mtime as they were', async () => {
    const path = file();
    const server = await StateStore.open(path);
    const cli = await StateStore.open(path);
    const instant = new Date('2024-01-01T00:00:00Z');
    const seen: (readonly string[] | undefined)[] = [];
    for (let i = 0; i < 8; i++) {
      await (i % 2 ? revokeAuthority : grantAuthority)(cli, 'carol', 'cbioportal:ALL');
      utimesSync(path, instant, instant);
      seen.push((await server.snapshot()).authorities.get('carol'));
    }
    expect(seen).toEqual(Array.from({ length: 8 }, (_, i) => (i % 2 ? undefined : ['cbioportal:ALL'])));
    server.close();
    cli.close();
  });

  it('serialises the writes of one process (DuckDB\'s file lock does not exclude a second instance in it)', async () => {
    const path = file();
    const store = await StateStore.open(path);
    const users = Array.from({ length: 12 }, (_, i) => `user${i}`);
    expect(await Promise.all(users.map((u) => grantAuthority(store, u, 'cbioportal:ALL')))).toEqual(users.map(() => true));
    const { authorities } = await store.snapshot();
    expect([...authorities.keys()].sort()).toEqual([...users].sort());
    store.close();
  });

  it('waits for another process\'s lock instead of failing', async () => {
    const path = file();
    const store = await StateStore.open(path);
    const lock = await lockInAnotherProcess(path);
    const waited = once(store.events, 'lock-wait'); // the first open found the file locked
    const granting = grantAuthority(store, 'bob', 'cbioportal:ALL');
    await waited;
    await lock.release();
    expect(await granting).toBe(true);
    expect((await store.snapshot()).authorities.get('bob')).toEqual(['cbioportal:ALL']);
    store.close();
  });

  it('keeps at most max tokens per user, dropping the oldest', async () => {
    const store = await StateStore.open(':memory:');
    const options = { ttlSeconds: 10, maxPerUser: 2 };
    const a = await createUuidToken(store, 'u', { ...options, now: 1_000 });
    const b = await createUuidToken(store, 'u', { ...options, now: 2_000 });
    await createUuidToken(store, 'v', { ...options, now: 2_500 });
    const c = await createUuidToken(store, 'u', { ...options, now: 3_000 });
    const tokens = (await store.snapshot()).tokens;
    expect([tokens.has(a.token), tokens.has(b.token), tokens.has(c.token), tokens.size]).toEqual([false, true, true, 3]);
    expect(tokens.get(c.token)).toEqual({ token: c.token, username: 'u', creation: 3_000, expiration: 13_000 });
    expect(await deleteUuidTokens(store, { username: 'u' })).toBe(2);
    expect((await store.snapshot()).tokens.size).toBe(1);
    store.close();
  });
});
