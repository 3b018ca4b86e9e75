// Answers kept compressed: sent again from their bytes, per encoding, and only when whole and large.
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './config/limits.js';
import { installHttp } from './plugins/http.js';
import { carries } from './carry-over.js';
import { KeptAnswers } from './kept-answers.js';

/** A JSON array of n items, in 64 KB chunks; about 1 MB per 25,000 items, compressing ~10 fold. */
function answerOf(n: number): Buffer[] {
  const text = JSON.stringify(Array.from({ length: n }, (_, i) => ({ sampleId: `S-${i}`, value: (i * 7919) % 1000 })));
  const bytes = Buffer.from(text);
  return Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));
}
const decoders = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };

let app: FastifyInstance;
let answers: KeptAnswers;
/** How often each key's answer was computed. */
const computed = new Map<string, number>();
beforeAll(async () => {
  app = Fastify();
  await installHttp(app, { limits: DEFAULT_LIMITS, loginRequired: false });
  answers = new KeptAnswers({ budgetBytes: 600_000 });
  const compute = (key: string) => computed.set(key, (computed.get(key) ?? 0) + 1);
  // /answer/<n>: n items, as chunks or (?stream=1) a stream; ?fail=1: a stream failing halfway;
  // ?study=<id>: read from that study only.
  app.get<{ Params: { n: string }; Querystring: { stream?: string; fail?: string; study?: string } }>('/answer/:n', async (request, reply) => {
    const key = `${request.params.n}${request.query.fail !== undefined ? 'fail' : ''}`;
    return answers.send(request, reply, key, () => {
      compute(key);
      const chunks = answerOf(Number(request.params.n));
      if (request.query.fail !== undefined) {
        return Readable.from((async function* () {
          yield* chunks.slice(0, chunks.length / 2);
          throw new Error('the store went away');
        })());
      }
      return request.query.stream !== undefined ? Readable.from(chunks) : chunks;
    }, request.query.study === undefined ? undefined : [request.query.study]);
  });
});
afterAll(() => app.close());

const get = (url: string, encoding?: string) => app.inject({ url, headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), origin: 'http://example.org' } });
const expected = (n: number) => Buffer.concat(answerOf(n));

describe('KeptAnswers', () => {
  it('sends an answer as it is, with its length, to a client accepting no compression, and keeps nothing', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/answer/20000');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBe(String(expected(20000).length));
      expect(res.rawPayload.equals(expected(20000))).toBe(true);
    }
    expect(computed.get('20000')).toBe(2);
    expect(answers.size).toBe(0);
  });

  it('compresses an answer once per encoding and sends the kept bytes again', async () => {
    for (const encoding of ['br', 'gzip', 'deflate'] as const) {
      const first = await get('/answer/30000?stream=1', encoding);
      const again = await get('/answer/30000?stream=1', encoding);
      for (const res of [first, again]) {
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['vary']).toBe('Origin, accept-encoding');
        expect(decoders[encoding](res.rawPayload).equals(expected(30000))).toBe(true);
      }
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(again.headers['content-length']).toBe(String(again.rawPayload.length));
    }
    expect(computed.get('30000')).toBe(3);
  });

  it('chooses among the encodings as the compression plugin does', async () => {
    expect((await get('/answer/30000?stream=1', 'gzip;q=0.5, br;q=0.9')).headers['content-encoding']).toBe('br');
    expect((await get('/answer/30000?stream=1', 'x-gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/answer/30000?stream=1', '*')).headers['content-encoding']).toBe('gzip');
    expect((await get('/answer/30000?stream=1', 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('does not keep failed answers, nor any over a quarter of its budget', async () => {
    // 40,000 items: ~190 KB in gzip, over 600 / 4.
    for (let i = 0; i < 2; i++) expect(gunzipSync((await get('/answer/40000', 'gzip')).rawPayload).equals(expected(40000))).toBe(true);
    expect(computed.get('40000')).toBe(2);
    // The headers are gone by then: the response is cut short.
    for (let i = 0; i < 2; i++) await expect(get('/answer/30000?fail=1', 'gzip')).rejects.toThrow(/destroyed/);
    expect(computed.get('30000fail')).toBe(2);
  });

  it('drops the least recently sent answers beyond its budget', async () => {
    // Each 20,000-item answer is ~95 KB in gzip: the budget of 600 KB holds six.
    for (let n = 20001; n <= 20008; n++) await get(`/answer/${n}`, 'gzip');
    for (const n of [20003, 20008]) await get(`/answer/${n}`, 'gzip');
    expect(computed.get('20003')).toBe(1);
    expect(computed.get('20008')).toBe(1);
    await get('/answer/20001', 'gzip');
    expect(computed.get('20001')).toBe(2);
  });

  it("passes the answers read from unchanged studies to a later generation's", async () => {
    for (const url of ['/answer/101?study=b', '/answer/102?study=a', '/answer/103']) await get(url, 'gzip');
    const earlier = answers;
    answers = new KeptAnswers({ budgetBytes: 600_000 });
    try {
      expect(answers.carryFrom(earlier, (dependsOn) => carries(dependsOn, new Set(['b'])))).toBe(1);
      expect([answers.size, answers.carried]).toEqual([1, 1]);
      for (const url of ['/answer/101?study=b', '/answer/102?study=a', '/answer/103']) expect(gunzipSync((await get(url, 'gzip')).rawPayload).equals(expected(Number(url.slice(8, 11))))).toBe(true);
      expect([101, 102, 103].map((n) => computed.get(String(n)))).toEqual([1, 2, 2]);
    } finally {
      answers = earlier;
    }
  });
});
