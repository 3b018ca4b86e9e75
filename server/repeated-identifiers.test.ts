// Long sampleIdentifiers (and custom samples, patientIdentifiers, identifiers) lists remembered across bodies: the parsed bodies equal JSON.parse's, the
// list is parsed once, and bad bodies are rejected as Fastify's own parser rejects them.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './config/limits.js';
import { rememberLongLists } from './repeated-identifiers.js';

let app: FastifyInstance;
const seen: unknown[] = [];
beforeAll(async () => {
  app = Fastify({ bodyLimit: 1 << 26 });
  rememberLongLists(app, DEFAULT_LIMITS.rememberedListsMaxBytes);
  app.post('/echo', async (request) => {
    seen.push(request.body);
    return request.body;
  });
  await app.ready();
});
afterAll(() => app.close());

const identifiers = (n: number, study = 'st') => Array.from({ length: n }, (_, i) => ({ studyId: study, sampleId: `sample-${i}` }));
const LIST = identifiers(40_000); // about 1.7 MB
const post = async (payload: string) => {
  const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });
  return { status: res.statusCode, body: res.json(), value: seen.at(-1) as Record<string, unknown> & { studyViewFilter?: Record<string, unknown> } };
};

describe('rememberLongLists', () => {
  it('gives what JSON.parse gives, the remembered list from the second body on, whatever surrounds it', async () => {
    const first = JSON.stringify({ sampleIdentifiers: LIST, clinicalDataFilters: [{ attributeId: 'AGE' }] });
    const a = await post(first);
    expect(a.value).toEqual(JSON.parse(first));
    const again = await post(first);
    expect(again.value).toEqual(JSON.parse(first));
    expect(again.value.sampleIdentifiers).toBe(a.value.sampleIdentifiers);
    expect(Object.isFrozen(again.value.sampleIdentifiers)).toBe(true);
    // The same list nested (a bin request), after other keys and with spaces around its colon.
    const nested = `{"attributes":[{"attributeId":"AGE"}],"studyViewFilter":{"studyIds":["st"],"sampleIdentifiers" :  ${JSON.stringify(LIST)}, "x": "[]"}}`;
    const b = await post(nested);
    expect(b.value).toEqual(JSON.parse(nested));
    expect(b.value.studyViewFilter?.sampleIdentifiers).toBe(a.value.sampleIdentifiers);
  });

  it('finds and compares lists by bytes when text around and inside them is not ASCII', async () => {
    const list = identifiers(40_000, 'étude').map((item, i) => (i % 1000 === 0 ? { ...item, sampleId: `${item.sampleId}-ü😀` } : item));
    const body = (before: string) => JSON.stringify({ label: before, sampleIdentifiers: list, after: 'ß' });
    const first = await post(body('ä'));
    expect(first.value).toEqual(JSON.parse(body('ä')));
    const again = await post(body('中文 text'));
    expect(again.value).toEqual(JSON.parse(body('中文 text')));
    expect(again.value.sampleIdentifiers).toBe(first.value.sampleIdentifiers);
  });

  it('parses a different list afresh, and small bodies and bodies naming the key twice as usual', async () => {
    const other = JSON.stringify({ sampleIdentifiers: identifiers(40_000, 'other') });
    const c = await post(other);
    expect(c.value).toEqual(JSON.parse(other));
    const twice = JSON.stringify({ sampleIdentifiers: LIST, studyViewFilter: { sampleIdentifiers: LIST.slice(0, 2) } });
    expect((await post(twice)).value).toEqual(JSON.parse(twice));
    // A list holding the key's text (as a value) is not remembered: only text after a remembered list is searched for a second key.
    const holdingKey = JSON.stringify({ sampleIdentifiers: [...LIST, { studyId: 'st', sampleId: 'sampleIdentifiers' }] });
    const d = await post(holdingKey);
    const e = await post(holdingKey);
    expect(e.value).toEqual(JSON.parse(holdingKey));
    expect(e.value.sampleIdentifiers).not.toBe(d.value.sampleIdentifiers);
    const small = JSON.stringify({ sampleIdentifiers: LIST.slice(0, 5) });
    expect((await post(small)).value).toEqual(JSON.parse(small));
  });

  it('rejects what Fastify rejects, around a remembered list too', async () => {
    const list = JSON.stringify(LIST);
    await post(JSON.stringify({ sampleIdentifiers: LIST }));
    for (const bad of [`{"sampleIdentifiers":${list},}`, `{"sampleIdentifiers":${list},"__proto__":{"x":1}}`, `{"a":1,"sampleIdentifiers":${list}`]) {
      const res = await post(bad);
      const usual = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: bad.replace(list, '[]') });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(usual.json());
    }
  });

  it('remembers a custom dataset\'s samples too, and both lists of one body, each on its own', async () => {
    const dataset = (value: string) => LIST.map((item) => ({ ...item, value }));
    const body = (values: string) => JSON.stringify({ attributes: [{ attributeId: 'x', samples: dataset(values) }], studyViewFilter: { sampleIdentifiers: LIST } });
    type Custom = { attributes: { samples: unknown[] }[]; studyViewFilter: { sampleIdentifiers: unknown[] } };
    const first = (await post(body('A'))).value as unknown as Custom;
    const again = (await post(body('A'))).value as unknown as Custom;
    expect(again).toEqual(JSON.parse(body('A')));
    expect(again.attributes[0].samples).toBe(first.attributes[0].samples);
    expect(again.studyViewFilter.sampleIdentifiers).toBe(first.studyViewFilter.sampleIdentifiers);
    // Another dataset with the same identifiers: the identifiers are given, the dataset parsed and remembered.
    const other = (await post(body('B'))).value as unknown as Custom;
    expect(other).toEqual(JSON.parse(body('B')));
    expect(other.studyViewFilter.sampleIdentifiers).toBe(first.studyViewFilter.sampleIdentifiers);
    expect((await post(body('B'))).value.attributes).toEqual(other.attributes);
    expect(((await post(body('B'))).value as unknown as Custom).attributes[0].samples).toBe(other.attributes[0].samples);
  });

  it('remembers a survival request\'s patientIdentifiers too', async () => {
    const patients = LIST.map(({ studyId, sampleId }) => ({ studyId, patientId: sampleId }));
    const body = JSON.stringify({ patientIdentifiers: patients, attributeIdPrefix: 'OS' });
    const first = await post(body);
    const again = await post(body);
    expect(again.value).toEqual(JSON.parse(body));
    expect(again.value.patientIdentifiers).toBe(first.value.patientIdentifiers);
  });

  it("remembers a clinical data fetch's identifiers too", async () => {
    const entities = LIST.map(({ studyId, sampleId }) => ({ studyId, entityId: sampleId }));
    const body = JSON.stringify({ attributeIds: ['OS_STATUS'], identifiers: entities });
    const first = await post(body);
    const again = await post(body);
    expect(again.value).toEqual(JSON.parse(body));
    expect(again.value.identifiers).toBe(first.value.identifiers);
    // Not confused with the end of sampleIdentifiers.
    const both = JSON.stringify({ sampleIdentifiers: LIST, identifiers: entities });
    expect((await post(both)).value).toEqual(JSON.parse(both));
    expect((await post(both)).value.identifiers).toBe(first.value.identifiers);
  });

  it('parses as usual where one list names the other key inside it', async () => {
    // sampleIdentifiers items carrying a "samples" key, before and after being remembered.
    const nested = JSON.stringify({ sampleIdentifiers: LIST.map((item, i) => (i === 5 ? { ...item, samples: LIST.slice(0, 3) } : item)), attributes: [{ samples: LIST }] });
    for (let i = 0; i < 3; i++) expect((await post(nested)).value).toEqual(JSON.parse(nested));
    const dataset = JSON.stringify({ attributes: [{ samples: LIST }] });
    await post(dataset);
    const inside = JSON.stringify({ sampleIdentifiers: [...LIST.slice(0, 10), { studyId: 'st', sampleId: 'x', samples: LIST }], attributes: [] });
    for (let i = 0; i < 2; i++) expect((await post(inside)).value).toEqual(JSON.parse(inside));
  });
});

describe('the byte budget of the remembered lists', () => {
  /** An app of its own remembering within `maxBytes`, and a poster that answers the parsed body. */
  const appWithin = async (maxBytes: number) => {
    const small = Fastify({ bodyLimit: 1 << 26 });
    rememberLongLists(small, maxBytes);
    small.post('/echo', async (request) => ({ ok: true, body: request.body }));
    const bodies: unknown[] = [];
    small.addHook('preHandler', async (request) => void bodies.push(request.body));
    await small.ready();
    const send = async (payload: string) => {
      const res = await small.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(200);
      return bodies.at(-1) as { sampleIdentifiers: unknown[] };
    };
    return { app: small, send };
  };
  // Three lists of one shape (so of one size): same study, ids of one length.
  const body = (prefix: string) => JSON.stringify({ sampleIdentifiers: LIST.map((item) => ({ ...item, sampleId: `${prefix}${item.sampleId}` })) });
  const [A, B, C] = [body('a'), body('b'), body('c')];

  it('counts the text and the parsed objects of each list', async () => {
    const { app: roomy, send } = await appWithin(DEFAULT_LIMITS.rememberedListsMaxBytes);
    try {
      await send(A);
      const text = Buffer.byteLength(A) - '{"sampleIdentifiers":}'.length;
      const held = roomy.rememberedLists.bytes;
      // The parsed list: 40,000 objects of two strings each, far more than its text.
      expect(held).toBeGreaterThan(text + 40_000 * (24 + 2 * 24));
      expect(held).toBeLessThan(text * 4);
      await send(B);
      expect([roomy.rememberedLists.size, roomy.rememberedLists.bytes]).toEqual([2, 2 * held]);
    } finally {
      await roomy.close();
    }
  });

  it('drops the least recently used lists beyond the budget, and answers as before once they are gone', async () => {
    const { app: probe, send: probeSend } = await appWithin(DEFAULT_LIMITS.rememberedListsMaxBytes);
    await probeSend(A);
    const one = probe.rememberedLists.bytes;
    await probe.close();
    const { app: small, send } = await appWithin(Math.floor(2.5 * one));
    try {
      const a = await send(A);
      const b = await send(B);
      expect((await send(A)).sampleIdentifiers).toBe(a.sampleIdentifiers); // A used last, B least recently
      const c = await send(C);
      expect([small.rememberedLists.size, small.rememberedLists.bytes]).toEqual([2, 2 * one]);
      // B was dropped: parsed afresh (the same value, another array), and remembered again in place of A.
      const bAgain = await send(B);
      expect(bAgain).toEqual(JSON.parse(B));
      expect(bAgain.sampleIdentifiers).not.toBe(b.sampleIdentifiers);
      expect((await send(C)).sampleIdentifiers).toBe(c.sampleIdentifiers);
      const aAgain = await send(A);
      expect(aAgain).toEqual(JSON.parse(A));
      expect(aAgain.sampleIdentifiers).not.toBe(a.sampleIdentifiers);
      expect(small.rememberedLists.bytes).toBeLessThanOrEqual(small.rememberedLists.maxBytes);
    } finally {
      await small.close();
    }
  });

  it('does not remember a list larger than the whole budget, and parses it as usual', async () => {
    const { app: tiny, send } = await appWithin(1_000_000);
    try {
      const first = await send(A);
      const again = await send(A);
      expect(again).toEqual(JSON.parse(A));
      expect(again.sampleIdentifiers).not.toBe(first.sampleIdentifiers);
      expect(Object.isFrozen(again.sampleIdentifiers)).toBe(false);
      expect([tiny.rememberedLists.size, tiny.rememberedLists.bytes]).toEqual([0, 0]);
    } finally {
      await tiny.close();
    }
  });
});
