import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Db } from '../sql/db.js';
import { StateStore, statePathOf } from './state-store.js';
import { createUuidToken, deleteUuidTokens } from './tokens.js';
import { grantAuthority, listUsers, revokeAuthority } from './users.js';

const file = () => join(mkdtempSync(join(tmpdir(), 'duckportal-state-')), 'store.duckdb.state.duckdb');

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

  it('waits for another process\'s lock instead of failing', async () => {
    const path = file();
    const store = await StateStore.open(path);
    const holder = await Db.open(path); // holds the file's write lock, like a write in progress
    setTimeout(() => holder.close(), 150);
    await grantAuthority(store, 'bob', 'cbioportal:ALL');
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
