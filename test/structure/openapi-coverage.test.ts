// The served OpenAPI description covers every core endpoint of ../shared/spec/api.md (sections
// 3-21, 22.1, 24, 25, 28: everything but Study View, statistics, tokens and virtual studies) and,
// for the GET/POST rows of its tables, every query parameter the table names; and every endpoint
// of ../shared/spec/seed.md section 4 with the query parameters its tables name (tokens and
// virtual studies excepted: they belong to the security issue).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';
import { SHARED } from '../helpers/store.js';

interface Endpoint {
  method: string;
  path: string;
  params: string[];
}

const CORE_SECTIONS = new Set([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25, 28]);
/** Served outside the OpenAPI description on purpose: the descriptions themselves. */
const UNDESCRIBED = new Set(['GET /api/v2/api-docs', 'GET /api/v3/api-docs']);

function specEndpoints(): Endpoint[] {
  const text = readFileSync(join(SHARED, 'spec/api.md'), 'utf8');
  const endpoints = new Map<string, Endpoint>();
  for (const section of text.split(/\n(?=## \d+\.)/)) {
    const number = Number(/^## (\d+)\./.exec(section)?.[1]);
    if (!CORE_SECTIONS.has(number)) continue;
    // 22.2 co-expression belongs to the statistics issue.
    const body = number === 22 ? section.split('### 22.2')[0] : section;
    const add = (method: string, rawPath: string, params: string[] = []) => {
      const path = rawPath.split('?')[0];
      const key = `${method} ${path}`;
      if (!UNDESCRIBED.has(key) && !endpoints.has(key)) endpoints.set(key, { method, path, params });
    };
    for (const m of body.matchAll(/^\|\s*(GET|POST)\s*\|\s*`(\/api\/[^`]+)`\s*\|([^|]*)\|/gm)) {
      // Parameter names are the backticked words of the params column, before any body
      // description, outside the `∈ {...}` value lists, and not a body's "name `x`".
      const column = m[3].split(/\bbody\b/i)[0].replace(/\{[^}]*\}/g, '').replace(/name `[^`]+`/g, '');
      const params = [...column.matchAll(/`([a-z][A-Za-z]+)`/g)].map((p) => p[1]);
      add(m[1], m[2], params);
    }
    for (const m of body.matchAll(/###\s*[\d.]+\s*(GET|POST)\s+(\/api\/\S+)/g)) add(m[1], m[2]);
    for (const m of body.matchAll(/`(GET|POST) (\/api\/[^`\s]+)`/g)) add(m[1], m[2]);
  }
  return [...endpoints.values()];
}


/**
 * Endpoints of seed.md section 4: rows `| /api/... |` (POST unless under "GET endpoints") and
 * `| GET|POST /api/... |`; the Query column lists names, each possibly followed by "(...)".
 */
function seedEndpoints(): Endpoint[] {
  const text = readFileSync(join(SHARED, 'spec/seed.md'), 'utf8');
  const section = text.split(/\n(?=## \d+\.)/).find((s) => s.startsWith('## 4.'))!;
  const endpoints: Endpoint[] = [];
  for (const sub of section.split(/\n(?=### )/)) {
    const defaultMethod = sub.startsWith('### GET endpoints') ? 'GET' : 'POST';
    for (const m of sub.matchAll(/^\|\s*(?:(GET|POST|DELETE) )?(\/api\/[^\s|]+)\s*\|([^|]*)\|/gm)) {
      const query = m[3].replace(/\([^)]*\)/g, '');
      const params = /^\s*(none|same as above|.*array of)/.test(query) ? [] : query.split(',').map((p) => p.trim()).filter((p) => /^[a-z][A-Za-z]*$/.test(p));
      endpoints.push({ method: m[1] ?? defaultMethod, path: m[2], params });
    }
  }
  return endpoints.filter((e) => !UNDESCRIBED.has(`${e.method} ${e.path}`));
}

/** Path templates compared without their parameter names. */
const shape = (path: string) => path.replace(/\{[^}]+\}|<[^>]+>/g, '{}');

let app: FastifyInstance;
let served: Map<string, { parameters?: { name: string; in: string }[] }>;

beforeAll(async () => {
  app = await openTestApp(['study_hg38']);
  const doc = (await app.inject('/api/v3/api-docs')).json() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
  served = new Map();
  for (const [path, item] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(item)) served.set(`${method.toUpperCase()} ${shape(path)}`, op);
});
afterAll(() => app.close());

describe('OpenAPI coverage of api.md', () => {
  const endpoints = specEndpoints();

  it('reads the endpoint tables of the spec', () => {
    expect(endpoints.length).toBeGreaterThan(90);
  });

  it('describes every core endpoint', () => {
    const missing = endpoints.filter((e) => !served.has(`${e.method} ${shape(e.path)}`)).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  it('declares the query parameters each table row names', () => {
    const missing: string[] = [];
    for (const e of endpoints) {
      const op = served.get(`${e.method} ${shape(e.path)}`);
      if (!op) continue;
      const names = new Set((op.parameters ?? []).map((p) => p.name));
      for (const p of e.params) if (!names.has(p)) missing.push(`${e.method} ${e.path}: ${p}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('OpenAPI coverage of seed.md section 4', () => {
  const endpoints = seedEndpoints();
  // "same as above": the mutation fetch by profile takes the parameters of /api/mutations/fetch.
  const mutations = endpoints.find((e) => e.path === '/api/mutations/fetch');
  for (const e of endpoints) if (e.path.endsWith('/mutations/fetch') && e.params.length === 0) e.params = mutations?.params ?? [];

  it('reads the endpoint tables of the seed', () => {
    expect(endpoints.length).toBeGreaterThan(75);
    expect(endpoints.find((e) => e.path === '/api/clinical-data-violin-plots/fetch')?.params).toEqual([
      'categoricalAttributeId', 'numericalAttributeId', 'axisStart', 'axisEnd', 'numCurvePoints', 'logScale', 'sigmaMultiplier',
    ]);
  });

  it('describes every endpoint with the query parameters the seed names', () => {
    const missing: string[] = [];
    for (const e of endpoints) {
      const op = served.get(`${e.method} ${shape(e.path)}`);
      if (!op) {
        missing.push(`${e.method} ${e.path}`);
        continue;
      }
      const names = new Set((op.parameters ?? []).map((p) => p.name));
      for (const p of e.params) if (!names.has(p)) missing.push(`${e.method} ${e.path}: ${p}`);
    }
    expect(missing).toEqual([]);
  });
});
