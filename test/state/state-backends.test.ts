// Every operation of the state store on both backends, the embedded DuckDB file and PostgreSQL (a
// real server started here; skipped, with the reason printed, where none can start), and what only
// PostgreSQL shares between servers: its schema created by servers starting at once, writes from
// two servers that cannot pass a per-owner count, a write on one seen at the next read on the other.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Busy, InvalidRequest } from '../../engine/errors.js';
import { StateStoreUnavailable } from '../../engine/state/state-backend.js';
import { StateStore } from '../../engine/state/state-store.js';
import { finishLogin, startLogin } from '../../engine/state/logins.js';
import { insertSession, memberIdsOf, putSettings, readSession, sessionsOfUser, setMember, settingsOf, usersOf } from '../../engine/state/sessions.js';
import { createUuidToken, deleteUuidTokens } from '../../engine/state/tokens.js';
import { grantAuthority, listUsers, revokeAuthority } from '../../engine/state/users.js';
import { deleteSavedVirtualStudy, deleteVirtualStudy, insertVirtualStudy, saveVirtualStudy, setPublished } from '../../engine/state/virtual-studies.js';
import { startPostgres } from '../helpers/postgres.js';

const postgres = await startPostgres();
if ('skip' in postgres) console.log(`PostgreSQL state store tests skipped: ${postgres.skip}`);
const dir = mkdtempSync(join(tmpdir(), 'duckportal-state-backends-'));
afterAll(async () => {
  if ('url' in postgres) await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
});

let databases = 0;
/** A fresh, empty location of each backend. */
const BACKENDS = [
  { name: 'the DuckDB file', skip: undefined, location: async () => join(dir, `${++databases}.state.duckdb`) },
  {
    name: 'PostgreSQL',
    skip: 'skip' in postgres ? postgres.skip : undefined,
    location: async () => ('url' in postgres ? postgres.createDatabase(`state_${++databases}`) : ''),
  },
];

const T0 = Date.UTC(2026, 10, 28, 9, 30, 15, 123);

describe.each(BACKENDS)('the state store on $name', ({ skip, location }) => {
  /** Two stores on one location: two servers (or a server and the CLI). */
  const open = async () => {
    const where = await location();
    return [await StateStore.open(where), await StateStore.open(where)] as const;
  };

  it.skipIf(skip)('grants, revokes and lists authorities; a server sees another\'s write at its next snapshot', async () => {
    const [server, cli] = await open();
    const before = await server.snapshot();
    expect(await server.snapshot()).toBe(before); // nothing written: the same snapshot
    expect(await grantAuthority(cli, 'alice', 'cbioportal:study_es_0')).toBe(true);
    expect(await grantAuthority(cli, 'alice', 'cbioportal:study_es_0')).toBe(false);
    expect(await grantAuthority(cli, 'alice', 'cbioportal:ALL')).toBe(true);
    expect(await grantAuthority(cli, 'bob', 'cbioportal:PUBLIC')).toBe(true);
    expect((await server.snapshot()).authorities.get('alice')).toEqual(['cbioportal:ALL', 'cbioportal:study_es_0']);
    expect(await revokeAuthority(cli, 'alice', 'cbioportal:ALL')).toBe(true);
    expect(await revokeAuthority(cli, 'alice', 'cbioportal:ALL')).toBe(false);
    expect(await revokeAuthority(cli, 'bob', 'cbioportal:PUBLIC')).toBe(true);
    expect((await server.snapshot()).authorities.get('alice')).toEqual(['cbioportal:study_es_0']);
    expect((await server.snapshot()).authorities.has('bob')).toBe(false);
    expect(await listUsers(server)).toEqual([
      { user: 'alice', enabled: true, authorities: ['cbioportal:study_es_0'] },
      { user: 'bob', enabled: true, authorities: [] },
    ]);
    await Promise.all([server.close(), cli.close()]);
  });

  it.skipIf(skip)('creates tokens (the oldest dropped beyond the maximum) and deletes them; a revoke shows at the next snapshot', async () => {
    const [server, other] = await open();
    const options = { ttlSeconds: 10, maxPerUser: 2 };
    const a = await createUuidToken(other, 'u', { ...options, now: T0 });
    const b = await createUuidToken(other, 'u', { ...options, now: T0 + 1 });
    await createUuidToken(other, 'v', { ...options, now: T0 + 2 });
    const c = await createUuidToken(other, 'u', { ...options, now: T0 + 3 });
    const { tokens } = await server.snapshot();
    expect([tokens.has(a.token), tokens.has(b.token), tokens.has(c.token), tokens.size]).toEqual([false, true, true, 3]);
    expect(tokens.get(c.token)).toEqual({ token: c.token, username: 'u', creation: T0 + 3, expiration: T0 + 10_003 });
    expect(await deleteUuidTokens(other, { token: b.token })).toBe(1);
    expect((await server.snapshot()).tokens.has(b.token)).toBe(false);
    expect(await deleteUuidTokens(other, { username: 'u' })).toBe(1);
    expect(await deleteUuidTokens(other, { username: 'u' })).toBe(0);
    expect([...(await server.snapshot()).tokens.values()].map((t) => t.username)).toEqual(['v']);
    await Promise.all([server.close(), other.close()]);
  });

  it.skipIf(skip)('stores, saves, publishes and deletes virtual studies', async () => {
    const [server, other] = await open();
    const data = { name: 'Cohort', studies: [{ id: 'study_es_0', samples: ['S1'] }] };
    expect(await insertVirtualStudy(other, { id: 'vs_pub', owner: 'pub', data, published: true }, T0)).toBe(true);
    expect(await insertVirtualStudy(other, { id: 'vs_pub', owner: 'pub', data, published: true }, T0)).toBe(false);
    expect(await saveVirtualStudy(other, { id: 'vs_1', owner: 'alice', data: { ...data, name: 'One' } }, T0 + 1, 2)).toBe('stored');
    expect(await saveVirtualStudy(other, { id: 'vs_1', owner: 'alice', data }, T0 + 2, 2)).toBe('taken');
    expect(await saveVirtualStudy(other, { id: 'vs_2', owner: 'alice', data }, T0 + 2, 2)).toBe('stored');
    expect(await saveVirtualStudy(other, { id: 'vs_3', owner: 'alice', data }, T0 + 3, 2)).toBe('full');
    const studies = (await server.snapshot()).virtualStudies;
    expect([...studies.keys()]).toEqual(['vs_pub', 'vs_1', 'vs_2']);
    expect(studies.get('vs_1')).toEqual({ id: 'vs_1', owner: 'alice', data: { ...data, name: 'One' }, published: false, created: T0 + 1 });
    await setPublished(other, 'vs_1', true, { ...data, name: 'One', pmid: '123' });
    expect((await server.snapshot()).virtualStudies.get('vs_1')).toMatchObject({ published: true, data: { pmid: '123' } });
    expect(await deleteSavedVirtualStudy(other, 'vs_1', 'alice')).toBe(false); // published: not a saved one any more
    expect(await deleteSavedVirtualStudy(other, 'vs_2', 'bob')).toBe(false);
    expect(await deleteSavedVirtualStudy(other, 'vs_2', 'alice')).toBe(true);
    await deleteVirtualStudy(other, 'vs_pub');
    expect([...(await server.snapshot()).virtualStudies.keys()]).toEqual(['vs_1']);
    await Promise.all([server.close(), other.close()]);
  });

  it.skipIf(skip)('stores sessions (the same owner-less one found again, the owner\'s count capped), lists and reads them back', async () => {
    const [server, other] = await open();
    const limits = { maxPerOwner: 3, deduplicated: true };
    const query = { gene_list: 'TP53' };
    expect(await insertSession(other, { id: 'm1', type: 'main_session', owner: 'anonymous', data: query }, T0, limits)).toBe('m1');
    expect(await insertSession(server, { id: 'm2', type: 'main_session', owner: 'anonymous', data: query }, T0, limits)).toBe('m1');
    expect(await readSession(server, 'main_session', 'm1')).toEqual({
      id: 'm1', type: 'main_session', owner: 'anonymous', data: JSON.stringify(query), checksum: expect.stringMatching(/^[0-9a-f]{32}$/), updated: T0,
    });
    expect(await readSession(server, 'group', 'm1')).toBeUndefined();
    const group = (id: string, origin: string[], at: number) =>
      insertSession(other, { id, type: 'group', owner: 'alice', data: { name: id }, origin, members: ['alice'] }, at, { maxPerOwner: 3, deduplicated: false });
    expect(await group('g1', ['b', 'a', 'a'], T0 + 1)).toBe('g1');
    expect(await group('g2', ['c'], T0 + 2)).toBe('g2');
    await setMember(server, 'group', 'g1', 'bob', true);
    await setMember(server, 'group', 'g1', 'bob', true); // already there: nothing changes
    expect((await sessionsOfUser(server, 'group', 'ALICE')).map((s) => s.id)).toEqual(['g1', 'g2']);
    expect((await sessionsOfUser(server, 'group', 'alice', ['a', 'b'])).map((s) => s.id)).toEqual(['g1']);
    expect(await memberIdsOf(server, 'group', 'bob')).toEqual(['g1']);
    // A list long enough that the sql tag binds it as one joined string (sql.ts).
    const ids = ['g2', ...Array.from({ length: 1500 }, (_, i) => `x${i}`), 'g1'];
    expect(await usersOf(server, 'group', ids)).toEqual(new Map([['g1', ['alice', 'bob']], ['g2', ['alice']]]));
    await setMember(server, 'group', 'g1', 'bob', false);
    expect(await memberIdsOf(server, 'group', 'bob')).toEqual([]);
    // Settings: one per owner, page and origin, replaced in place; the owner's count still holds.
    const settings = { id: 's1', type: 'settings' as const, owner: 'alice', page: 'study_view', origin: ['a'] };
    const merge = (extra: object) => (stored: unknown) => ({ ...(stored as object), ...extra });
    expect(await settingsOf(server, 'alice', 'study_view', ['a'])).toBeUndefined();
    expect(await putSettings(other, settings, merge({ x: 1 }), T0 + 3, 3)).toBe('stored');
    expect(await putSettings(other, settings, merge({ y: 2 }), T0 + 4, 3)).toBe('stored');
    expect(await settingsOf(server, 'Alice', 'study_view', ['a'])).toMatchObject({ id: 's1', data: JSON.stringify({ x: 1, y: 2 }), updated: T0 + 4 });
    expect(await putSettings(other, { ...settings, id: 's2', origin: ['b'] }, merge({}), T0 + 5, 3)).toBe('full');
    expect(await group('g3', [], T0 + 6)).toBe('full');
    await Promise.all([server.close(), other.close()]);
  });

  it.skipIf(skip)('finishes on one server an OAuth2 login started on another, once, until it lapses', async () => {
    const [server, other] = await open();
    await startLogin(server, 'login-1', { now: T0, lapses: T0 + 600_000 });
    await startLogin(server, 'login-2', { now: T0, lapses: T0 + 1_000 });
    expect(await finishLogin(other, 'login-1', T0 + 599_999)).toBe(true);
    expect(await finishLogin(other, 'login-1', T0 + 1)).toBe(false); // used
    expect(await finishLogin(other, 'login-2', T0 + 1_001)).toBe(false); // lapsed
    expect(await finishLogin(other, 'forged', T0)).toBe(false);
    await Promise.all([server.close(), other.close()]);
  });
});

describe.skipIf(BACKENDS[1].skip)('PostgreSQL shared by several servers', () => {
  const url = () => BACKENDS[1].location();

  it('creates its schema once when servers start at once, and again finds it there', async () => {
    const where = await url();
    const stores = await Promise.all([StateStore.open(where), StateStore.open(where), StateStore.open(where)]);
    expect(await grantAuthority(stores[0], 'alice', 'cbioportal:ALL')).toBe(true);
    const later = await StateStore.open(where);
    expect((await later.snapshot()).authorities.get('alice')).toEqual(['cbioportal:ALL']);
    await Promise.all([...stores, later].map((s) => s.close()));
  });

  it('keeps the per-owner count when two servers save at once', async () => {
    const where = await url();
    const servers = [await StateStore.open(where), await StateStore.open(where)];
    const saves = Array.from({ length: 16 }, (_, i) =>
      insertSession(servers[i % 2], { id: `s${i}`, type: 'group', owner: 'alice', data: { i } }, T0, { maxPerOwner: 5, deduplicated: false }));
    const answers = await Promise.all(saves);
    expect(answers.filter((a) => a !== 'full')).toHaveLength(5);
    const studies = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      saveVirtualStudy(servers[i % 2], { id: `v${i}`, owner: 'bob', data: { name: `v${i}` } }, T0, 3)));
    expect(studies.filter((a) => a === 'stored')).toHaveLength(3);
    await Promise.all(servers.map((s) => s.close()));
  });

  it('refuses a text PostgreSQL cannot hold as the request\'s error, not a failure', async () => {
    const store = await StateStore.open(await url());
    await expect(readSession(store, 'main_session', 'a\u0000b')).rejects.toBeInstanceOf(InvalidRequest);
    expect(await readSession(store, 'main_session', 'ab')).toBeUndefined(); // the connection is still usable
    await store.close();
  });

  it('says which server it could not reach, without its password', async () => {
    const refused = StateStore.open('postgresql://duck:secret@127.0.0.1:1/state');
    await expect(refused).rejects.toBeInstanceOf(StateStoreUnavailable);
    await expect(refused).rejects.toThrow(/^state store postgresql:\/\/duck:\*\*\*@127\.0\.0\.1:1\/state: .*ECONNREFUSED/);
    const missing = (await url()).replace(/state_\d+$/, 'no_such_database');
    await expect(StateStore.open(missing)).rejects.toThrow(/database "no_such_database" does not exist/);
  });

  // Last: it stops the server.
  it('answers Busy (503) once the server is gone, rather than failing', async () => {
    const store = await StateStore.open(await url());
    await store.snapshot();
    if ('url' in postgres) await postgres.stop();
    await expect(store.snapshot()).rejects.toBeInstanceOf(Busy);
    await expect(grantAuthority(store, 'alice', 'cbioportal:ALL')).rejects.toBeInstanceOf(Busy);
    await store.close();
  });
});
