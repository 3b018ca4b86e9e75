// The fuzz suite (issue 21): every operation of /api/v3/api-docs gets malformed variants in every
// slot, over real HTTP to a real `duckportal serve` process. Pass: no answer ≥ 500, no process exit,
// no hang (every answer within 10 s), and the server's resident memory after the suite within 20% of
// what it was after a warm-up pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseRequests, type BaseRequest } from './base-requests.js';
import { FuzzClient } from './client.js';
import { noFindings, record, runAll, type Findings } from './runner.js';
import { buildStore, ServerProcess } from './server-process.js';
import { Plan, variantsOf } from './variants.js';
import type { RequestBuilder } from '../helpers/api-requests.js';

const STUDIES = ['study_es_0', 'lgg_ucsf_2014_test_generic_assay'];

let store: Awaited<ReturnType<typeof buildStore>>;
beforeAll(async () => { store = await buildStore(STUDIES); }, 180_000);
afterAll(() => store?.remove());

/** A started server, a client of it and the valid request of every operation. */
async function open(log: string) {
  const server = new ServerProcess(store.db, `${store.dir}/${log}`);
  await server.start();
  const client = new FuzzClient(() => server.port);
  const get = async (path: string) => JSON.parse((await client.send({ name: path, method: 'GET', path })).body) as unknown;
  const { builder, bases } = await baseRequests(get, STUDIES);
  return { server, client, builder, bases };
}

const report = (f: Findings) => ({ serverErrors: f.serverErrors, exits: f.exits, hangs: f.hangs, unparsable: f.unparsable, unanswered: f.unanswered });

describe('every operation, malformed in every slot', () => {
  let server: ServerProcess;
  let client: FuzzClient;
  let builder: RequestBuilder;
  let bases: BaseRequest[];
  beforeAll(async () => ({ server, client, builder, bases } = await open('server.log')), 120_000);
  afterAll(async () => { client?.close(); await server?.stop(); });

  it('answers below 500, within 10 s, stays up and gives its memory back', async () => {
    // Warm-up: every valid request twice. An operation whose valid answer is over 1 MB gets a few values per slot.
    const warmUp = noFindings();
    const heavy = new Set<string>();
    for (const { operation, request } of bases) {
      const valid = variantsOf(operation, request, builder)[0];
      const outcome = await client.send(valid);
      record(warmUp, server, valid.name, outcome);
      if (outcome.body.length > 1_000_000) heavy.add(operation.operationId);
    }
    await runAll(server, client, bases.map(({ operation, request }) => variantsOf(operation, request, builder)[0]), warmUp);
    const plan = new Plan();
    const variants = bases.flatMap(({ operation, request }) => variantsOf(operation, request, builder, plan, heavy.has(operation.operationId)).slice(1));
    const before = await server.rssMb();
    const findings = noFindings();
    const started = Date.now();
    await runAll(server, client, variants, findings);
    const after = await server.rssMb();
    console.log(`fuzz: ${findings.sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; server RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB`);
    expect(report(warmUp)).toEqual(report(noFindings()));
    expect(report(findings)).toEqual(report(noFindings()));
    expect(server.alive).toBe(true);
    expect(after).toBeLessThan(before * 1.2);
  }, 900_000);
});
