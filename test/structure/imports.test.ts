// The layering of the tree (STYLE.md): engine/ never imports server/ or loaders/, server/ never
// imports loaders/, and only engine/sql/ talks to @duckdb/node-api directly (loaders may append).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(ROOT, dir, name);
    if (statSync(path).isDirectory()) return sources(relative(ROOT, path));
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

const importsOf = (file: string) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);

describe('layering', () => {
  it('engine/ imports neither server/ nor loaders/', () => {
    const bad = sources('engine').filter((f) => importsOf(f).some((i) => /\/(server|loaders)\//.test(i)));
    expect(bad).toEqual([]);
  });

  it('server/ does not import loaders/', () => {
    const bad = sources('server').filter((f) => importsOf(f).some((i) => /\/loaders\//.test(i)));
    expect(bad).toEqual([]);
  });

  it('only engine/sql/ and the loaders\' appender code import @duckdb/node-api', () => {
    const users = [...sources('engine'), ...sources('server'), ...sources('loaders')].filter((f) => importsOf(f).includes('@duckdb/node-api'));
    expect(users.filter((f) => !f.startsWith('engine/sql/') && !f.startsWith('loaders/'))).toEqual([]);
  });
});
