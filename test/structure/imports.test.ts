// The layering of the tree (STYLE.md): engine/ never imports server/ or loaders/, server/ never
// imports loaders/, only engine/sql/ talks to @duckdb/node-api directly (loaders may append), and
// no module imports itself through others (type imports count: a cycle is one room, not several).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
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

  it('routes return typed rows: no `as never` in server/routes (the engine declares its row types, toApiObject maps them)', () => {
    const casts = sources('server/routes').filter((f) => /\bas never\b/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(casts).toEqual([]);
  });

  it('only engine/sql/ and the loaders\' appender code import @duckdb/node-api', () => {
    const users = [...sources('engine'), ...sources('server'), ...sources('loaders')].filter((f) => importsOf(f).includes('@duckdb/node-api'));
    expect(users.filter((f) => !f.startsWith('engine/sql/') && !f.startsWith('loaders/'))).toEqual([]);
  });
});

/** The modules of the project that `file` imports (relative imports, types and re-exports included). */
function localImportsOf(file: string, known: ReadonlySet<string>): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s+'(\.[^']+)'/g)]
    .map((m) => normalize(join(dirname(file), m[1])).replace(/\.js$/, '.ts'))
    .filter((path) => known.has(path));
}

/** Each cycle of the import graph of `files` once, as the list of its modules (Tarjan's strongly connected components of two or more). */
function importCycles(files: readonly string[]): string[][] {
  const known = new Set(files);
  return cyclesOf(new Map(files.map((f) => [f, localImportsOf(f, known)])));
}

function cyclesOf(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        component.push(w);
        if (w === v) break;
      }
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const f of edges.keys()) if (!index.has(f)) visit(f);
  return cycles;
}

describe('import cycles', () => {
  it('none: every module of engine/, server/, loaders/, cli/ and bench/ can be read before those importing it', () => {
    const files = ['engine', 'server', 'loaders', 'cli', 'bench'].flatMap((dir) => sources(dir)).filter((f) => !f.endsWith('.d.ts'));
    expect(importCycles(files)).toEqual([]);
  });

  it('are found: each strongly connected set of modules once', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a', 'd']], ['d', []], ['e', ['e', 'd']], ['f', ['g']], ['g', ['f']]]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['f', 'g']]);
  });

  it('read type imports and re-exports as imports', () => {
    expect(localImportsOf('engine/filter/compile.ts', new Set(['engine/filter/normalize.ts']))).toEqual(['engine/filter/normalize.ts']);
    expect(localImportsOf('engine/study-view/study-view-plots.ts', new Set(['engine/filter/normalize.ts']))).toEqual(['engine/filter/normalize.ts']);
  });
});
