// A TypeScript client generated from our OpenAPI description (openapi-typescript) type-checks
// against the front end's calls: each of the 97 operations its code calls on its CBioPortalAPI and
// CBioPortalAPIInternal clients, by cBioPortal's operationId, with its body and answer typed as
// exactly cBioPortal's model (front-end-operations.json: read from the front end's generated
// descriptions), its parameters, and its body parameter named as cBioPortal's clients name it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../helpers/app.js';

interface FrontEndOperation {
  group: 'public' | 'internal';
  method: string;
  path: string;
  body?: { name: string; type: string };
  /** Our body is a wider variant of the model (inline): it must accept the model's values. */
  bodyAccepts?: boolean;
  response?: string;
  pathParameters?: string[];
  queryParameters?: string[];
}
const OPERATIONS = JSON.parse(readFileSync(new URL('./front-end-operations.json', import.meta.url), 'utf8')) as Record<string, FrontEndOperation>;

/** Where we knowingly differ from the front end's descriptions. */
const OURS: Record<string, Partial<FrontEndOperation>> = {
  // GET /studies and /studies/{id} answer v7's shape (cancerType's key `id`, resourceCounts; api.md 29 #3, #4).
  getAllStudiesUsingGET: { response: 'CancerStudyMetadata[]' },
  getStudyUsingGET: { response: 'CancerStudyMetadata' },
  // The front end's converter names these bodies from cBioPortal's description text, quotes and
  // brackets included ("fillThisOneIfYouWant…,EG. [\"tcgaA1A0Sd01\", …]"), which no client can use.
  fetchCorrelatedGenesUsingPOST: { body: { name: 'sampleIdsToQueryACustomSubset', type: 'string[]' } },
  fetchGenesetHierarchyInfoUsingPOST: { body: { name: 'sampleIdsToQueryACustomSubset', type: 'string[]' } },
  // A custom chart's attributes may carry its samples (custom data without a saved session).
  fetchCustomDataCountsUsingPOST: { bodyAccepts: true },
  fetchCustomDataBinCountsUsingPOST: { bodyAccepts: true },
};

let app: FastifyInstance;
let dir: string;
beforeAll(async () => {
  app = await openTestApp([]);
  dir = mkdtempSync(join(tmpdir(), 'duckportal-client-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await app.close();
});

/** The operations of a description by operationId (the front end's path may be an alias of ours: generic_assay_meta). */
function byOperationId(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Map<string, Record<string, unknown>> {
  return new Map(Object.values(doc.paths).flatMap((item) => Object.values(item)).map((op) => [String(op.operationId), op]));
}

/** A TypeScript type of a model name as the table writes it (`Sample[]`, `string[]`, `number`). */
function typeOf(name: string): string {
  if (name.endsWith('[]')) return `(${typeOf(name.slice(0, -2))})[]`;
  if (['string', 'number', 'boolean'].includes(name)) return name;
  if (name === 'object') return 'Record<string, unknown>';
  return `components['schemas']['${name}']`;
}

/** The checks of one operation: the generated types must hold cBioPortal's names and models. */
function callsOf(id: string, o: FrontEndOperation): string {
  const op = `operations['${id}']`;
  const lines = [`type Op_${id} = ${op};`];
  // NonNullable: a body cBioPortal lets a client leave out may be null.
  const body = `NonNullable<NonNullable<${op}['requestBody']>['content']['application/json']>`;
  if (o.body) lines.push(`export const body_${id}: ${o.bodyAccepts ? 'Accepts' : 'Same'}<${body}, ${typeOf(o.body.type)}> = true;`);
  if (o.response) lines.push(`export const answer_${id}: Same<Answer<Op_${id}>, ${typeOf(o.response)}> = true;`);
  if (o.pathParameters) lines.push(`export const path_${id}: Has<${op}['parameters']['path'], ${o.pathParameters.map((p) => `'${p}'`).join(' | ')}> = true;`);
  if (o.queryParameters) lines.push(`export const query_${id}: Has<${op}['parameters']['query'], ${o.queryParameters.map((p) => `'${p}'`).join(' | ')}> = true;`);
  return lines.join('\n');
}

const PRELUDE = `import type { components, operations } from './api.js';
/** true only when A and B are the same type (each assignable to the other, invariantly). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
/** true when every value of B is one of A. */
type Accepts<A, B> = [B] extends [A] ? true : false;
/** true only when T declares every key K. */
type Has<T, K extends PropertyKey> = K extends keyof NonNullable<T> ? true : false;
type Answer<O> = O extends { responses: { 200: { content: { 'application/json': infer A } } } } ? A : never;
`;

describe('a TypeScript client generated from our description', () => {
  it('has cBioPortal\'s operations, models and parameters for every call of the front end', async () => {
    expect(Object.keys(OPERATIONS)).toHaveLength(97);
    const doc = (await app.inject('/api/v3/api-docs')).json();
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(doc)));
    const calls = Object.entries(OPERATIONS).map(([id, o]) => callsOf(id, { ...o, ...OURS[id] }));
    writeFileSync(join(dir, 'calls.ts'), PRELUDE + calls.join('\n'));
    const program = ts.createProgram([join(dir, 'calls.ts')], {
      strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: [],
    });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const line = d.file && d.start !== undefined ? d.file.text.slice(0, d.start).split('\n').length : 0;
      const source = d.file?.text.split('\n')[line - 1] ?? '';
      return `${source.slice(0, 160)}\n  ${ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 300)}`;
    });
    expect(errors).toEqual([]);
  }, 120_000);

  it('names each body parameter as cBioPortal\'s clients do, in both descriptions', async () => {
    const v3 = byOperationId((await app.inject('/api/v3/api-docs')).json());
    const v2 = byOperationId((await app.inject('/api/v2/api-docs')).json());
    for (const [id, o] of Object.entries(OPERATIONS)) {
      const body = { ...o, ...OURS[id] }.body;
      if (!body) continue;
      expect(v3.get(id)?.['x-codegen-request-body-name'], id).toBe(body.name);
      const parameters = (v2.get(id)?.parameters ?? []) as { in: string; name: string }[];
      expect(parameters.find((p) => p.in === 'body')?.name, id).toBe(body.name);
    }
  });

  it('serves each operation in cBioPortal\'s group (/api/v3/api-docs/public or /internal)', async () => {
    const groups = {
      public: byOperationId((await app.inject('/api/v3/api-docs/public')).json()),
      internal: byOperationId((await app.inject('/api/v3/api-docs/internal')).json()),
    };
    for (const [id, o] of Object.entries(OPERATIONS)) {
      expect(groups[o.group].has(id), id).toBe(true);
      expect(groups[o.group === 'public' ? 'internal' : 'public'].has(id), id).toBe(false);
    }
  });
});
