// Long sampleIdentifiers (and custom samples, patientIdentifiers) lists remembered across bodies: the parsed bodies equal JSON.parse's, the
// list is parsed once, and bad bodies are rejected as Fastify's own parser rejects them.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberLongLists } from './repeated-identifiers.js';

let app: FastifyInstance;
const seen: unknown[] = [];
beforeAll(async () => {
  app = Fastify({ bodyLimit: 1 << 26 });
  rememberLongLists(app);
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
