// The fuzz suite (issue 21): every operation of /api/v3/api-docs gets malformed variants in every
// slot, over real HTTP to a real `duckportal serve` process. Pass: no answer ≥ 500, no process exit,
// no hang (every answer within 10 s), and the server's resident memory after a second pass (a third
// of the variants, spread over every operation and slot kind) within 20% of what it was after the
// first pass over all of them (which fills the budgeted caches).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseRequests, type BaseRequest } from './base-requests.js';
import { FuzzClient, sendRaw, type FuzzRequest } from './client.js';
import { gzipBomb, gzipVariants, truncatedRequest } from './gzip-variants.js';
import { noFindings, record, runAll, type Findings } from './runner.js';
import { buildStore, ServerProcess } from '../helpers/server-process.js';
import { Plan, variantsOf } from './variants.js';
import type { RequestBuilder } from '../helpers/api-requests.js';

const STUDIES = ['study_es_0', 'lgg_ucsf_2014_test_generic_assay'];

let store: Awaited<ReturnType<typeof buildStore>>;
/** One server for the file: the encoded bodies' part runs first, on it fresh; the operations' part after. */
let server: ServerProcess;
let client: FuzzClient;
beforeAll(async () => {
  store = await buildStore(STUDIES);
  server = new ServerProcess(store.db, `${store.dir}/server.log`);
  await server.start();
  client = new FuzzClient(() => server.port);
}, 180_000);
afterAll(async () => {
  client?.close();
  await server?.stop();
  store?.remove();
});

const report = (f: Findings) => ({ serverErrors: f.serverErrors, exits: f.exits, hangs: f.hangs, unparsable: f.unparsable, unanswered: f.unanswered });

describe('request bodies that claim an encoding', () => {
  it('answers bad, truncated and bomb gzip bodies below 500, stays up and gives its memory back', async () => {
    const targets: [string, string][] = [
      ['/api/clinical-attributes/fetch', '["study_es_0"]'],
      ['/api/filtered-samples/fetch', '{"studyIds":["study_es_0"]}'],
      ['/api/mutations/fetch', '{"molecularProfileIds":["study_es_0_mutations"],"entrezGeneIds":[7157]}'],
    ];
    const bombs: FuzzRequest[] = targets.map(([path]) => ({ name: `POST ${path} gzip: bomb`, method: 'POST', path, body: gzipBomb(), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }));
    const findings = noFindings();
    const warmUp = noFindings();
    for (const [path, body] of targets) record(warmUp, server, `${path} warm-up`, await client.send(gzipVariants('POST', path, body)[0]));
    // As many bombs at once as inflate at once (duckportal.body.max_concurrent_inflations): the
    // allocator's arenas reach the size they keep before memory is measured.
    for (const outcome of await Promise.all(bombs.slice(0, 2).map((bomb) => client.send(bomb)))) record(warmUp, server, 'bomb warm-up', outcome);
    const before = await server.rssMb();
    const started = Date.now();
    const requests: FuzzRequest[] = [
      // The one-request crash: a GET naming gzip with no body.
      { name: 'GET /api/health gzip: no body', method: 'GET', path: '/api/health', headers: { 'content-encoding': 'gzip' } },
      ...targets.flatMap(([path, body]) => gzipVariants('POST', path, body)),
      ...bombs,
    ];
    await runAll(server, client, requests, findings, 40);
    // Bombs at once, then streams cut short: the client ends its side, or vanishes.
    await runAll(server, client, [...bombs, ...bombs], findings, 40);
    for (const [path, body] of targets) {
      for (const chunked of [false, true]) {
        for (const close of ['end', 'destroy'] as const) {
          const outcome = await sendRaw(server.port, truncatedRequest(server.port, path, body, chunked), close);
          // A cut stream may get a 400 or no answer at all; never a 5xx, an exit or a hang.
          if (record(findings, server, `POST ${path} gzip: cut short (${chunked ? 'chunked' : 'content-length'}, ${close})`, outcome)) await server.reviveIfDead();
        }
      }
    }
    findings.unanswered = findings.unanswered.filter((u) => !u.includes('cut short'));
    const after = await server.settledRssMb(before * 1.2);
    console.log(`fuzz gzip: ${findings.sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; server RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB; restarts ${server.restarts}`);
    expect(report(warmUp)).toEqual(report(noFindings()));
    expect(report(findings)).toEqual(report(noFindings()));
    expect(server.restarts).toBe(0);
    expect(server.alive).toBe(true);
    expect(after).toBeLessThan(before * 1.2);
  }, 300_000);
});

describe('every operation, malformed in every slot', () => {
  let builder: RequestBuilder;
  let bases: BaseRequest[];
  beforeAll(async () => {
    const get = async (path: string) => JSON.parse((await client.send({ name: path, method: 'GET', path })).body) as unknown;
    ({ builder, bases } = await baseRequests(get, STUDIES));
  }, 120_000);

  it('answers below 500, within 10 s, stays up and gives its memory back', async () => {
    // Warm-up: every valid request twice. An operation whose valid answer is over 1 MB gets one value per slot.
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
    const variantsOfOps = (ops: BaseRequest[]) => ops.flatMap(({ operation, request }) => variantsOf(operation, request, builder, plan, heavy.has(operation.operationId)).slice(1));
    const light = variantsOfOps(bases.filter((b) => !heavy.has(b.operation.operationId)));
    // Large answers one at a time: four at once would queue each behind the others' seconds.
    const large = variantsOfOps(bases.filter((b) => heavy.has(b.operation.operationId)));
    const before = await server.rssMb();
    // Two passes. The first, of every variant, fills what the server keeps by design, each within its
    // budget (lookups per filter and profile, cohorts, kept answers); the second must then leave
    // memory where it found it: what grows pass after pass is a leak. It exists for that check
    // alone, so it sends every third variant (each operation's, of every slot kind) again.
    const findings = noFindings();
    const started = Date.now();
    const pass = async (share: (variants: FuzzRequest[]) => FuzzRequest[]) => {
      await runAll(server, client, share(light), findings);
      await runAll(server, client, share(large), findings, 3, 1);
    };
    await pass((all) => all);
    const first = await server.rssMb();
    await pass((all) => all.filter((_, i) => i % 3 === 0));
    const after = await server.settledRssMb(first * 1.2);
    console.log(`fuzz: ${findings.sent} requests (every variant, then a third of them again) in ${((Date.now() - started) / 1000).toFixed(1)} s; server RSS ${before.toFixed(0)} after the warm-up, ${first.toFixed(0)} after the first pass, ${after.toFixed(0)} MB after the second`);
    expect(report(warmUp)).toEqual(report(noFindings()));
    expect(report(findings)).toEqual(report(noFindings()));
    expect(server.alive).toBe(true);
    expect(after).toBeLessThan(first * 1.2);
  }, 900_000);

  it('answers the requests that had a 500 (issue 21) with their 4xx, or ignores what the operation does not declare', async () => {
    const attributes = (query: string) => client.send({ name: query, method: 'POST', path: `/api/clinical-attributes/fetch?${query}`, body: '["study_es_0"]', headers: { 'content-type': 'application/json' } });
    const all = await attributes('');
    expect(all.status).toBe(200);
    // Only `projection` is declared: paging and sortBy are ignored (api.md 1.3, 8).
    for (const query of ['pageNumber=-1', 'pageSize=-5', 'pageSize=abc', 'pageNumber=abc', 'pageNumber=1e308', "sortBy=x'", 'sortBy=__proto__', 'sortBy=constructor']) {
      expect(await attributes(query), query).toMatchObject({ status: 200, body: all.body });
    }
    const get = (path: string) => client.send({ name: path, method: 'GET', path });
    for (const value of ['1e308', '9223372036854775808', 'Infinity', '2147483648']) {
      expect(JSON.parse((await get(`/api/genesets?pageNumber=${value}`)).body)).toEqual({ message: 'Request parameter type mismatch: pageNumber must be integer' });
    }
    for (const name of ['__proto__', 'constructor', "x'"]) {
      const res = await get(`/api/studies/study_es_0/clinical-attributes?sortBy=${encodeURIComponent(name)}`);
      expect(res.status, name).toBe(400);
      expect(JSON.parse(res.body).message).toMatch(/^Request parameter type mismatch: sortBy/);
    }
    const percentile = await client.send({ name: 'percentile', method: 'POST', path: '/api/molecular-profiles/study_es_0_mrna/mrna-percentile/fetch?sampleId=TCGA-A1-A0SB-01', body: '[2147483648]', headers: { 'content-type': 'application/json' } });
    expect(percentile).toMatchObject({ status: 400, body: JSON.stringify({ message: 'There is an error in the JSON format of the request payload' }) });
  });
});
