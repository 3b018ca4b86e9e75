import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStateUrl } from './state-url.js';

const dir = mkdtempSync(join(tmpdir(), 'duckportal-state-url-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'application.properties');
writeFileSync(config, 'duckportal.state.url=postgresql://file@db/state\n');

describe('readStateUrl', () => {
  it('takes the flag, else the environment, else the properties file; none: the file store', () => {
    expect(readStateUrl('postgres://flag@db/state', config, { DUCKPORTAL_STATE_URL: 'postgresql://env@db/state' })).toBe('postgres://flag@db/state');
    expect(readStateUrl(undefined, config, { DUCKPORTAL_STATE_URL: 'postgresql://env@db/state' })).toBe('postgresql://env@db/state');
    expect(readStateUrl(undefined, config, {})).toBe('postgresql://file@db/state');
    expect(readStateUrl(undefined, undefined, {})).toBeUndefined();
    expect(readStateUrl(undefined, undefined, { DUCKPORTAL_STATE_URL: '' })).toBeUndefined();
  });

  it('names the flag or property of a URL that is not PostgreSQL\'s, its password hidden', () => {
    expect(() => readStateUrl('mysql://duck:secret@db/state', undefined, {})).toThrow(
      'configuration: --state: not a postgresql:// URL (postgresql://user:password@host:5432/database): mysql://duck:***@db/state');
    expect(() => readStateUrl(undefined, undefined, { DUCKPORTAL_STATE_URL: 'postgresql://db:99999/state' })).toThrow(/^configuration: duckportal\.state\.url: not a postgresql:\/\/ URL/);
    expect(() => readStateUrl(undefined, undefined, { DUCKPORTAL_STATE_URL: '/var/lib/state.duckdb' })).toThrow(/duckportal\.state\.url/);
  });
});
